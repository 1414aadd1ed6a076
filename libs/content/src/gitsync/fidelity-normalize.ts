/**
 * TEMPORARY stand-in for `normalizeMarkdown` of libs/kernel/src/markdown/normalize.ts, which fix/dialect-blocks
 * writes (the integrator swaps the import and deletes this file): the normalization the issue allows, in its
 * simplest form (trailing spaces, runs of blank lines, `*`/`+` bullets, ordered-list numbering, final newline).
 */
export function normalizeMarkdown(markdown: string): string {
  return `${markdown
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+$/, '').replace(/^(\s*)[*+](\s+)/, '$1-$2').replace(/^(\s*)\d+([.)])(\s+)/, '$11$2$3'))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
