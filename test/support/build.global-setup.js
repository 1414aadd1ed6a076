// The e2e tests that run Folio as its users do (the CLI, `npm start` and SIGTERM) need the build.
const { execFileSync } = require('node:child_process');
const { join } = require('node:path');

module.exports = () => {
  execFileSync(process.execPath, [join(__dirname, '..', '..', 'scripts', 'build-if-needed.js')], { stdio: 'inherit' });
};
