import { INestApplicationContext } from '@nestjs/common';
import { SingleBar } from 'cli-progress';
import { DirectorySink, DirectorySource } from '@folio/content/gitsync/directory-folder';
import { FolderExport } from '@folio/content/gitsync/folder-export';
import { FolderImport } from '@folio/content/gitsync/folder-import';
import { print } from '../cli-io';
import { readCheckout } from '../git-checkout';
import { CommandGroup } from '../subcommand';
import { cliCaller } from './caller';

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
  return withProgress('Importing', (onProgress) => app.get(FolderImport).run(cliCaller(), spaceId, new DirectorySource(dir), { merge, onProgress, commit }));
}

const exportSpace = (app: INestApplicationContext, [spaceId, dir]: string[], revision?: string) =>
  withProgress('Exporting', (onProgress) => app.get(FolderExport).run(cliCaller(), spaceId, new DirectorySink(dir), { revision, onProgress }));

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
