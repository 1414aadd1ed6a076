// The hostile inputs of issue 18 as content changes, shared by the e2e (test/e2e/heavy-input.e2e-spec.ts)
// and the bench (bench/heavy-input.ts): each once held every other request for seconds to minutes.

/** A markdown table of `rows` rows and three columns (a row is 12 document nodes). */
export const markdownTable = (rows: number) =>
  ['| Name | Value | Note |', '| --- | --- | --- |', ...Array.from({ length: rows }, (_, i) => `| name ${i} | value ${i} | note ${i} |`)].join('\n');

/** `paragraphs` paragraphs of `perParagraph` short links each. */
export const shortLinks = (paragraphs: number, perParagraph: number) =>
  Array.from({ length: paragraphs }, () => Array.from({ length: perParagraph }, () => '[a](b)').join(' ')).join('\n\n');

/** `n` footnote definitions, one a line. */
export const footnotes = (n: number) => Array.from({ length: n }, (_, i) => `[^${i}]: n`).join('\n');

/** An insert_page of markdown. */
export const markdownPage = (markdown: string, title = 'Heavy') => ({ operation: 'insert_page', title, document: { markdown } });

/** A JSON document of one paragraph holding `leaves` leaves (leaves + 2 nodes). */
export const wideDocument = (leaves: number, text = 'a ') => ({
  object: 'document',
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: Array.from({ length: leaves }, () => ({ object: 'leaf', text, marks: [] })) }] }],
});

/** The hostile pages sent one by one, as a black-box sweep sent them. */
export const HOSTILE_PAGES: { name: string; changes: unknown[] }[] = [
  { name: '100,000 links', changes: [markdownPage(Array.from({ length: 100_000 }, (_, i) => `[link ${i}](https://example.com/${i})`).join('\n\n'))] },
  { name: '200,000 empty list items', changes: [markdownPage('-\n'.repeat(200_000))] },
  { name: '98 KB of nested brackets', changes: [markdownPage('['.repeat(49_000) + ']'.repeat(49_000))] },
  { name: '50,000 footnotes', changes: [markdownPage(footnotes(50_000))] },
  { name: '50,000 links within the scan bounds', changes: [markdownPage(shortLinks(100, 500))] },
  { name: '31.9 MiB batch', changes: [markdownPage('word '.repeat(Math.floor((31.9 * 1024 * 1024) / 5) - 100))] },
  { name: '4,000-row table', changes: [markdownPage(markdownTable(4_000))] },
];
