import { documentToMarkdown } from '../markdown/document-to-markdown';
import { markdownToDocument } from '../markdown/markdown-to-document';
import { mergeDocuments } from './merge-documents';
import { pairKeys } from './pair-keys';

const BASE = [
  'Intro paragraph.',
  '```sh\nnpm ci\nnpm run build\nnpm test\n```',
  '- apples\n- pears\n- plums',
  '{% hint style="info" %}\nFirst hint line.\n\nSecond hint paragraph.\n{% endhint %}',
  'Line one\\\nline two\\\nline three',
  'Closing words.',
].join('\n\n');

/** Each side is written as markdown and keyed after the base, as the content route does with a page's new markdown. */
function merge(main: string, changeRequest: string) {
  const base = markdownToDocument(BASE).document;
  const side = (markdown: string) => pairKeys(base, markdownToDocument(markdown).document);
  return mergeDocuments(base, side(main), side(changeRequest));
}
const edit = (from: string, to: string) => BASE.replace(from, to);

describe('mergeDocuments', () => {
  it.each([
    ['one side changed: takes it', BASE, edit('Intro paragraph.', 'Intro, revised.'),
      edit('Intro paragraph.', 'Intro, revised.')],
    ['both sides, different blocks: both changes', edit('Intro paragraph.', 'Intro, revised.'), edit('Closing words.', 'Goodbye.'),
      edit('Intro paragraph.', 'Intro, revised.').replace('Closing words.', 'Goodbye.')],
    ['both sides, the same change: once', edit('Closing words.', 'Goodbye.'), edit('Closing words.', 'Goodbye.'),
      edit('Closing words.', 'Goodbye.')],
    ['both sides, different lines of one code block: line by line', edit('npm ci', 'npm ci --quiet'), edit('npm test', 'npm test -- --ci'),
      edit('npm ci', 'npm ci --quiet').replace('npm test', 'npm test -- --ci')],
    ['both sides, different lines of one paragraph: line by line', edit('Line one', 'Line 1'), edit('line three', 'line 3'),
      edit('Line one', 'Line 1').replace('line three', 'line 3')],
    ['both sides, different items of one list', edit('apples', 'green apples'), edit('plums', 'ripe plums'),
      edit('apples', 'green apples').replace('plums', 'ripe plums')],
    ['both sides, different paragraphs of one hint', edit('First hint line.', 'First, edited.'), edit('Second hint paragraph.', 'Second, edited.'),
      edit('First hint line.', 'First, edited.').replace('Second hint paragraph.', 'Second, edited.')],
    ['a block deleted on one side, untouched on the other: deleted', edit('Intro paragraph.\n\n', ''), edit('Closing words.', 'Goodbye.'),
      edit('Intro paragraph.\n\n', '').replace('Closing words.', 'Goodbye.')],
    ['blocks inserted at one place on both sides: both kept, main\'s first', edit('Closing words.', 'From main.\n\nClosing words.'),
      edit('Closing words.', 'From the request.\n\nClosing words.'), edit('Closing words.', 'From main.\n\nFrom the request.\n\nClosing words.')],
    ['a block moved on one side and edited on the other: moved and edited', edit('Intro paragraph.\n\n', '') + '\n\nIntro paragraph.',
      edit('Intro paragraph.', 'Intro, revised.'), edit('Intro paragraph.\n\n', '') + '\n\nIntro, revised.'],
    ['a block moved on one side, a block inserted beside its old place on the other: both', edit('Intro paragraph.', 'Intro paragraph.\n\nInserted.'),
      edit('Intro paragraph.\n\n', '') + '\n\nIntro paragraph.', edit('Intro paragraph.\n\n', 'Inserted.\n\n') + '\n\nIntro paragraph.'],
  ])('%s', (_, main, changeRequest, expected) => {
    const result = merge(main, changeRequest);
    expect(result?.conflicts).toBeUndefined();
    expect(documentToMarkdown(result!.document!)).toBe(documentToMarkdown(markdownToDocument(expected).document));
  });

  const base = markdownToDocument(BASE).document;
  const keyOf = (index: number) => base.nodes[index].key;
  it.each([
    ['one paragraph changed differently on both sides', edit('Closing words.', 'Goodbye.'), edit('Closing words.', 'Farewell.'),
      [{ key: keyOf(5), base: 'Closing words.', main: 'Goodbye.', changeRequest: 'Farewell.' }]],
    ['one code line changed differently on both sides', edit('npm ci', 'npm install'), edit('npm ci', 'npm ci --quiet'),
      [{ key: keyOf(1), base: '```sh\nnpm ci\nnpm run build\nnpm test\n```', main: '```sh\nnpm install\nnpm run build\nnpm test\n```',
         changeRequest: '```sh\nnpm ci --quiet\nnpm run build\nnpm test\n```' }]],
    ['one line of a paragraph changed differently on both sides', edit('line two', 'line 2'), edit('line two', 'line II'),
      [{ key: keyOf(4), base: 'Line one\\\nline two\\\nline three', main: 'Line one\\\nline 2\\\nline three', changeRequest: 'Line one\\\nline II\\\nline three' }]],
    ['deleted on one side, changed on the other', edit('\n\nClosing words.', ''), edit('Closing words.', 'Goodbye.'),
      [{ key: keyOf(5), base: 'Closing words.', main: null, changeRequest: 'Goodbye.' }]],
    ['moved to different places on both sides', 'Closing words.\n\n' + edit('\n\nClosing words.', ''),
      edit('Intro paragraph.', 'Intro paragraph.\n\nClosing words.').replace(/\n\nClosing words\.$/, ''),
      [{ key: keyOf(5), base: 'Closing words.', main: 'Closing words.', changeRequest: 'Closing words.' }]],
  ])('conflict: %s', (_, main, changeRequest, conflicts) => {
    expect(merge(main, changeRequest)).toEqual({ conflicts });
  });

  describe('a conflict the request resolved after it met it', () => {
    const keyed = (markdown: string) => pairKeys(base, markdownToDocument(markdown).document);
    /** Main and the request as a merge or an update met them in conflict. */
    const met = (main: string, changeRequest: string) => ({ main: keyed(main), changeRequest: keyed(changeRequest) });
    const mergeAfter = (mets: { main: ReturnType<typeof keyed>; changeRequest: ReturnType<typeof keyed> }[], main: string, changeRequest: string) =>
      mergeDocuments(base, keyed(main), keyed(changeRequest), mets);
    const markdownOf = (result: ReturnType<typeof mergeDocuments>) => documentToMarkdown(result.document!);
    const [mainLine, requestLine] = [edit('Closing words.', 'Goodbye.'), edit('Closing words.', 'Farewell.')];

    it('takes the request\'s rewrite of the conflicting block, a text neither side had', () => {
      const result = mergeAfter([met(mainLine, requestLine)], mainLine, edit('Closing words.', 'So long.'));
      expect(result.conflicts).toBeUndefined();
      expect(markdownOf(result)).toBe(documentToMarkdown(markdownToDocument(edit('Closing words.', 'So long.')).document));
    });

    it('takes a resolution that deletes the block, or keeps main\'s version', () => {
      expect(markdownOf(mergeAfter([met(mainLine, requestLine)], mainLine, edit('\n\nClosing words.', '')))).not.toContain('Goodbye.');
      expect(markdownOf(mergeAfter([met(mainLine, requestLine)], mainLine, mainLine))).toContain('Goodbye.');
    });

    it('still conflicts while the request has not rewritten the block since', () =>
      expect(mergeAfter([met(mainLine, requestLine)], mainLine, requestLine).conflicts).toHaveLength(1));

    it('conflicts again when main rewrote the block after the request met it', () =>
      expect(mergeAfter([met(mainLine, requestLine)], edit('Closing words.', 'Bye!'), edit('Closing words.', 'So long.')).conflicts).toEqual([
        { key: keyOf(5), base: 'Closing words.', main: 'Bye!', changeRequest: 'So long.' },
      ]));

    it('merges from the base a block that was in no conflict when met: main\'s change to it stays', () => {
      // Main changed a line of the paragraph before the conflict elsewhere was met; the request another line after.
      const mainNow = edit('Line one', 'Line 1').replace('Closing words.', 'Goodbye.');
      const result = mergeAfter([met(mainNow, requestLine)], mainNow, requestLine.replace('line three', 'line 3').replace('Farewell.', 'So long.'));
      expect(result.conflicts).toBeUndefined();
      expect(markdownOf(result)).toContain('Line 1');
      expect(markdownOf(result)).toContain('line 3');
      expect(markdownOf(result)).toContain('So long.');
    });

    it('finds the resolution through later conflicts met on other blocks', () => {
      const resolved = edit('Closing words.', 'So long.');
      // Met first on the closing words; rewritten; then met again on the intro (the closing words resolved by then).
      const mainNow = mainLine.replace('Intro paragraph.', 'Intro by main.');
      const requestNow = resolved.replace('Intro paragraph.', 'Intro by the request.');
      const mets = [met(mainNow, requestNow), met(mainLine, requestLine)];
      expect(mergeAfter(mets, mainNow, requestNow).conflicts?.map((c) => c.key)).toEqual([keyOf(0)]);
      const result = mergeAfter(mets, mainNow, resolved.replace('Intro paragraph.', 'Intro resolved.'));
      expect(result.conflicts).toBeUndefined();
      expect(markdownOf(result)).toContain('Intro resolved.');
      expect(markdownOf(result)).toContain('So long.');
    });
  });

  it('answers documents without modifying its inputs', () => {
    const [b, m, c] = [base, markdownToDocument(edit('apples', 'kiwis')).document, markdownToDocument(edit('plums', 'figs')).document]
      .map((d) => pairKeys(base, d));
    const copies = structuredClone([b, m, c]);
    mergeDocuments(b, m, c);
    expect([b, m, c]).toEqual(copies);
  });
});
