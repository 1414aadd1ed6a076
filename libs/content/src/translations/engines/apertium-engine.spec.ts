import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApertiumEngine } from './apertium-engine';
import { EngineFailed } from './translation-engine';
import { translatePage } from '../translate-page';

const modes = spawnSync('apertium', ['-l'], { encoding: 'utf8' });
const installed = modes.error === undefined ? modes.stdout.split('\n').map((line) => line.trim()) : [];
const engSpa = installed.includes('eng-spa');
const SKIP = ' (skipped: apertium or its eng-spa pair is not installed; apt-get install apertium apertium-eng-spa)';

describe('ApertiumEngine', () => {
  (engSpa ? it : it.skip)(`translates texts and HTML with the installed pair, tags kept${engSpa ? '' : SKIP}`, async () => {
    const engine = new ApertiumEngine();
    const html = await engine.translate({ texts: ['The <m1>house</m1> is big.', 'Open the <m1>space</m1><x2/> and read <l3>the guide</l3>.'], from: 'en', to: 'es', format: 'html' });
    expect(html[0]).toMatch(/^La <m1>casa<\/m1> es grande\.$/);
    for (const tag of ['<m1>', '</m1>', '<x2', '<l3>', '</l3>']) expect(html[1]).toContain(tag);
    const text = await engine.translate({ texts: ['The house', 'a < b & c'], from: 'en', to: 'es', format: 'text' });
    expect(text).toEqual(['La casa', 'un < b & c']);
  }, 60_000);

  (engSpa ? it : it.skip)(`translates a page with the structure kept${engSpa ? '' : SKIP}`, async () => {
    const leaf = (text: string, marks: { object: 'mark'; type: 'bold' }[] = []) => ({ object: 'leaf' as const, text, marks });
    const document = {
      object: 'document' as const,
      data: {},
      nodes: [{ object: 'block' as const, type: 'paragraph' as const, key: 'p', nodes: [{ object: 'text' as const, leaves: [leaf('The '), leaf('house', [{ object: 'mark', type: 'bold' }]), leaf(' is big.')] }] }],
    };
    const { page } = await translatePage({ page: { title: 'The house', document }, from: 'en', to: 'es', glossary: [] }, new ApertiumEngine());
    expect(page.title).toBe('La casa');
    expect(page.document!.nodes[0]).toEqual({ ...document.nodes[0], nodes: [{ object: 'text', leaves: [leaf('La '), leaf('casa', [{ object: 'mark', type: 'bold' }]), leaf(' es grande.')] }] });
  }, 60_000);

  (engSpa ? it : it.skip)(`names the installed pairs when the one asked is missing${engSpa ? '' : SKIP}`, async () => {
    await expect(new ApertiumEngine().translate({ texts: ['x'], from: 'ja', to: 'ko', format: 'text' })).rejects.toThrow(
      new EngineFailed(
        `Apertium has no pair installed from ja into ko (installed: ${installed.filter(Boolean).join(', ')}); install it (apt-get install apertium-<pair>, e.g. apertium-eng-spa) and restart Folio`,
      ),
    );
  }, 60_000);

  it('says how to install it when the command is missing', async () => {
    await expect(new ApertiumEngine('folio-no-such-apertium').translate({ texts: ['x'], from: 'en', to: 'es', format: 'text' })).rejects.toThrow(
      new EngineFailed('The folio-no-such-apertium command is not installed: apt-get install apertium and the pairs to translate (apertium-eng-spa…), or choose another TRANSLATION_ENGINE'),
    );
  });

  it('sends nothing for no texts', async () => {
    expect(await new ApertiumEngine('folio-no-such-apertium').translate({ texts: [], from: 'en', to: 'es', format: 'text' })).toEqual([]);
  });

  describe('with a stand-in command (a script with apertium\'s arguments and output)', () => {
    let folder: string;
    beforeAll(() => (folder = mkdtempSync(join(tmpdir(), 'folio-apertium-spec-'))));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));

    /** A command answering `-l` with one mode and translating its input file with `script` ($5: the file). */
    function command(name: string, script: string): string {
      const path = join(folder, name);
      writeFileSync(path, `#!/bin/sh\nif [ "$1" = "-l" ]; then echo "  eng-spa"; exit 0; fi\n${script}\n`);
      chmodSync(path, 0o755);
      return path;
    }

    it('runs the mode on the texts joined, with html-alt, and splits the answer', async () => {
      const args = join(folder, 'args');
      const engine = new ApertiumEngine(command('upper', `echo "$@" > ${args}; tr a-z A-Z < "$5" | sed 's/FOLIO-/folio-/g'`));
      expect(await engine.translate({ texts: ['one <m1>a</m1>', 'two'], from: 'en', to: 'es', format: 'html' })).toEqual(['ONE <M1>A</M1>', 'TWO']);
      expect(readFileSync(args, 'utf8')).toMatch(/^-u -f html-alt eng-spa \/.+\/input\.html\n$/);
    });

    it('translates text by text when the separators do not come back', async () => {
      const runs = join(folder, 'runs');
      const engine = new ApertiumEngine(command('lossy', `echo run >> ${runs}; grep -v folio- "$5" | tr a-z A-Z`));
      expect(await engine.translate({ texts: ['one', 'two'], from: 'en', to: 'es', format: 'text' })).toEqual(['ONE', 'TWO']);
      expect(spawnSync('wc', ['-l', runs], { encoding: 'utf8' }).stdout.trim().split(' ')[0]).toBe('3');
    });

    it('fails with its message when it fails, and kills it past its time or output bounds', async () => {
      await expect(new ApertiumEngine(command('failing', 'echo "mode broken" >&2; exit 3')).translate({ texts: ['x'], from: 'en', to: 'es', format: 'text' })).rejects.toThrow(
        new EngineFailed('Apertium failed (exit 3): mode broken'),
      );
      const stuck = new ApertiumEngine(command('stuck', 'sleep 600'), { timeoutMs: 300, maxBytes: 1000 });
      await expect(stuck.translate({ texts: ['x'], from: 'en', to: 'es', format: 'text' })).rejects.toThrow(new EngineFailed('Apertium did not finish within 0.3 s'));
      const verbose = new ApertiumEngine(command('verbose', 'yes apertium | head -c 100000'), { timeoutMs: 15_000, maxBytes: 1000 });
      await expect(verbose.translate({ texts: ['x'], from: 'en', to: 'es', format: 'text' })).rejects.toThrow(new EngineFailed('Apertium wrote more than 1000 bytes'));
    }, 30_000);
  });
});
