#!/usr/bin/env node
// How well the pages of a folder survive GitBook's Markdown dialect, page by page (libs/kernel/src/markdown/
// fidelity.ts): each `.md` file under the folder given is read and written once with its targets kept as written,
// and counted as equal after normalization, refused, or not a fixpoint. Reads only that folder; prints a one-line
// JSON summary on stdout and, with --list, the pages that are not equal on stderr.
//   node scripts/page-fidelity.js <folder> [--list]
require('./build-if-needed').buildIfNeeded();
const { readdirSync, readFileSync } = require('node:fs');
const { join, relative } = require('node:path');

const [folder, flag] = process.argv.slice(2);
if (!folder) {
  process.stderr.write('usage: node scripts/page-fidelity.js <folder> [--list]\n');
  process.exit(2);
}
const { pageFidelity, WRITTEN_TARGETS } = require('../dist/libs/kernel/src/markdown/fidelity');

function pages(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === '.git' ? [] : pages(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const summary = { pages: 0, equal: 0, refused: 0, notFixpoint: 0 };
for (const path of pages(folder)) {
  summary.pages++;
  const result = pageFidelity(readFileSync(path, 'utf8'), { links: WRITTEN_TARGETS });
  const name = relative(folder, path);
  if (result.refused !== undefined) {
    summary.refused++;
    if (flag === '--list') process.stderr.write(`refused  ${name}: ${result.refused}\n`);
    continue;
  }
  if (result.equal) summary.equal++;
  else if (flag === '--list') process.stderr.write(`changed  ${name}\n`);
  if (!result.fixpoint) {
    summary.notFixpoint++;
    if (flag === '--list') process.stderr.write(`moving   ${name}\n`);
  }
}
process.stdout.write(`${JSON.stringify({ ...summary, equalShare: summary.pages ? Number((summary.equal / summary.pages).toFixed(3)) : 1 })}\n`);
