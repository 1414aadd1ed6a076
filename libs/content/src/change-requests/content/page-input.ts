import { assignKeys } from '@folio/kernel/document/document-keys';
import { PageDocument } from '@folio/kernel/document/document.model';
import { DocumentWork } from '@folio/content/documents/document-work';
import { ParsedMarkdown } from '@folio/kernel/markdown/markdown-to-document';
import { EncodedDocument } from '@folio/kernel/document/stored-document';
import { BatchRefs } from './batch-refs';
import { PageMeta } from '@folio/kernel/tree/tree.model';
import { DocumentBody, InsertPageChange, UpdatePageChange } from './content-change.dto';

const META_FIELDS = ['title', 'slug', 'emoji', 'icon', 'description', 'hidden', 'noIndex', 'noRobotsIndex', 'condition'] as const;
/** Fields the spec removes when given an empty string; the tree clears a field given null. */
const REMOVABLE = new Set<string>(['emoji', 'icon', 'condition']);

export interface PageInput {
  /**
   * The metadata the change sets (null removes a field); markdown's front matter (title, description,
   * hidden, noIndex) and leading heading win over its fields.
   */
  meta: Partial<PageMeta>;
  /**
   * The new document, its batch refs turned into ids: null for the empty page, undefined when the change leaves
   * the document alone. Markdown comes encoded, its keys paired already; a JSON document is the batch's own copy.
   */
  document: PageDocument | EncodedDocument | null | undefined;
}

/** Where a change's markdown is read: the batch's refs, the change's index, the page's stored document (an update). */
export interface PageInputContext {
  documents: DocumentWork;
  refs: BatchRefs;
  index: number;
  previous: () => Promise<Uint8Array | null>;
}

/**
 * What an insert_page or update_page says about the page, as the tree takes it: markdown parsed into a
 * keyed document (encoded, see encodeMarkdown), a JSON document keyed where it has no keys, `{}` the empty page;
 * in either, the batch's refs are resolved.
 */
export async function pageInput(change: InsertPageChange | UpdatePageChange, context: PageInputContext): Promise<PageInput> {
  const meta: Partial<PageMeta> = {};
  for (const field of META_FIELDS) {
    const value = change[field];
    if (value !== undefined) Object.assign(meta, { [field]: value === '' && REMOVABLE.has(field) ? null : value });
  }
  const { document, ...front } = await parse(change.document, context);
  return { meta: { ...meta, ...front }, document };
}

async function parse(
  body: DocumentBody | undefined,
  { documents, refs, index, previous }: PageInputContext,
): Promise<Omit<ParsedMarkdown, 'document'> & { document: PageInput['document'] }> {
  if (body === undefined) return { document: undefined };
  if (body.markdown !== undefined) return documents.encodeMarkdown({ markdown: body.markdown, refs: refs.state(), index, previous: await previous() });
  // A plain copy: the body is a class instance, and keys and refs are set in place.
  if (body.document !== undefined) return { document: refs.inDocument(assignKeys(structuredClone(body.document)), index) };
  return { document: null };
}
