import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AddressPolicy } from '../fetch/address-policy';
import { regularFiles } from './folder-files';
import { GitCommandFailed, GitSpawner, runGit, spawnGit } from './git-command';
import { GitConnection, gitConnection } from './git-connection';
import { gitFailure } from './git-failure';
import { checkOid, checkRef, projectPath } from './git-names';
import { GitBranchMoved, GitCheckout, GitCommit, GitCommitInput, GitHistory, GitRemote, GitSideCommit, GitTarget, GitUnavailable } from './git-remote';

export interface CommandGitRemoteOptions {
  /** Which addresses git may connect to (FETCH_ALLOW_PRIVATE). */
  allowAddress: AddressPolicy;
  /** Name resolution (tests); `dns.lookup` by default. */
  resolve?: (hostname: string) => Promise<string[]>;
  /** GIT_TIMEOUT_S: one git call, network included. */
  timeoutSeconds: number;
  /** GIT_MAX_FETCH_MB: what one fetch may download; a checkout's files may be 4 times that. */
  maxFetchMegabytes: number;
  /** Where the temporary repositories go (TMPDIR). */
  tempDir: string;
  /** How git is started (tests look at argv through it). */
  spawner?: GitSpawner;
}

/**
 * Options every git call runs with, whatever the user's or the system's configuration: no transport but
 * http(s) (no file://, ssh://, ext::), no redirect followed (its target would not be checked against the
 * address policy), no hook, no credential helper or prompt, no submodule, symbolic links checked out as
 * plain files (a link in a repository must not make Folio read outside the checkout), fetched packs kept
 * whole (their size on disk is what the cap watches).
 */
const SAFE_CONFIG = [
  'protocol.allow=never',
  'protocol.http.allow=always',
  'protocol.https.allow=always',
  'http.followRedirects=false',
  'core.hooksPath=/dev/null',
  'credential.helper=',
  'core.askPass=',
  'core.symlinks=false',
  'core.fsmonitor=false',
  'submodule.recurse=false',
  'fetch.recurseSubmodules=false',
  'push.recurseSubmodules=no',
  'transfer.unpackLimit=1',
  'gc.auto=0',
  'advice.detachedHead=false',
].flatMap((option) => ['-c', option]);

const COMMIT_FORMAT = '%H%x00%P%x00%an%x00%ae%x00%aI%x00%B';
const BYTES_PER_MB = 1024 * 1024;

/** One operation's temporary directory: its HOME, its repository, the files it checks out. */
interface Scratch {
  root: string;
  home: string;
  repo: string;
}

/**
 * GitRemote on the `git` command (see the port for the contract). Each operation runs in its own temporary
 * directory (removed whatever happens), each git call with a fixed argv, an environment built from nothing
 * and a time bound; network calls are checked against the address policy first and pinned to the address
 * checked; credentials travel in the environment as an Authorization header, never in argv or a URL.
 */
export class CommandGitRemote extends GitRemote {
  private readonly spawner: GitSpawner;

  constructor(private readonly options: CommandGitRemoteOptions) {
    super();
    this.spawner = options.spawner ?? spawnGit;
  }

  async head(target: GitTarget): Promise<string | null> {
    checkRef(target.ref);
    const connection = await gitConnection(target, this.options);
    const scratch = await this.scratch();
    try {
      return (await this.lsRemote(scratch, connection, target.ref)).oid;
    } catch (error) {
      throw this.failure(error, `reading ${target.ref} of ${connection.url}`, connection);
    } finally {
      await rm(scratch.root, { recursive: true, force: true });
    }
  }

  async checkout(target: GitTarget, commit?: string): Promise<GitCheckout> {
    checkRef(target.ref);
    if (commit !== undefined) checkOid(commit);
    const connection = await gitConnection(target, this.options);
    const scratch = await this.scratch();
    const files = join(scratch.root, 'files');
    const dispose = () => rm(scratch.root, { recursive: true, force: true });
    try {
      await mkdir(files);
      const tip = await this.lsRemote(scratch, connection, target.ref);
      if (!tip.oid) {
        if (commit) throw new GitUnavailable(`${target.ref} does not exist in ${connection.url}, so ${commit} cannot be read from it`, 'not-found');
        return { commit: null, dir: files, dispose };
      }
      const wanted = commit ?? tip.oid;
      await this.init(scratch, tip.sha256);
      await this.fetchCommit(scratch, connection, [wanted], tip.oid);
      await this.checkSize(scratch, wanted);
      await this.git(scratch, ['--work-tree', files, 'read-tree', '-u', '--reset', wanted]);
      return { commit: await this.commitOf(scratch, wanted), dir: files, dispose };
    } catch (error) {
      await dispose();
      throw this.failure(error, `checking out ${target.ref} of ${connection.url}`, connection);
    }
  }

  async history(target: GitTarget, since: string, limit: number): Promise<GitHistory> {
    checkRef(target.ref);
    checkOid(since);
    const connection = await gitConnection(target, this.options);
    const scratch = await this.scratch();
    try {
      const tip = await this.lsRemote(scratch, connection, target.ref);
      if (!tip.oid) return { head: null, commits: null };
      if (tip.oid === since) return { head: since, commits: [] };
      await this.init(scratch, tip.sha256);
      // The branch's history (bounded by GIT_MAX_FETCH_MB like any fetch): `since` must be found in it.
      await this.fetch(scratch, connection, [tip.oid], false);
      try {
        await this.git(scratch, ['merge-base', '--is-ancestor', since, tip.oid]);
      } catch (error) {
        if (error instanceof GitCommandFailed && !error.killed) return { head: tip.oid, commits: null };
        throw error;
      }
      const listed = (await this.git(scratch, ['rev-list', '--first-parent', '--reverse', `${since}..${tip.oid}`])).split('\n').filter((line) => line.length > 0);
      const commits: GitCommit[] = [];
      for (const oid of listed.slice(0, limit)) commits.push({ ...(await this.commitOf(scratch, oid)), renames: await this.renames(scratch, oid) });
      return { head: tip.oid, commits };
    } catch (error) {
      throw this.failure(error, `reading the history of ${target.ref} of ${connection.url}`, connection);
    } finally {
      await rm(scratch.root, { recursive: true, force: true });
    }
  }

  async commitAndPush(target: GitTarget, input: GitCommitInput): Promise<GitCommit> {
    checkRef(target.ref);
    const parents = [input.parent, ...(input.otherParents ?? [])].filter((oid): oid is string => oid !== null).map(checkOid);
    if (input.side) checkOid(input.side.parent);
    const directory = projectPath(input.projectDirectory);
    const connection = await gitConnection(target, this.options);
    const scratch = await this.scratch();
    try {
      // Refused before anything is built when the branch is already elsewhere; the push's lease catches a move after this.
      const tip = await this.lsRemote(scratch, connection, target.ref);
      if (tip.oid !== input.parent) throw new GitBranchMoved(target.ref, input.parent, tip.oid);
      await this.init(scratch, tip.sha256);
      // The parents are the branch's head and commits before it (a merge's other side, its side commit's base).
      const fetched = input.side ? [...parents, input.side.parent] : parents;
      if (fetched.length > 0) await (tip.oid ? this.fetchCommit(scratch, connection, fetched, tip.oid) : this.fetch(scratch, connection, fetched));
      if (input.side) parents.push(await this.sideCommit(scratch, input.side, directory));
      const tree = await this.tree(scratch, input.parent, input.dir, directory, 'commit');
      const oid = (await this.git(scratch, ['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent]), '-F', '-'], { input: input.message, env: identity(input.author) })).trim();
      await this.push(scratch, connection, target.ref, oid, input.parent, parents);
      return await this.commitOf(scratch, oid);
    } catch (error) {
      if (error instanceof GitBranchMoved) throw error;
      throw this.failure(error, `pushing to ${target.ref} of ${connection.url}`, connection);
    } finally {
      await rm(scratch.root, { recursive: true, force: true });
    }
  }

  /** The side commit (see GitSideCommit), in the scratch repository only: the push of the commit that names it carries it. */
  private async sideCommit(scratch: Scratch, side: GitSideCommit, directory: string): Promise<string> {
    const tree = await this.tree(scratch, side.parent, side.dir, directory, 'side');
    return (await this.git(scratch, ['commit-tree', tree, '-p', side.parent, '-F', '-'], { input: side.message, env: identity(side.author) })).trim();
  }

  /**
   * A new commit's tree: the parent's, with `directory` replaced by the folder's regular files (mode 100644).
   * `name` keeps each tree's index files apart (a merge commit builds its side's first).
   */
  private async tree(scratch: Scratch, parent: string | null, folder: string, directory: string, name: string): Promise<string> {
    const paths = await regularFiles(folder);
    const projectIndex = { GIT_INDEX_FILE: join(scratch.root, `${name}-project.index`) };
    const blobs = paths.length === 0 ? [] : (await this.git(scratch, ['hash-object', '-w', '--no-filters', '--stdin-paths'], { input: paths.map((path) => join(folder, path)).join('\n') + '\n' })).trim().split('\n');
    const entries = paths.map((path, index) => `100644 blob ${blobs[index]}\t${path}\0`).join('');
    await this.git(scratch, ['update-index', '--add', '-z', '--index-info'], { input: entries, env: projectIndex });
    const project = (await this.git(scratch, ['write-tree'], { env: projectIndex })).trim();
    if (directory === '') return project;
    // The rest of the repository (beside the project directory) stays as the parent has it.
    const index = { GIT_INDEX_FILE: join(scratch.root, `${name}.index`) };
    if (parent) await this.git(scratch, ['read-tree', parent], { env: index });
    await this.git(scratch, ['rm', '--cached', '-r', '-q', '--ignore-unmatch', '--', directory], { env: index });
    await this.git(scratch, ['read-tree', `--prefix=${directory}/`, project], { env: index });
    return (await this.git(scratch, ['write-tree'], { env: index })).trim();
  }

  /**
   * Pushes `oid` to `ref` only if the branch is still at `parent` (absent when null): the lease is checked by
   * the server as it updates the ref, so a push made meanwhile is never overwritten.
   */
  private async push(scratch: Scratch, connection: GitConnection, ref: string, oid: string, parent: string | null, parents: string[]): Promise<void> {
    const push = () => this.network(scratch, connection, ['push', '--quiet', `--force-with-lease=${ref}:${parent ?? ''}`, '--no-verify', connection.url, `${oid}:${ref}`]);
    try {
      try {
        await push();
      } catch (error) {
        // The parents were fetched without history; a server that cannot see one of them from its branches
        // (another parent of a merge, pushed elsewhere) refuses a push from a shallow repository: then with history.
        if (!(error instanceof GitCommandFailed && /shallow update not allowed/i.test(error.stderr))) throw error;
        await this.network(scratch, connection, ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', '--unshallow', connection.url, ...parents], { watch: this.tooLarge(scratch) });
        await push();
      }
    } catch (error) {
      if (error instanceof GitCommandFailed && /\[rejected\]|stale info|non-fast-forward|fetch first|failed to update ref|cannot lock ref/i.test(error.stderr)) {
        const actual = (await this.lsRemote(scratch, connection, ref)).oid;
        throw new GitBranchMoved(ref, parent, actual);
      }
      throw error;
    }
  }

  /**
   * The ref's commit on the remote (null when it does not exist), and whether the repository is SHA-256: told
   * by the commit id's length, or for a repository without commits by the `object-format` capability the
   * server advertises (protocol v2), read from git's packet trace (pkt-lines only: no HTTP header is in it).
   */
  private async lsRemote(scratch: Scratch, connection: GitConnection, ref: string): Promise<{ oid: string | null; sha256: boolean }> {
    const trace = join(scratch.root, 'ls-remote.trace');
    const listing = await this.network(scratch, connection, ['ls-remote', '--refs', connection.url, ref], { env: { GIT_TRACE_PACKET: trace } });
    for (const line of listing.split('\n')) {
      const [oid, name] = line.split('\t');
      if (name === ref && oid) return { oid: checkOid(oid), sha256: oid.length === 64 };
    }
    const advertised = await readFile(trace, 'utf8').catch(() => '');
    await rm(trace, { force: true });
    return { oid: null, sha256: /object-format=sha256/.test(advertised) };
  }

  /**
   * Fetches `commits` (the branch's tip or commits before it). By id first, without history: protocol v2
   * servers (git ≥ 2.18's default) give any commit they hold that way. A protocol v0 server gives only the
   * commits its refs point to, so for an older commit the branch's history is fetched and the commits must be in it.
   */
  private async fetchCommit(scratch: Scratch, connection: GitConnection, commits: string[], tip: string): Promise<void> {
    try {
      await this.fetch(scratch, connection, commits);
    } catch (error) {
      if (commits.every((commit) => commit === tip) || !(error instanceof GitCommandFailed) || error.killed || !/unadvertised object|not our ref/i.test(error.stderr)) throw error;
      await this.fetch(scratch, connection, [tip], false);
      for (const commit of commits) {
        try {
          await this.git(scratch, ['merge-base', '--is-ancestor', commit, tip]);
        } catch {
          throw new GitUnavailable(`${commit} is not a commit of the branch`, 'not-found');
        }
      }
    }
  }

  /** Fetches `oids` (without history unless `shallow` is false), the download bounded by GIT_MAX_FETCH_MB. */
  private async fetch(scratch: Scratch, connection: GitConnection, oids: string[], shallow = true): Promise<void> {
    const tooLarge = this.tooLarge(scratch);
    // A repository an earlier fetch left shallow gets the history before its boundary too.
    const depth = shallow ? ['--depth=1'] : (await stat(join(scratch.repo, '.git', 'shallow')).catch(() => null)) ? ['--unshallow'] : [];
    await this.network(scratch, connection, ['fetch', '--quiet', '--no-tags', '--no-write-fetch-head', ...depth, connection.url, ...oids], { watch: tooLarge });
    // Watched while it ran (git killed past the cap); looked at once more, for a pack that came between two looks.
    if (await tooLarge()) throw new GitCommandFailed(['fetch'], null, '', 'too-large');
  }

  /** Whether the repository's objects (what fetches brought) grew past GIT_MAX_FETCH_MB. */
  private tooLarge(scratch: Scratch): () => Promise<'too-large' | null> {
    const maxBytes = this.options.maxFetchMegabytes * BYTES_PER_MB;
    const objects = join(scratch.repo, '.git', 'objects');
    return async () => ((await directorySize(objects)) > maxBytes ? 'too-large' : null);
  }

  /** Refuses a tree whose files would take more than 4 × GIT_MAX_FETCH_MB once written out (a pack compresses). */
  private async checkSize(scratch: Scratch, oid: string): Promise<void> {
    const listing = await this.git(scratch, ['ls-tree', '-r', '-l', '-z', oid]);
    let size = 0;
    for (const entry of listing.split('\0')) size += Number(/^\d+ blob [0-9a-f]+\s+(\d+)\t/.exec(entry)?.[1] ?? 0);
    if (size > 4 * this.options.maxFetchMegabytes * BYTES_PER_MB) {
      throw new GitUnavailable(`${oid}'s files take more than ${4 * this.options.maxFetchMegabytes} MiB (4 × GIT_MAX_FETCH_MB)`, 'too-large');
    }
  }

  /** What `oid` moved from its first parent (git's rename detection, exact and similar contents alike). */
  private async renames(scratch: Scratch, oid: string): Promise<{ from: string; to: string }[]> {
    const fields = (await this.git(scratch, ['diff-tree', '-r', '-M', '-z', '--name-status', '--no-commit-id', `${oid}^`, oid])).split('\0');
    const renames: { from: string; to: string }[] = [];
    for (let at = 0; at < fields.length - 1; ) {
      const status = fields[at];
      if (status.startsWith('R')) renames.push({ from: fields[at + 1], to: fields[at + 2] });
      at += status.startsWith('R') || status.startsWith('C') ? 3 : 2;
    }
    return renames;
  }

  private async commitOf(scratch: Scratch, oid: string): Promise<GitCommit> {
    const [id, parents, name, email, date, ...message] = (await this.git(scratch, ['show', '-s', `--format=${COMMIT_FORMAT}`, oid])).split('\0');
    return { oid: id, message: message.join('\0').replace(/\n+$/, ''), parents: parents ? parents.split(' ') : [], author: { name, email, date } };
  }

  private async init(scratch: Scratch, sha256: boolean): Promise<void> {
    await this.git(scratch, ['init', '--quiet', `--object-format=${sha256 ? 'sha256' : 'sha1'}`, scratch.repo]);
  }

  private async scratch(): Promise<Scratch> {
    const root = await mkdtemp(join(this.options.tempDir, 'folio-git-'));
    const home = join(root, 'home');
    await mkdir(home);
    return { root, home, repo: join(root, 'repo') };
  }

  /** A git call that connects to the remote: the pinned address and the credentials' header on top of the rest. */
  private network(scratch: Scratch, connection: GitConnection, args: string[], more: { watch?: () => Promise<'too-large' | null>; env?: Record<string, string> } = {}): Promise<string> {
    return this.git(scratch, [...connection.args, ...args], { env: { ...more.env, ...connection.env }, watch: more.watch });
  }

  /** One git call in the scratch repository (or its root before `init`), with SAFE_CONFIG and a clean environment. */
  private async git(scratch: Scratch, args: string[], more: { input?: string; env?: Record<string, string>; watch?: () => Promise<'too-large' | null> } = {}): Promise<string> {
    const cwd = args[0] === 'init' || args.includes('ls-remote') ? scratch.root : scratch.repo;
    return runGit(this.spawner, [...SAFE_CONFIG, ...args], {
      cwd,
      timeoutMs: this.options.timeoutSeconds * 1000,
      input: more.input,
      watch: more.watch,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: scratch.home,
        LC_ALL: 'C',
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: '/dev/null',
        GIT_TERMINAL_PROMPT: '0',
        GIT_PROTOCOL_FROM_USER: '0',
        GIT_LITERAL_PATHSPECS: '1',
        GIT_CEILING_DIRECTORIES: this.options.tempDir,
        ...more.env,
      },
    });
  }

  private failure(error: unknown, what: string, connection: GitConnection): Error {
    return gitFailure(error, what, connection.secrets, { timeoutSeconds: this.options.timeoutSeconds, maxFetchMegabytes: this.options.maxFetchMegabytes });
  }
}

/** The author, also the committer: the commit is the user's, made through Folio. */
function identity(author: { name: string; email: string }): Record<string, string> {
  return { GIT_AUTHOR_NAME: author.name, GIT_AUTHOR_EMAIL: author.email, GIT_COMMITTER_NAME: author.name, GIT_COMMITTER_EMAIL: author.email };
}

/** Bytes under `dir` (missing: 0). */
async function directorySize(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    try {
      total += (await stat(join(entry.parentPath ?? entry.path, entry.name))).size;
    } catch {
      // Renamed or removed by git meanwhile (tmp_pack → pack-…): counted on the next look.
    }
  }
  return total;
}
