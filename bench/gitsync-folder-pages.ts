import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';

/**
 * A Git Sync folder of `count` pages as GitBook lays one out: 10 groups of sections, each a README.md with
 * subpages, pages of about 1.5 KB (headings, paragraphs, a list, a code block, a hint, links to other pages, an
 * image of the folder's assets).
 */
export async function writeBenchFolder(root: string, count: number): Promise<void> {
  const perSection = 10;
  const sections = Math.ceil(count / perSection);
  const groups = Math.min(10, sections);
  const summary = ['# Table of contents', ''];
  const files = new Map<string, string | Buffer>();
  let page = 0;
  for (let g = 0; g < groups && page < count; g++) {
    summary.push(`## Group ${g}`, '');
    for (let s = g; s < sections && page < count; s += groups) {
      const dir = `group-${g}/section-${s}`;
      files.set(`${dir}/README.md`, pageMarkdown(`Section ${s}`, page++, '../../'));
      summary.push(`* [Section ${s}](${dir}/README.md)`);
      for (let c = 1; c < perSection && page < count; c++) {
        files.set(`${dir}/page-${c}.md`, pageMarkdown(`Page ${s}.${c}`, page++, '../../'));
        summary.push(`  * [Page ${s}.${c}](${dir}/page-${c}.md)`);
      }
    }
    summary.push('');
  }
  files.set('SUMMARY.md', `${summary.join('\n').trimEnd()}\n`);
  files.set('.gitbook.yaml', 'root: ./\nstructure:\n  readme: ./README.md\n  summary: ./SUMMARY.md\n');
  for (let a = 0; a < 20; a++) files.set(`.gitbook/assets/figure-${a}.png`, png(a));
  for (const [path, content] of files) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), content);
  }
}

function pageMarkdown(title: string, n: number, up: string): string {
  return [
    `# ${title}`,
    '',
    `This is page ${n} of the benchmark's folder. It reads like documentation: a paragraph with **bold** and *italic* text, \`inline code\` and a [link to the first section](${up}group-0/section-0/README.md).`,
    '',
    '## Steps',
    '',
    '1. Install the tool.',
    '2. Configure it with the options below.',
    '3. Run it and read the report.',
    '',
    '```ts',
    `export const page = ${n};`,
    'export function double(x: number): number {',
    '  return x * 2;',
    '}',
    '```',
    '',
    `![Figure ${n % 20}](${up}.gitbook/assets/figure-${n % 20}.png)`,
    '',
    '## Details',
    '',
    '- The first option sets where the output goes.',
    '- The second option sets how much is logged.',
    '- The third option sets how long it may run.',
    '',
    `Another paragraph closes the page, so that it is about as long as a real one (${'words that fill the line '.repeat(8).trim()}).`,
    '',
  ].join('\n');
}

/** A tiny PNG of one colour: the folder's images are real files, not placeholders. */
function png(seed: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header[8] = 8;
  header[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: 8 }, () => [seed * 12, 100, 200 - seed * 5]).flat())]);
  const pixels = Buffer.concat(Array.from({ length: 8 }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}
