#!/usr/bin/env node
// `npm start`, `npm run cli` and `npm run bench` build first when a source file is newer than the last
// build, so a fresh clone needs only `npm ci && npm start`. Output goes to stderr: a CLI's stdout is
// its answer. Run as a script, or required (scripts/start.js builds, then runs the server in-process).
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, statSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const stamp = join(root, 'dist', '.build-stamp');

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(path));
    else if (entry.name.endsWith('.ts')) latest = Math.max(latest, statSync(path).mtimeMs);
  }
  return latest;
}

function buildIfNeeded() {
  const sources = ['apps', 'libs', 'bench'].map((d) => join(root, d)).filter(existsSync);
  // The image carries dist/ without the sources: nothing to build there (`npm run cli` in a container).
  if (sources.length === 0) return;
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const changed = Math.max(...sources.map(newest), statSync(join(root, 'tsconfig.json')).mtimeMs);
  if (changed <= built) return;
  process.stderr.write('Building Folio (tsc, about 20 s on 2 cores)…\n');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}

if (require.main === module) buildIfNeeded();

module.exports = { buildIfNeeded };
