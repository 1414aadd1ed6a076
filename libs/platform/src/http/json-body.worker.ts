/** The body task a worker thread of the platform's WorkerPool runs for a large body (see installJsonBodyParser). */
import { Invalid } from '../domain/errors';
import { asBuffer } from '../object-store/content-object-store.port';
import { workerTask } from '../workers/worker-task';
import { parseJsonBody } from './json-body';

export const parse = workerTask((bytes: Uint8Array) => {
  try {
    return parseJsonBody(asBuffer(bytes).toString('utf8'));
  } catch (error) {
    // A refusal carries its status as a property, which does not cross the thread: it is a 400 (Invalid).
    throw (error as { statusCode?: number }).statusCode === 400 ? new Invalid((error as Error).message) : error;
  }
});
