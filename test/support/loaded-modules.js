// Preloaded (`node --require`) into a process under test: at its exit, writes the files of every module it
// loaded, one per line, to the file named by FOLIO_TEST_LOADED_MODULES.
const { writeFileSync } = require('node:fs');

process.on('exit', () => writeFileSync(process.env.FOLIO_TEST_LOADED_MODULES, Object.keys(require.cache).join('\n')));
