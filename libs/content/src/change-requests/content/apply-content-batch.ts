import { Invalid, NotFound } from '@folio/platform/domain/errors';
import { FileContent, FileInput } from '@folio/content/files/file-input';
import { DocumentWork } from '@folio/content/documents/document-work';
import { TreeEditor, TreeSnapshot } from '@folio/kernel/tree/content-trees';
import { BatchOutcome } from './batch-outcome';
import { BatchRefs } from './batch-refs';
import { ContentChange, DeletePageChange, InsertFilesChange, InsertPageChange, RevertPageChange, UpdatePageChange } from './content-change.dto';
import { changeAt, invalidAt } from './refusal-at';
import { pageInput } from './page-input';
import { revertBlocks } from './revert-blocks';

/** Pages inserted without a title of their own (no `title`, front matter or leading heading), as the spec allows. */
export const DEFAULT_PAGE_TITLE = 'Untitled';

export interface BatchContext {
  /** An editor on the request's head: the batch applies to it, and nothing is stored until it is committed. */
  editor: TreeEditor;
  /** The request's base (its merged ancestor, else its initial revision): what revert_page goes back to by default. */
  base: () => Promise<TreeSnapshot>;
  /** The content of `revision`, one of the space's revisions (NotFound otherwise). */
  revision: (revision: string) => Promise<TreeSnapshot>;
  readFile: (input: FileInput) => Promise<FileContent>;
  /** Parses markdown and pairs keys, off the event loop for a large page. */
  documents: DocumentWork;
  newId: () => string;
  now: string;
}

/**
 * Applies a validated batch, change by change in order, to the context's editor, and answers what it
 * touched. Any refusal is a 400 naming the change (`changes[2]: page Xyz not found`); the caller commits
 * the editor only when every change applied, so a refused batch stores nothing.
 */
export async function applyContentBatch(changes: readonly ContentChange[], context: BatchContext): Promise<BatchOutcome> {
  const refs = BatchRefs.of(changes);
  const batch = new Batch(context, refs, new BatchOutcome());
  for (const [index, change] of changes.entries()) {
    try {
      await batch.apply(change, index);
    } catch (error) {
      throw invalidAt(changeAt(index), error);
    }
  }
  return batch.outcome;
}

class Batch {
  constructor(
    private readonly context: BatchContext,
    private readonly refs: BatchRefs,
    readonly outcome: BatchOutcome,
  ) {}

  apply(change: ContentChange, index: number): Promise<void> {
    switch (change.operation) {
      case 'insert_page':
        return this.insertPage(change, index);
      case 'update_page':
        return this.updatePage(change, index);
      case 'delete_page':
        return this.deletePage(change, index);
      case 'revert_page':
        return this.revertPage(change, index);
      case 'insert_files':
        return this.insertFiles(change);
    }
  }

  private async insertPage(change: InsertPageChange, index: number) {
    const { editor, now } = this.context;
    const { meta, document } = await pageInput(change, { documents: this.context.documents, refs: this.refs, index, previous: async () => null });
    await this.assertRefFree(change.ref);
    const into = change.into === undefined ? null : this.refs.page(change.into, index);
    const id = this.context.newId();
    await editor.insertPage({ id, into, at: change.at, meta: { ...meta, title: meta.title ?? DEFAULT_PAGE_TITLE }, document: document ?? null, now });
    this.refs.bind(change.ref, id);
    this.outcome.created(id, change.ref);
  }

  private async updatePage(change: UpdatePageChange, index: number) {
    const { editor, now } = this.context;
    const id = this.refs.page(change.page, index);
    const page = await this.existing(id);
    const { meta, document } = await pageInput(change, { documents: this.context.documents, refs: this.refs, index, previous: () => editor.documentBytes(page) });
    await editor.updatePage(id, {
      meta,
      ...(document !== undefined ? { document } : {}),
      ...(change.into !== undefined ? { into: change.into === null ? null : this.refs.page(change.into, index) } : {}),
      ...(change.at !== undefined ? { at: change.at } : {}),
      now,
    });
    this.outcome.updated(id);
  }

  private async deletePage(change: DeletePageChange, index: number) {
    const id = this.refs.page(change.page, index);
    this.outcome.deleted(await this.context.editor.deletePage(id));
  }

  /**
   * Back to the page's version in the base or in `revision`: a page absent there is deleted, one absent
   * here comes back where it was (under its parent, which must be here), one in both takes that version's
   * metadata, place and document; with `block`, only those blocks of its document go back.
   */
  private async revertPage(change: RevertPageChange, index: number) {
    const { editor, now } = this.context;
    const id = this.refs.page(change.page, index);
    const target = change.revision === undefined ? await this.context.base() : await this.context.revision(change.revision);
    const [here, there] = await Promise.all([editor.page(id), target.page(id)]);
    if (!here && !there) throw new NotFound(`page ${id}`);
    if (change.block !== undefined) {
      if (!here || !there) throw new Invalid(`page ${id} is not in both versions: its blocks cannot be reverted, revert the whole page`);
      const [mine, theirs] = await Promise.all([editor.document(here), target.document(there)]);
      const empty = { object: 'document' as const, data: {}, nodes: [] };
      await editor.updatePage(id, { document: revertBlocks(mine ?? empty, theirs ?? empty, change.block), now });
      this.outcome.updated(id);
      return;
    }
    if (!there) {
      this.outcome.deleted(await editor.deletePage(id));
      return;
    }
    if (there.parent !== null && !(await editor.page(there.parent))) {
      throw new Invalid(`page ${id} cannot be restored: its parent page ${there.parent} is not in the change request; revert it first`);
    }
    const { children: _derived, ...node } = there;
    await editor.setPage(id, { ...node, updatedAt: now });
    if (here) this.outcome.updated(id);
    else this.outcome.restored(id);
  }

  private async insertFiles(change: InsertFilesChange) {
    const { editor, now } = this.context;
    for (const file of change.files) await this.assertRefFree(file.ref);
    // Read (decoded, fetched) together; stored in order.
    const contents = await Promise.all(change.files.map((file, i) => this.context.readFile(file).catch((error) => Promise.reject(invalidAt(`files[${i}]`, error)))));
    for (const [i, content] of contents.entries()) {
      const id = this.context.newId();
      this.outcome.fileAdded(await editor.addFile({ id, ...content, now }));
      this.refs.bind(change.files[i].ref, id);
    }
  }

  /** A ref may not be an existing page's path (the spec's rule: links by path and by ref would be ambiguous). */
  private async assertRefFree(ref: string | undefined) {
    if (ref !== undefined && (await this.context.editor.pageByPath(ref))) throw new Invalid(`ref ${JSON.stringify(ref)} is the path of an existing page`);
  }

  private async existing(id: string) {
    const page = await this.context.editor.page(id);
    if (!page) throw new NotFound(`page ${id}`);
    return page;
  }
}
