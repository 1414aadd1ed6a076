/**
 * The checkpoint thread's program, plain CommonJS run with `new Worker(source, { eval: true })`: the same
 * text runs under Jest (TypeScript sources) and from dist/, where a worker file would need a build of its own.
 *
 * It opens its own connection to the database and answers each message (`PASSIVE` or `TRUNCATE`) with the
 * checkpoint's outcome; `STOP` runs a last TRUNCATE checkpoint, closes the connection and ends the thread.
 * `synchronous = FULL` here is what makes a checkpoint fsync the database file before the WAL frames it
 * copied may be overwritten: without it, a power cut after a WAL restart could lose acknowledged commits.
 */
export const WAL_CHECKPOINT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = ' + workerData.busyTimeoutMs);
db.pragma('synchronous = FULL');
db.pragma('wal_autocheckpoint = 0');
parentPort.on('message', (mode) => {
  const stop = mode === 'STOP';
  const [outcome] = db.pragma('wal_checkpoint(' + (stop ? 'TRUNCATE' : mode) + ')');
  if (!stop) return parentPort.postMessage({ mode, busy: outcome.busy, log: outcome.log, checkpointed: outcome.checkpointed });
  db.close();
  parentPort.close();
});
`;
