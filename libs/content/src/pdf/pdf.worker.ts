/** The PDF tasks a worker thread of the platform's WorkerPool runs (see PdfRenderer). Loaded by path, as built JavaScript. */
import { workerTask } from '@folio/platform/workers/worker-task';
import { inspectDocument } from './document-refs';
import { renderPdf } from './pdf-render';

export const render = workerTask(renderPdf);

export const inspect = workerTask(inspectDocument);
