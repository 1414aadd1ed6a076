#!/usr/bin/env node
// `npm start`: builds when a source changed, then runs the API in this same process, so the server is
// the process that receives signals. package.json runs it with `exec`: npm forwards SIGTERM to its
// child, which without `exec` is the `sh -c` npm runs scripts in (dash does not replace itself with
// its last command), and that shell dies of the signal leaving the server running. A `prestart`
// build step would be run the same way, as another child of npm.
require('./build-if-needed').buildIfNeeded();
require('../dist/apps/api/src/main.js');
