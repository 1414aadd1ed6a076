import { FileEntry } from '@folio/kernel/tree/tree.model';
import { ContentTouched } from '../change-request.events';

/** What a page went through in the batch: whether the head had it, whether the result has it. */
interface PageFate {
  existed: boolean;
  present: boolean;
  ref?: string;
}

/** One entry of ChangeRequestContentUpdate's `changes`. */
export type PageOutcome =
  | { object: 'created_page'; ref?: string; page: string }
  | { object: 'updated_page'; page: string }
  | { object: 'deleted_page'; page: string };

/**
 * The pages and files a batch touched, in the order it first touched them, judged by where they end: a
 * page the head had is updated or deleted, one it did not have is created, and one created and deleted
 * again in the same batch was never there.
 */
export class BatchOutcome {
  private readonly pages = new Map<string, PageFate>();
  readonly insertedFiles: FileEntry[] = [];

  created(id: string, ref?: string): void {
    this.pages.set(id, { existed: false, present: true, ...(ref !== undefined ? { ref } : {}) });
  }

  updated(id: string): void {
    this.end(id, true);
  }

  deleted(ids: readonly string[]): void {
    for (const id of ids) this.end(id, false);
  }

  /** A page brought back (revert_page): new to the head unless the batch deleted it earlier. */
  restored(id: string): void {
    if (!this.pages.has(id)) this.pages.set(id, { existed: false, present: true });
    else this.end(id, true);
  }

  fileAdded(entry: FileEntry): void {
    this.insertedFiles.push(entry);
  }

  changes(): PageOutcome[] {
    return [...this.pages].flatMap(([page, fate]): PageOutcome[] => {
      if (!fate.existed) return fate.present ? [{ object: 'created_page', ...(fate.ref !== undefined ? { ref: fate.ref } : {}), page }] : [];
      return [{ object: fate.present ? 'updated_page' : 'deleted_page', page }];
    });
  }

  touched(): ContentTouched {
    const touched: ContentTouched = { pagesCreated: [], pagesUpdated: [], pagesDeleted: [], files: this.insertedFiles.map((f) => f.id) };
    for (const change of this.changes()) {
      const list = { created_page: touched.pagesCreated, updated_page: touched.pagesUpdated, deleted_page: touched.pagesDeleted }[change.object];
      list.push(change.page);
    }
    return touched;
  }

  private end(id: string, present: boolean): void {
    const fate = this.pages.get(id);
    if (fate) fate.present = present;
    else this.pages.set(id, { existed: true, present });
  }
}
