/**
 * The document tasks a worker thread of the platform's WorkerPool runs (see document-work.ts): what can be
 * long for a big page, off the event loop. Loaded by path, as built JavaScript.
 */
import { workerTask } from '@folio/platform/workers/worker-task';
import { encodeMarkdown as encode } from '../change-requests/content/encoded-markdown';
import { documentToMarkdown } from '@folio/kernel/markdown/document-to-markdown';
import { markdownToDocument } from '@folio/kernel/markdown/markdown-to-document';
import { decodeDocument } from '@folio/kernel/document/stored-document';
import { readFolderPages as readPages, writeFolderPages as writePages } from '../gitsync/folder-pages';

export const parse = workerTask(({ markdown, maxNodes }: { markdown: string; maxNodes: number }) => markdownToDocument(markdown, { maxNodes }));

export const encodeMarkdown = workerTask(encode);

export const toMarkdown = workerTask(({ bytes, page }: { bytes: Uint8Array | null; page: { title?: string; description?: string } }) =>
  documentToMarkdown(decodeDocument(bytes), page),
);

export const readFolderPages = workerTask(readPages);

export const writeFolderPages = workerTask(writePages);
