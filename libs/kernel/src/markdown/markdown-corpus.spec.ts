import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withoutKeys } from '../document/document-keys';
import { documentToMarkdown } from './document-to-markdown';
import { markdownToDocument } from './markdown-to-document';

const corpus = join(__dirname, '../../../../test/fixtures/markdown');
const pages = readdirSync(corpus).filter((name) => name.endsWith('.md'));

const toMarkdown = (parsed: ReturnType<typeof markdownToDocument>) =>
  documentToMarkdown(parsed.document, { title: parsed.title, description: parsed.description });

describe('markdown corpus round trip', () => {
  it('has realistic pages to read', () => expect(pages.length).toBeGreaterThanOrEqual(8));

  describe.each(pages)('%s', (name) => {
    const markdown = readFileSync(join(corpus, name), 'utf8');

    it('reads to a document with content and a title', () => {
      const parsed = markdownToDocument(markdown);
      expect(parsed.title).toEqual(expect.any(String));
      expect(parsed.document.nodes.length).toBeGreaterThan(0);
    });

    it('markdown → document → markdown → document gives the same document', () => {
      const first = markdownToDocument(markdown);
      const second = markdownToDocument(toMarkdown(first));
      expect(withoutKeys(second)).toEqual(withoutKeys(first));
    });

    it('markdown → document → markdown is a fixpoint after one pass', () => {
      const once = toMarkdown(markdownToDocument(markdown));
      expect(toMarkdown(markdownToDocument(once))).toBe(once);
    });
  });
});
