import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Clock } from '@folio/platform/clock';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { Conflict, Invalid } from '@folio/platform/domain/errors';
import { newId } from '@folio/platform/ids';
import { CONTENT_OBJECT_STORE, ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { WORKER_THREADS } from '@folio/platform/workers/worker-pool';
import { assertAllowed } from '@folio/identity/public/organization-permissions';
import { MAX_DOCUMENT_NODES, MAX_MARKDOWN_BYTES } from '@folio/kernel/document/document-limits';
import { EncodedDocument } from '@folio/kernel/document/stored-document';
import { filePaths, includePaths, pagePaths } from '@folio/kernel/gitsync/folder-layout';
import { FolderLinkData, FolderLinks } from '@folio/kernel/gitsync/folder-links';
import { readVars } from '@folio/kernel/gitsync/folder-vars';
import { gitBlobOid } from '@folio/kernel/gitsync/git-blob';
import { CONFIG_FILE, folderRedirectsOf } from '@folio/kernel/gitsync/gitbook-config';
import { assertFolderRedirects } from '@folio/kernel/tree/folder-redirects';
import { ContentTrees, TreeEditor } from '@folio/kernel/tree/content-trees';
import { CreateChangeRequest } from '../change-requests/change-request.commands';
import { ContentTouched } from '../change-requests/change-request.events';
import { editRequestHead } from '../change-requests/content/edit-head';
import { ChangeRequestReads } from '../change-requests/change-request.reads';
import { changeRequestLocation } from '../change-requests/change-request.resource';
import { MergeChangeRequest, MergeOutcome } from '../change-requests/merging/merge.commands';
import { DocumentWork } from '../documents/document-work';
import { applyFolderFiles, WantedFile } from './apply-folder-files';
import { applyFolderIncludes } from './apply-folder-includes';
import { FolderPagesApplier, WantedPage } from './apply-folder-pages';
import { assertFolderCommit } from './folder-commit';
import { FolderContents, readFolderContents } from './folder-contents';
import { FolderCounts, FolderImportService, FolderSource, ImportOptions, ImportSummary } from './folder.port';
import { PageRead } from './folder-pages';
import { ExistingPage, planPages, PlannedPage } from './import-plan';
import { documentKey, keysOfTree } from './page-keys';
import { readAhead } from './read-ahead';
import { readEntry } from './read-entry';

/** Files one worker task reads: the folder's link data crosses to the thread once per batch. */
const PAGES_PER_BATCH = 16;
/** Batches read at once: one per worker thread, and one more ready when the event loop is done applying one. */
const BATCHES_AHEAD = WORKER_THREADS + 1;
/**
 * Pages staged in the editor before their objects are written: what keeps an import's memory flat in the
 * number of pages (the intermediate trees so written are never named by a revision).
 */
const PAGES_PER_FLUSH = 256;

/** A file of the folder to read as a document: a page or a reusable content, with its id. */
interface DocumentFile {
  path: string;
  id: string;
  exists: boolean;
}
type DocumentRead = PageRead & { oid: string };

type Applied = { counts: Omit<ImportSummary, 'changeRequest' | 'merged'>; touched: ContentTouched };

/**
 * Reads a Git Sync folder into a change request (a new one, or the one named): the folder is the truth, so the
 * request's head becomes exactly its content (pages it lacks are deleted; pages, files and reusable contents at
 * the paths they had keep their ids, and an unchanged one is not written). Pages are read in worker threads;
 * the whole is one `edits` revision appended through the request's aggregate (editRequestHead, as a content
 * batch is), applied again on a head another edit moved. With `merge`, the request is merged as the API merges.
 */
@Injectable()
export class FolderImport implements FolderImportService {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly reads: ChangeRequestReads,
    private readonly trees: ContentTrees,
    private readonly documents: DocumentWork,
    private readonly commands: CommandBus,
    private readonly clock: Clock,
    @Inject(CONFIG) private readonly config: FolioConfig,
    @Inject(CONTENT_OBJECT_STORE) private readonly objects: ContentObjectStore,
  ) {}

  async run(caller: Caller, spaceId: string, source: FolderSource, opts: ImportOptions = {}): Promise<ImportSummary> {
    const { permissions } = await this.reads.space(spaceId, caller);
    assertAllowed(permissions.edit, 'import content into this space');
    if (opts.commit) assertFolderCommit(opts.commit);
    // Everything the folder could be refused for is checked before a change request is made.
    const folder = await readFolderContents(source);
    const variables = folder.vars === undefined ? {} : readVars(folder.vars);
    assertFolderRedirects(folderRedirectsOf(folder.config, new Map()));
    const changeRequestId = opts.changeRequestId ?? (await this.commands.execute(new CreateChangeRequest(caller, spaceId, 'Import of a Git Sync folder'))).id;
    const { changeRequest } = await this.reads.get(spaceId, changeRequestId, caller);
    const deps = { aggregates: this.aggregates, trees: this.trees, clock: this.clock };
    // The commit is named on the revision appended; an import that changes nothing appends none, so names none.
    const git = opts.commit && { ...opts.commit, createdByGitBook: false };
    const counts = await editRequestHead(deps, caller, { spaceId, number: changeRequest.number, git }, async (editor, _state, now) => {
      const applied = await this.apply(editor, folder, variables, opts, now);
      return { result: applied.counts, touched: applied.touched };
    });
    const summary: ImportSummary = {
      ...counts,
      changeRequest: { id: changeRequest.id, number: changeRequest.number, url: changeRequestLocation(this.config, changeRequest) },
    };
    if (!opts.merge) return summary;
    const merged: MergeOutcome = await this.commands.execute(new MergeChangeRequest(caller, spaceId, changeRequest.id));
    if (merged.result === 'conflicts') throw new Conflict(`The import is in change request ${changeRequest.number}, which conflicts with main: resolve the conflicts there, then merge it`);
    return { ...summary, merged: { revision: merged.revision } };
  }

  /** The folder into the editor: ids matched against what the editor has, then files, includes, and pages read in batches. */
  private async apply(editor: TreeEditor, folder: FolderContents, variables: ReturnType<typeof readVars>, opts: ImportOptions, now: string): Promise<Applied> {
    const reserved = [CONFIG_FILE, folder.config.summary];
    const before = await editor.pages();
    const existing = new Map([...keysOfTree(before, pagePaths(before, reserved))].map(([key, page]): [string, ExistingPage] => [key, { id: page.id, slug: page.slug }]));
    const kept = new Set([...folder.pages, ...folder.assets]);
    followRenames(existing, opts.renamed, kept, documentKey);
    const planned = planPages(folder.toc, existing, newId);
    const fileIds = idsByPath(filePaths(await editor.files(), new Set(reserved)));
    followRenames(fileIds, opts.renamed, kept, (path) => path);
    const includeIds = idsByPath(includePaths(await editor.reusableContents()));
    const files: WantedFile[] = folder.assets.map((path) => ({ id: fileIds.get(path) ?? newId(), path, entry: folder.entries.get(path)! }));
    const includes: DocumentFile[] = folder.includes.map((path) => ({ path, id: includeIds.get(path) ?? newId(), exists: includeIds.has(path) }));
    const links: FolderLinkData = {
      pages: planned.flatMap((page) => (page.path === undefined ? [] : [[page.path, page.id] as [string, string]])),
      files: files.map((file) => [file.path, file.id]),
      includes: includes.map((include) => [include.path, include.id]),
    };
    const counts: FolderCounts & { pagesDeleted: number; refused?: { path: string; reason: string }[] } = {
      pages: links.pages.length,
      files: files.length,
      reusableContents: includes.length,
      keptVerbatim: 0,
      pagesDeleted: 0,
    };
    const refused = (read: Extract<DocumentRead, { refused: string }>) => {
      if (!opts.keepRefused) throw new Invalid(`${read.path}: ${read.refused}`);
      (counts.refused ??= []).push({ path: read.path, reason: read.refused });
    };

    // `.gitbook.yaml`'s redirects, kept as written, each with the page its file is (they follow it when it moves).
    await editor.setFolderRedirects(folderRedirectsOf(folder.config, new Map(links.pages)));
    const touchedFiles = await applyFolderFiles(editor, this.objects, files, now, this.config.fileMaxMegabytes * 1024 * 1024);
    const includeReads = await this.readDocuments(editor, folder, links, includes);
    const wantedIncludes = includeReads.flatMap((read, i) => {
      if ('refused' in read) {
        refused(read);
        return [];
      }
      counts.keptVerbatim += read.keptVerbatim;
      const title = read.front.title ?? read.path.slice(read.path.lastIndexOf('/') + 1).replace(/\.md$/i, '');
      return [{ id: includes[i].id, title, document: encoded(read), git: { oid: read.oid, path: read.path } }];
    });
    await applyFolderIncludes(editor, wantedIncludes, variables, now);

    const pages = new FolderPagesApplier(editor, now);
    await pages.prepare(new Set(planned.filter((page) => page.exists).map((page) => page.id)));
    const summaryLinks = new FolderLinks(links).of(folder.config.summary);
    let [sinceFlush, done] = [0, 0];
    const chunks = Array.from({ length: Math.ceil(planned.length / PAGES_PER_BATCH) }, (_, i) => planned.slice(i * PAGES_PER_BATCH, (i + 1) * PAGES_PER_BATCH));
    const readChunk = async (chunk: PlannedPage[]) => {
      const files = chunk.flatMap((page) => (page.path === undefined ? [] : [{ path: page.path, id: page.id, exists: page.exists }]));
      return new Map((await this.readDocuments(editor, folder, links, files)).map((read) => [read.path, read]));
    };
    for await (const [chunk, reads] of readAhead(chunks, BATCHES_AHEAD, readChunk)) {
      for (const page of chunk) {
        const read = page.path === undefined ? undefined : reads.get(page.path);
        if (read && 'refused' in read) refused(read);
        else if (read) counts.keptVerbatim += read.keptVerbatim;
        await pages.apply(wantedPage(page, read, summaryLinks));
      }
      opts.onProgress?.((done += chunk.length), planned.length);
      // The staged documents are written out now and then: memory holds a flush's pages, not the folder's.
      if ((sinceFlush += chunk.length) >= PAGES_PER_FLUSH) {
        await editor.commit();
        sinceFlush = 0;
      }
    }
    const { created, updated, deleted } = pages.applied;
    counts.pagesDeleted = deleted.length;
    return { counts, touched: { pagesCreated: created, pagesUpdated: updated, pagesDeleted: deleted, files: touchedFiles } };
  }

  /** Files of the folder read as documents, in one worker task; a file SUMMARY.md lists but the folder lacks reads as an empty page. */
  private async readDocuments(editor: TreeEditor, folder: FolderContents, links: FolderLinkData, files: DocumentFile[]): Promise<DocumentRead[]> {
    if (files.length === 0) return [];
    const oids: string[] = [];
    const pages = [];
    for (const { path, id, exists } of files) {
      const entry = folder.entries.get(path);
      const bytes = entry ? await readEntry(entry, MAX_MARKDOWN_BYTES) : Buffer.alloc(0);
      const owner = exists ? ((await editor.page(id)) ?? (await editor.reusableContent(id))) : null;
      oids.push(gitBlobOid(bytes));
      pages.push({ path, markdown: bytes.toString('utf8'), previous: owner ? await editor.documentBytes(owner) : null });
    }
    const reads = await this.documents.readFolderPages({ links, pages, maxNodes: MAX_DOCUMENT_NODES });
    return reads.map((read, i) => ({ ...read, oid: oids[i] }));
  }
}

/** What the folder has for a planned page: its fields and document (a page refused for what it is: empty). */
function wantedPage(page: PlannedPage, read: DocumentRead | undefined, summaryLinks: ReturnType<FolderLinks['of']>): WantedPage {
  if (page.type === 'link') return { ...page, fields: {}, document: null, targetRef: summaryLinks.refOfTarget(page.target!, 'link') ?? { kind: 'url', url: page.target! } };
  const linkTitle = page.linkTitle === undefined ? {} : { linkTitle: page.linkTitle };
  if (!read) return { ...page, fields: linkTitle, document: null };
  const git = { oid: read.oid, path: read.path };
  if ('refused' in read) return { ...page, fields: { ...linkTitle, git }, document: null };
  const { title, ...fields } = read.front;
  return { ...page, title: title ?? page.title, fields: { ...fields, ...linkTitle, git }, document: encoded(read) };
}

/** A read's document as the tree stages it; null for one without blocks (as a page made empty has none). */
function encoded(read: Extract<PageRead, { document: unknown }>): EncodedDocument | null {
  return read.empty ? null : new EncodedDocument(read.document.bytes, read.document.hash);
}

/**
 * What a moved path had, under its new path: the page or file keeps its id. Only a true move: the old path is
 * gone from the folder (a copy keeps its id where it was) and nothing is at the new one already.
 */
function followRenames<T>(byKey: Map<string, T>, renamed: ReadonlyMap<string, string> | undefined, kept: ReadonlySet<string>, keyOf: (path: string) => string): void {
  for (const [to, from] of renamed ?? []) {
    const had = byKey.get(keyOf(from));
    if (had !== undefined && !kept.has(from) && !byKey.has(keyOf(to))) byKey.set(keyOf(to), had);
  }
}

function idsByPath(paths: Map<string, string>): Map<string, string> {
  return new Map([...paths].map(([id, path]) => [path, id]));
}
