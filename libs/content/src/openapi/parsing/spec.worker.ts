/**
 * The spec task a worker thread of the platform's WorkerPool runs (see spec-parsing.ts): parsing and
 * validating an OpenAPI document, off the event loop. Loaded by path, as built JavaScript.
 */
import { workerTask } from '@folio/platform/workers/worker-task';
import { parseSpec } from './parse-spec';

export const parse = workerTask(parseSpec);
