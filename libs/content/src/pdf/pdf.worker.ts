/** The PDF task a worker thread of the platform's WorkerPool runs (see PdfRenderer). Loaded by path, as built JavaScript. */
import { workerTask } from '@folio/platform/workers/worker-task';
import { renderPdf } from './pdf-render';

export const render = workerTask(renderPdf);
