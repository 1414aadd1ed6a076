import { ListQuery } from '@folio/platform/http/pagination';

/** Parsed `--name value` options. */
export type CliArgs = Record<string, string | boolean | undefined>;

/** Wrong use of the CLI: the usage goes to stderr and the exit code is 2. */
export class UsageError extends Error {}

/** The CLI's answer: one JSON line on stdout. Everything else (logs, progress) goes to stderr. */
export function print(value: unknown) {
  process.stdout.write(`${JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}\n`);
}

/** The options of every listing command, as the usage shows them. */
export const PAGING = { limit: { value: 'N' }, page: { value: 'P' } };

/** Page size when following every page: bounds memory per read, not the output. */
const FOLLOW_LIMIT = 1000;

/**
 * Prints a paged list, one JSON line per item. Without `--limit`, follows the pages to the end (from
 * `--page` when given); with it, prints one page of that size and, when more follow, the `--page` to
 * continue with on stderr, so stdout stays items only.
 */
export async function printPages<T>(args: CliArgs, read: (list: ListQuery) => Promise<{ items: T[]; next?: { page: string } }>) {
  const limit = args.limit === undefined ? undefined : Number(args.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 1000)) {
    throw new UsageError('--limit must be an integer from 1 to 1000');
  }
  let page = args.page as string | undefined;
  do {
    const result = await read({ limit: limit ?? FOLLOW_LIMIT, page });
    for (const item of result.items) print(item);
    page = result.next?.page;
    if (limit !== undefined) {
      if (page) process.stderr.write(`more follow: --page ${page}\n`);
      return;
    }
  } while (page);
}
