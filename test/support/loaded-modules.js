// Preloaded (`node --require`) into a process under test: at its exit, writes the files of every module it
// loaded, one per line, to the file named by FOLIO_TEST_LOADED_MODULES. Only its main thread: a worker thread (also
// preloaded, through NODE_OPTIONS) would write its own list over it.
const { writeFileSync } = require('node:fs');
const { isMainThread } = require('node:worker_threads');

if (isMainThread) process.on('exit', () => writeFileSync(process.env.FOLIO_TEST_LOADED_MODULES, Object.keys(require.cache).join('\n')));
