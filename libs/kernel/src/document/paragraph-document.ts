import { PageDocument } from './document.model';

/** A page document of one paragraph (key `k1`): what tree and diff tests store as a page's content. */
export const paragraphDocument = (text: string): PageDocument => ({
  object: 'document',
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', key: 'k1', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }],
});
