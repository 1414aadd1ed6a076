import { INestApplicationContext } from '@nestjs/common';
import { SingleBar } from 'cli-progress';
import { print } from '../cli-io';
import { readCheckout } from '../git-checkout';
import { CommandGroup } from '../subcommand';
import { cliCaller } from './caller';

/** What the runs import, loaded when one runs: every start of the CLI loads the command table (command-table.ts). */
const load = async () => ({
  ...(await import('@folio/content/gitsync/directory-folder')),
  ...(await import('@folio/content/gitsync/folder-export')),
  ...(await import('@folio/content/gitsync/folder-import')),
});

/** A progress bar on stderr (stdout keeps the one JSON line), stopped whatever happens. */
async function withProgress<T>(what: string, work: (progress: (done: number, total: number) => void) => Promise<T>): Promise<T> {
  const bar = new SingleBar({ stream: process.stderr, format: `${what} [{bar}] {value}/{total} pages`, hideCursor: true });
  let started = false;
  try {
    return await work((done, total) => {
      if (!started) bar.start(total, 0);
      started = true;
      bar.setTotal(total);
      bar.update(done);
    });
  } finally {
    if (started) bar.stop();
  }
}

/**
 * A directory in a Git working tree names the commit checked out on the revision the import appends; with
 * changes not committed under it the content is not that commit's, so it names none (and says so on stderr).
 */
async function importSpace(app: INestApplicationContext, [spaceId, dir]: string[], merge: boolean) {
  const checkout = await readCheckout(dir);
  if (checkout?.dirty) process.stderr.write(`${dir} has changes not committed to ${checkout.commit.oid}: the import names no commit\n`);
  const commit = checkout && !checkout.dirty ? checkout.commit : undefined;
  const { DirectorySource, FolderImport } = await load();
  return withProgress('Importing', (onProgress) => app.get(FolderImport).run(cliCaller(), spaceId, new DirectorySource(dir), { merge, onProgress, commit }));
}

async function exportSpace(app: INestApplicationContext, [spaceId, dir]: string[], revision?: string) {
  const { DirectorySink, FolderExport } = await load();
  return withProgress('Exporting', (onProgress) => app.get(FolderExport).run(cliCaller(), spaceId, new DirectorySink(dir), { revision, onProgress }));
}

export const importCommand: CommandGroup = {
  space: {
    summary: "read a Git Sync folder into a new change request of the space (merged with --merge), naming the Git commit it is checked out at; prints its summary",
    positionals: ['<spaceId>', '<dir>'],
    options: { merge: { value: '', flag: true } },
    run: async (app, positionals, args) => print(await importSpace(app, positionals, args.merge === true)),
  },
};

export const exportCommand: CommandGroup = {
  space: {
    summary: "write the space's content (main's, or --revision R's) as a Git Sync folder into <dir>; prints its summary",
    positionals: ['<spaceId>', '<dir>'],
    options: { revision: { value: 'R' } },
    run: async (app, positionals, args) => print(await exportSpace(app, positionals, args.revision as string | undefined)),
  },
};
