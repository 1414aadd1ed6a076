import { Inject, Injectable } from '@nestjs/common';
import { stringify as stringifyYaml } from 'yaml';
import { Caller } from '@folio/platform/auth/caller';
import { NotFound } from '@folio/platform/domain/errors';
import { WORKER_THREADS } from '@folio/platform/workers/worker-pool';
import { CONTENT_OBJECT_STORE, ContentObjectStore } from '@folio/platform/object-store/content-object-store.port';
import { filePaths, includePaths, pagePaths, VARS_FILE } from '@folio/kernel/gitsync/folder-layout';
import { FolderLinkData, FolderLinks } from '@folio/kernel/gitsync/folder-links';
import { writeVars } from '@folio/kernel/gitsync/folder-vars';
import { CONFIG_FILE, DEFAULT_CONFIG, writeGitBookConfig } from '@folio/kernel/gitsync/gitbook-config';
import { writeSummary } from '@folio/kernel/gitsync/summary';
import { summaryOfTree } from '@folio/kernel/gitsync/summary-of-tree';
import { frontMatterOf } from '@folio/kernel/markdown/dialect';
import { PageNode } from '@folio/kernel/tree/tree.model';
import { DocumentWork } from '../documents/document-work';
import { fileBytes } from '../files/file-bytes';
import { ContentReads } from '../revisions/content-reads';
import { readAhead } from './read-ahead';
import { ExportOptions, ExportSummary, FolderExportService, FolderSink } from './folder.port';

/** Pages one worker task writes: the folder's link data crosses to the thread once per batch. */
const PAGES_PER_BATCH = 16;
/** Batches written at once: one per worker thread, and one more ready when the event loop is done with one. */
const BATCHES_AHEAD = WORKER_THREADS + 1;

/**
 * Writes a space's content, main's or a revision's, as a Git Sync folder in GitBook's layout (see
 * folder-layout.ts): `.gitbook.yaml`, SUMMARY.md, the pages, `.gitbook/assets`, `.gitbook/includes` and
 * `.gitbook/vars.yaml`. What came from a folder goes back to the path it had. Pages are written in worker
 * threads, a batch at a time, so memory holds a batch's pages, not the space's.
 */
@Injectable()
export class FolderExport implements FolderExportService {
  constructor(
    private readonly contents: ContentReads,
    private readonly documents: DocumentWork,
    @Inject(CONTENT_OBJECT_STORE) private readonly objects: ContentObjectStore,
  ) {}

  async run(caller: Caller, spaceId: string, sink: FolderSink, opts: ExportOptions = {}): Promise<ExportSummary> {
    const { revision, snapshot } = await this.contents.open(caller, spaceId, opts.revision === undefined ? { kind: 'main' } : { kind: 'revision', revisionId: opts.revision });
    // The space's `.gitbook.yaml` redirects go back as they came in.
    const config = { ...DEFAULT_CONFIG, redirects: new Map((await snapshot.folderRedirects()).map(({ source, target }) => [source, target])) };
    const reserved = [CONFIG_FILE, config.summary];
    const pages = await snapshot.pages();
    const paths = pagePaths(pages, reserved);
    const files = await snapshot.files();
    const filesAt = filePaths(files, new Set(reserved));
    const contents = await snapshot.reusableContents();
    const includesAt = includePaths(contents);
    const data: FolderLinkData = { pages: pairs(paths), files: pairs(filesAt), includes: pairs(includesAt) };
    const links = new FolderLinks(data);

    await sink.write(CONFIG_FILE, Buffer.from(writeGitBookConfig(config)));
    await sink.write(config.summary, Buffer.from(writeSummary(summaryOfTree(pages, paths, links.of(config.summary)))));
    const summary: ExportSummary = { revision: revision.id, pages: paths.size, files: files.length, reusableContents: contents.length, keptVerbatim: 0 };

    const documents = pages.filter((page) => paths.has(page.id));
    const batches = Array.from({ length: Math.ceil(documents.length / PAGES_PER_BATCH) }, (_, i) => documents.slice(i * PAGES_PER_BATCH, (i + 1) * PAGES_PER_BATCH));
    const writeBatch = async (batch: PageNode[]) => {
      const inputs = await Promise.all(batch.map(async (page) => ({ path: paths.get(page.id)!, bytes: await snapshot.documentBytes(page), front: frontMatterOf(page) })));
      return (await this.documents.writeFolderPages({ links: data, pages: inputs })).map((written, i) => ({ ...written, path: inputs[i].path }));
    };
    let done = 0;
    for await (const [batch, written] of readAhead(batches, BATCHES_AHEAD, writeBatch)) {
      for (const { path, markdown, keptVerbatim } of written) {
        summary.keptVerbatim += keptVerbatim;
        await sink.write(path, Buffer.from(markdown));
      }
      opts.onProgress?.((done += batch.length), documents.length);
    }
    for (const content of contents) {
      const path = includesAt.get(content.id)!;
      const [{ markdown: body, keptVerbatim }] = await this.documents.writeFolderPages({ links: data, pages: [{ path, bytes: await snapshot.documentBytes(content), front: {} }] });
      summary.keptVerbatim += keptVerbatim;
      // An include's title is its front matter (GitBook's form); its body starts right after.
      await sink.write(path, Buffer.from(`---\n${stringifyYaml({ title: content.title })}---\n\n${body}`));
    }
    for (const file of files) {
      // A large file is chunks: it streams into the folder one chunk at a time.
      const bytes = await fileBytes(this.objects, file);
      if (!bytes) throw new NotFound(`the bytes of file ${file.id}`);
      await sink.write(filesAt.get(file.id)!, bytes.stream());
    }
    const vars = writeVars(await snapshot.variables());
    if (vars !== undefined) await sink.write(VARS_FILE, Buffer.from(vars));
    return summary;
  }
}

const pairs = (paths: Map<string, string>): [string, string][] => [...paths].map(([id, path]) => [path, id]);
