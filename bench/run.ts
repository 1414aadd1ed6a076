// `npm run bench`: Folio's API (embedded mode, its own process) under load from autocannon in this
// process, next to the yardstick (a plain Nest app with no Folio code: bench/plain-nest.ts), Nest's ceiling
// through Folio's set-up (a hello-world Nest app built by Folio's createApp) and a bare Fastify baseline,
// each with its server CPU time per request: issue 25's bars are Folio's CPU per request as multiples of
// the yardstick's. Then a 1,000-page import and a 500-page PDF in the same API process, whose resident memory
// is read at the end; a projection rebuild over a log of at least 100k events in this process (next to a raw
// scan of the log) and as the CLI's whole `projections rebuild` process.
// The report goes to stdout, ending with one JSON line holding every figure; progress goes to stderr.
// Everything runs on 127.0.0.1, on a fresh temp DATA_DIR that is removed however the bench ends.
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, platform, tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppendNoticeFigures, measureAppendNotice } from './append-notice';
import { IMPORTED_PAGES, PRINTED_PAGES } from './api-memory';
import {
  barChecks,
  Check,
  CommandFigures,
  COMMAND_ORGS,
  COMMAND_SECONDS,
  CONNECTIONS,
  measureCore,
  MemoryFigures,
  READ_SECONDS,
  READ_WARMUP_SECONDS,
  ReadFigures,
  REPLAY_MIN_EVENTS,
  TARGET,
} from './bars';
import { ContentFigures, LARGE_SPACE_PAGES, measureContent } from './content';
import { killAll } from './children';
import { CliRebuildFigures } from './cli-rebuild';
import { LoadFigures } from './load';
import { ReplayFigures } from './replay';
import { ms, num, ratio, seconds, section, table, us } from './report';
import { measureSpaceLists, SpaceListFigures } from './space-lists';
import { CommentListFigures, measureCommentLists } from './comment-lists';
import { measurePublishedSite, PublishedSiteFigures } from './published-site';
import { measureResolveUrl, RESOLVE_TARGET_MS, ResolveUrlFigures, resolveUrlReport } from './resolve-url';
import { HEAVY_INPUT_BAR_MS, HeavyInputFigures, heavyInputReport, measureHeavyInput, worstGet } from './heavy-input';
import { GitSyncFigures, gitSyncChecks, gitSyncReport, measureGitSyncFolders } from './gitsync-folder';
import { measureReaderReads, READER_READS_TARGET_MS, ReaderReadsFigures, readerReadsReport } from './reader-reads';
import { measureOpenAPIParse, OpenAPIParseFigures, openAPIParseReport } from './openapi-parse';
import { measureOpenAPIProcessing, medianOf, OPENAPI_TARGET_MS, OpenAPIProcessingFigures, openAPIProcessingReport } from './openapi-processing';
import { measureTranslationRun, TRANSLATION_TARGET_MS, TranslationRunFigures, translationRunReport } from './translation-run';
import { GitExportFigures, gitExportReport, measureGitExport } from './git-export';
import { HTTP_OVERHEAD_TARGET, HttpOverheadFigures, httpOverheadReport, measureHttpOverhead } from './http-overhead';
import { INSIGHTS_CONVERSATIONS, INSIGHTS_RATIO_TARGET, insightsGrowth, InsightsIngestFigures, insightsIngestReport, measureInsightsIngest } from './insights-ingest';

/** The background work of issues 21 and 22: a large spec's parse and processing, a space's translation run, conversations' ingestion. */
interface BackgroundFigures {
  parse: OpenAPIParseFigures;
  processing: OpenAPIProcessingFigures;
  translation: TranslationRunFigures;
  insights: InsightsIngestFigures;
}

/**
 * Well above the time a normal run takes (seeding and projecting 100k spaces, a 5,000-page space, a site of
 * 1,000 site spaces and 10,000 conversations included: half an hour on a loaded 2-core machine): a
 * hung step must not keep the bench (and its children) alive.
 */
const WATCHDOG_MS = 3_600_000;

const log = (message: string) => process.stderr.write(`${message}\n`);

// ---- Clean-up on every way out: normal end, thrown error, signal, watchdog. All of them end in
// process.exit, so the 'exit' handler (synchronous) kills the children and removes the temp dir. ----

const tempDir = mkdtempSync(join(tmpdir(), 'folio-bench-'));

function cleanUpNow() {
  killAll();
  rmSync(tempDir, { recursive: true, force: true });
}
process.on('exit', cleanUpNow);
for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
  process.once(signal, () => {
    log(`\n${signal}: stopping the bench`);
    process.exit(code);
  });
}
setTimeout(() => {
  log(`bench still running after ${WATCHDOG_MS / 1000} s: giving up`);
  process.exit(2);
}, WATCHDOG_MS).unref();

// ---- Report. ----

function checks(
  reads: ReadFigures,
  commands: CommandFigures,
  replay: ReplayFigures,
  apiExit: number | null,
  lists: SpaceListFigures[],
  notice: AppendNoticeFigures,
  content: ContentFigures,
  memory: MemoryFigures,
  comments: CommentListFigures,
  site: PublishedSiteFigures,
  resolved: ResolveUrlFigures,
  heavy: HeavyInputFigures[],
  folders: GitSyncFigures,
  readers: ReaderReadsFigures,
  background: BackgroundFigures,
  overhead: HttpOverheadFigures,
  gitExport: GitExportFigures,
  cliRebuild: CliRebuildFigures,
): Check[] {
  const changed = replay.eventTypes.OrganizationSettingsChanged ?? 0;
  const clean = (f: LoadFigures) => f.non2xx === 0 && f.errors === 0;
  const codes = (f: LoadFigures) => `non-2xx ${f.non2xx}, errors ${f.errors}, status ${JSON.stringify(f.statusCodes)}`;
  return [
    { name: 'reads: all 2xx (folio)', ok: clean(reads.folio), detail: codes(reads.folio) },
    { name: 'reads: all 2xx (plain nest)', ok: clean(reads.plain), detail: codes(reads.plain) },
    { name: 'reads: all 2xx (nest ceiling)', ok: clean(reads.ceiling), detail: codes(reads.ceiling) },
    { name: 'reads: all 2xx (bare)', ok: clean(reads.bare), detail: codes(reads.bare) },
    ...barChecks({ reads, commands, memory, replay, cliRebuild }, content.pageRead),
    { name: 'commands: all 2xx', ok: clean(commands), detail: codes(commands) },
    { name: 'commands: all 2xx (plain nest)', ok: clean(commands.plain), detail: codes(commands.plain) },
    { name: 'commands: all 2xx (nest ceiling)', ok: clean(commands.ceiling), detail: codes(commands.ceiling) },
    {
      // Every 2xx appended its event, and no event appeared without a PATCH to cause it.
      name: 'commands: one event per PATCH',
      ok: commands.ok2xxWithWarmup <= changed && changed <= commands.sent,
      detail: `${commands.ok2xxWithWarmup} PATCH 2xx ≤ ${changed} OrganizationSettingsChanged events ≤ ${commands.sent} PATCHes sent; warm-up included`,
    },
    { name: 'replay: every event projected', ok: replay.events === replay.rawRows, detail: `${replay.events} replayed, ${replay.rawRows} rows` },
    { name: 'api: clean exit on SIGTERM', ok: apiExit === 0, detail: `exit code ${apiExit}` },
    { name: "another process's append heard within 100 ms (p50)", ok: notice.p50Ms < 100, detail: `p50 ${ms(notice.p50Ms)}, max ${ms(notice.maxMs)} over ${notice.samples}` },
    ...lists.map((l) => ({ name: `space list of ${l.spaces}: all 2xx`, ok: clean(l.first) && clean(l.deep), detail: `${codes(l.first)}; ${codes(l.deep)}` })),
    ...contentChecks(content),
    { name: `comment list of ${num(comments.comments)}: all 2xx`, ok: clean(comments.first) && clean(comments.deep), detail: `${codes(comments.first)}; ${codes(comments.deep)}` },
    { name: `comment list page ${comments.deepPage} / page 1 ≤ 1.5 (p50)`, ok: comments.ratio <= 1.5, detail: `${ratio(comments.ratio)}: ${ms(comments.deep.p50Ms)} / ${ms(comments.first.p50Ms)}` },
    {
      name: `published site of ${site.sections} sections and ${num(site.siteSpaces)} site spaces: p50 under 20 ms`,
      ok: site.figures.p50Ms < 20 && clean(site.figures),
      detail: `p50 ${ms(site.figures.p50Ms)}, p99 ${ms(site.figures.p99Ms)}, ${num(site.bytes / 1024)} KiB; ${codes(site.figures)}`,
    },
    {
      name: `resolving a URL of a site of ${resolved.sections} sections: p50 under ${RESOLVE_TARGET_MS} ms`,
      ok: resolved.figures.p50Ms < RESOLVE_TARGET_MS && clean(resolved.figures),
      detail: `p50 ${ms(resolved.figures.p50Ms)}, p99 ${ms(resolved.figures.p99Ms)}; ${codes(resolved.figures)}`,
    },
    {
      name: `no GET waits more than ${HEAVY_INPUT_BAR_MS} ms behind a heavy request`,
      ok: worstGet(heavy) < HEAVY_INPUT_BAR_MS,
      detail: `worst ${ms(worstGet(heavy))}, ${heavy.filter((f) => f.max >= HEAVY_INPUT_BAR_MS).map((f) => f.input).join(', ') || 'every input under the bar'}`,
    },
    ...gitSyncChecks(folders),
    ...readers.reads.map((r) => ({
      name: `${r.name} of a ${num(readers.pages)}-page space: p50 under ${READER_READS_TARGET_MS} ms`,
      ok: r.folio.p50Ms < READER_READS_TARGET_MS,
      detail: `gzip p50 ${ms(r.folio.p50Ms)}, p95 ${ms(r.folio.p95Ms)}, first ${ms(r.firstMs)}; bare p50 ${ms(r.bare.p50Ms)} (${ratio(r.ratio)}); ${num(r.bytes / 1024)} KiB`,
    })),
    {
      name: `a ${num(background.processing.bytes / 1e6, 1)} MB OpenAPI spec processes in under ${ms(OPENAPI_TARGET_MS)} (median)`,
      ok: medianOf(background.processing.runsMs) < OPENAPI_TARGET_MS,
      detail: background.processing.runsMs.map(ms).join(', '),
    },
    {
      name: `a ${background.translation.pages}-page space translates (pseudo engine) in under ${ms(TRANSLATION_TARGET_MS)}`,
      ok: background.translation.runMs < TRANSLATION_TARGET_MS,
      detail: ms(background.translation.runMs),
    },
    {
      name: `${num(INSIGHTS_CONVERSATIONS)} conversations ingested: the last 1,000 cost at most ${INSIGHTS_RATIO_TARGET}× the first 1,000`,
      ok: insightsGrowth(background.insights) <= INSIGHTS_RATIO_TARGET,
      detail: ratio(insightsGrowth(background.insights)),
    },
    {
      name: `rate limits and metrics cost reads under ${HTTP_OVERHEAD_TARGET * 100}% of their throughput, every answer 2xx`,
      ok: overhead.cost < HTTP_OVERHEAD_TARGET && overhead.reads.every((r) => r.non2xx === 0),
      detail: `${num(overhead.cost * 100, 1)}% (${overhead.reads.map((r) => `${r.name} ${num(r.cost * 100, 1)}%`).join(', ')})`,
    },
    {
      name: 'a one-page change is pushed as a commit touching that page alone',
      ok: gitExport.changedFiles === 1,
      detail: `${gitExport.changedFiles} file(s); first export of ${num(gitExport.pages)} pages ${ms(gitExport.firstExportMs)}, the change's export ${ms(gitExport.changeExportMs)}`,
    },
    {
      name: 'connected to a branch, a one-page merge is pushed as one commit touching that page alone',
      ok: gitExport.syncChangedFiles === 1,
      detail: `${gitExport.syncChangedFiles} file(s); merge → pushed commit ${seconds(gitExport.syncRoundTripMs)}, first sync of ${num(gitExport.pages)} pages ${seconds(gitExport.syncFirstMs)}, a commit pulled (webhook → main) ${seconds(gitExport.pullMs)}`,
    },
  ];
}

/** The content targets: page reads that do not grow with the space, and merges and batches that stay bounded. */
function contentChecks(content: ContentFigures): Check[] {
  return [
    ...content.reads.map((r) => ({ name: `page read at ${r.pages} pages: all 2xx`, ok: r.figures.non2xx === 0 && r.figures.errors === 0, detail: `non-2xx ${r.figures.non2xx}` })),
    { name: `page read ${LARGE_SPACE_PAGES} / 10 pages ≤ 1.5 (p50)`, ok: content.readRatio <= 1.5, detail: ratio(content.readRatio) },
    { name: 'a 50-change batch applies in under 1 s', ok: content.batchMs < 1000, detail: ms(content.batchMs) },
    { name: 'a request touching 100 pages merges in under 1 s', ok: content.mergeMs < 1000 && content.mergeResult === 'merge', detail: `${ms(content.mergeMs)}, ${content.mergeResult}` },
    { name: 'resident memory growth during that merge under 100 MB', ok: content.mergeRssGrowthMb < 100, detail: `${num(content.mergeRssGrowthMb, 1)} MB` },
    ...(['selective', 'broad'] as const).map((kind) => ({
      name: `search p50 under 25 ms (${kind} query, 5,000 pages)`,
      ok: content.search[kind].p50Ms < 25 && content.search[kind].non2xx === 0,
      detail: `p50 ${ms(content.search[kind].p50Ms)}, p99 ${ms(content.search[kind].p99Ms)}`,
    })),
    {
      name: 'link statuses of the whole 5,000-page space under 500 ms (p50)',
      ok: content.links.p50Ms < 500 && content.links.total > 0,
      detail: `p50 ${ms(content.links.p50Ms)}, max ${ms(content.links.maxMs)} over ${content.links.runs} runs; ${num(content.links.total)} links, ${num(content.links.broken)} broken`,
    },
    { name: 'a whole 5,000-page space is refused as one PDF (over the page limit)', ok: content.pdf.wholeSpaceStatus === 400, detail: `status ${content.pdf.wholeSpaceStatus}` },
  ];
}

/** Page time at the largest list over page time at the smallest (p50), first and deep page. */
function listRatios(lists: SpaceListFigures[]) {
  const [small, large] = [lists[0], lists[lists.length - 1]];
  return { first: large.first.p50Ms / small.first.p50Ms, deep: large.deep.p50Ms / small.deep.p50Ms };
}

function report(
  reads: ReadFigures,
  commands: CommandFigures,
  replay: ReplayFigures,
  shutdownMs: number,
  results: Check[],
  lists: SpaceListFigures[],
  notice: AppendNoticeFigures,
  content: ContentFigures,
  memory: MemoryFigures,
  comments: CommentListFigures,
  site: PublishedSiteFigures,
  resolved: ResolveUrlFigures,
  heavy: HeavyInputFigures[],
  folders: GitSyncFigures,
  readers: ReaderReadsFigures,
  background: BackgroundFigures,
  overhead: HttpOverheadFigures,
  gitExport: GitExportFigures,
  cliRebuild: CliRebuildFigures,
): string {
  const load = (label: string, f: LoadFigures) => [
    label,
    num(f.rps),
    us(f.cpuUsPerRequest),
    ms(f.p50Ms),
    ms(f.p99Ms),
    num(f.total),
    num(f.non2xx + f.errors),
  ];
  const loadHeader = ['', 'req/s', 'server CPU/req', 'p50', 'p99', 'requests', 'failed'];
  return [
    `Folio bench — ${machine()}\n` +
      'Load generator (autocannon) and server share these CPUs, so the fastest figures are partly capped by the client.\n',
    section(
      `Reads — GET /v1/orgs/{id}, ${CONNECTIONS} connections, ${READ_SECONDS} s after ${READ_WARMUP_SECONDS} s warm-up`,
      table(loadHeader, [
        load('Folio API', reads.folio),
        load('plain Nest app (the yardstick, no Folio code)', reads.plain),
        load("Nest's ceiling (hello world, Folio's set-up)", reads.ceiling),
        load('bare Fastify (from memory)', reads.bare),
        load(`Folio: page read of the ${num(LARGE_SPACE_PAGES)}-page space`, content.pageRead),
      ]) +
        `\n\nServer CPU per request / the plain Nest app's GET: Folio ${ratio(reads.cpuOfPlain)} (bar ≤ ${ratio(TARGET.getCpuOfPlain)}), ` +
        `page read of the ${num(LARGE_SPACE_PAGES)}-page space ${ratio(content.pageRead.cpuUsPerRequest / reads.plain.cpuUsPerRequest)} (bar ≤ ${ratio(TARGET.pageReadCpuOfPlain)}), ` +
        `Nest's ceiling ${ratio(reads.ceilingCpuOfPlain)} (Folio's HTTP set-up alone)` +
        `\nreq/s: Folio / plain Nest ${ratio(reads.plainRatio)}, Nest's ceiling / plain Nest ${ratio(reads.ceilingOfPlain)}, ` +
        `Folio / Nest's ceiling ${ratio(reads.ceilingRatio)} (issue 10 asked ≥ 0.80×), Folio / bare ${ratio(reads.ratio)} (issue 10 asked ≥ 0.50×), ` +
        `Nest's ceiling / bare ${ratio(reads.ceilingOfBare)}` +
        `\nServer CPU/req: the server process's CPU time (user + system, /proc) over the measured run, per request.` +
        ` The page read runs in the content bench's API (bench/content.ts) under the same load (${CONNECTIONS} connections, ${READ_SECONDS} s after ${READ_WARMUP_SECONDS} s).`,
    ),
    section(
      `Commands — PATCH /v1/orgs/{id} title over ${COMMAND_ORGS} orgs, ${CONNECTIONS} connections, ${COMMAND_SECONDS} s`,
      table(loadHeader, [
        load('Folio API', commands),
        load('plain Nest app (ValidationPipe on an equal DTO, constant answer)', commands.plain),
        load("Nest's ceiling (Folio's set-up and DTO, constant answer)", commands.ceiling),
      ]) +
        '\n\nEach PATCH is a durable append (synchronous=FULL) plus a wait for the read model (read-your-writes).' +
        `\nServer CPU per PATCH / the plain Nest app's: Folio ${ratio(commands.cpuOfPlain)} (bar ≤ ${ratio(TARGET.patchCpuOfPlain)}), Nest's ceiling ${ratio(commands.ceilingCpuOfPlain)}` +
        `\nreq/s: Folio / plain Nest ${ratio(commands.rps / commands.plain.rps)}, Folio / Nest's ceiling ${ratio(commands.rps / commands.ceiling.rps)}` +
        ` (issue 10 asked ≥ 3,000/s: ${num(commands.rps)}/s here)`,
    ),
    section(
      `Replay — rebuildProjections over the whole log (the API's, topped up to ≥ ${num(REPLAY_MIN_EVENTS)} events), API stopped`,
      table(
        ['', 'items', 'seconds', 'per second'],
        [
          ['rebuildProjections (events)', num(replay.events), num(replay.rebuildSeconds, 3), num(replay.rebuildEventsPerSec)],
          ['  of which the swap (copy, indexes)', '', num(replay.swapSeconds, 3), ''],
          [`rawScan (rows, median of 5)`, num(replay.rawRows), num(replay.rawScanSeconds, 4), num(replay.rawRowsPerSec)],
          ['projections rebuild process, start to exit (events)', num(cliRebuild.events), num(cliRebuild.seconds, 3), num(cliRebuild.eventsPerSec)],
          ['  of which the replay as the CLI times it', '', num(cliRebuild.replaySeconds, 3), ''],
        ],
      ) +
        `\n\nrebuild / raw scan: ${ratio(replay.rebuildEventsPerSec / replay.rawRowsPerSec)}` +
        ` (the raw scan reads rows without decoding, projecting or writing them); bars: ≥ ${num(TARGET.replayEventsPerSecond)} events/s in process,` +
        ` ≥ ${num(TARGET.cliRebuildEventsPerSecond)} events/s for the whole process (\`node dist/apps/cli/src/main.js projections rebuild\`, after the in-process rebuild)` +
        `\n${num(replay.seededEvents)} of the events were written straight into the log before the rebuild (organization settings changes, spaces and their retitles: see bench/replay-log.ts)`,
    ),
    section(
      'Resident memory after each phase',
      table(
        ['', 'MB'],
        [
          ['Folio API after the reads', num(memory.apiAfterReadsMb, 1)],
          ['Folio API after the commands', num(memory.apiAfterCommandsMb, 1)],
          [`  peak during a ${num(IMPORTED_PAGES)}-page zip import (merged), ${seconds(memory.phases.importMs)}`, num(memory.phases.importPeakMb, 1)],
          ['Folio API after the import', num(memory.phases.afterImportMb, 1)],
          [`  peak during the PDF of a ${PRINTED_PAGES}-page space (${num(memory.phases.pdfBytes / 2 ** 20, 1)} MiB, ${seconds(memory.phases.pdfMs)})`, num(memory.phases.pdfPeakMb, 1)],
          ['Folio API after the bench (every phase it runs)', num(memory.apiAfterBenchMb, 1)],
          ['bench process after the replay (rebuild runs in it)', num(memory.benchAfterReplayMb, 1)],
        ],
      ) + `\n\nBar: the API ≤ ${TARGET.residentMb} MB after the bench, caches at their default sizes.`,
    ),
    section(
      'Space lists — GET /v1/orgs/{id}/spaces?limit=100, 4 connections',
      table(
        ['spaces', 'page', 'req/s', 'p50', 'p99'],
        lists.flatMap((l) => [
          [num(l.spaces), 'first', num(l.first.rps), ms(l.first.p50Ms), ms(l.first.p99Ms)],
          [num(l.spaces), `page ${l.deepPage}`, num(l.deep.rps), ms(l.deep.p50Ms), ms(l.deep.p99Ms)],
        ]),
      ) +
        `\n\npage time ${num(lists[lists.length - 1].spaces)} / ${num(lists[0].spaces)} spaces (p50): first page ${ratio(listRatios(lists).first)}, deep page ${ratio(listRatios(lists).deep)} (target ≤ 1.5)`,
    ),
    section(
      `Comment lists — GET /v1/spaces/{id}/comments?limit=100 over ${num(comments.comments)} comments, 4 connections`,
      table(
        ['page', 'req/s', 'p50', 'p99'],
        [
          ['first', num(comments.first.rps), ms(comments.first.p50Ms), ms(comments.first.p99Ms)],
          [`page ${comments.deepPage}`, num(comments.deep.rps), ms(comments.deep.p50Ms), ms(comments.deep.p99Ms)],
        ],
      ) + `\n\npage ${comments.deepPage} / first page (p50): ${ratio(comments.ratio)} (target ≤ 1.5)`,
    ),
    section(
      `Published site — GET /v1/orgs/{id}/sites/{id}/published, ${site.sections} sections and ${num(site.siteSpaces)} site spaces, 4 connections`,
      table(['req/s', 'p50', 'p99', 'answer'], [[num(site.figures.rps), ms(site.figures.p50Ms), ms(site.figures.p99Ms), `${num(site.bytes / 1024)} KiB`]]) +
        '\n\nTarget: p50 under 20 ms.',
    ),
    section('Resolve URL', resolveUrlReport(resolved)),
    section(
      `Content (a ${num(LARGE_SPACE_PAGES)}-page space seeded through the API in ${num(content.seedSeconds, 1)} s)`,
      table(
        ['measure', 'req/s', 'p50', 'p99'],
        content.reads.map((r) => [`page read at ${num(r.pages)} pages`, num(r.figures.rps), ms(r.figures.p50Ms), ms(r.figures.p99Ms)]),
      ) +
        `\n\npage read ${num(LARGE_SPACE_PAGES)} / 10 pages (p50): ${ratio(content.readRatio)} (target ≤ 1.5)` +
        `\n50-change batch: ${ms(content.batchMs)}; merge touching 100 pages: ${ms(content.mergeMs)} (${content.mergeResult}); ` +
        `resident memory growth during the merge: ${num(content.mergeRssGrowthMb, 1)} MB` +
        `\nsearch p50 / p99: selective ${ms(content.search.selective.p50Ms)} / ${ms(content.search.selective.p99Ms)}, ` +
        `every page matching ${ms(content.search.broad.p50Ms)} / ${ms(content.search.broad.p99Ms)} (target p50 < 25 ms)` +
        `\nlink statuses of the whole space (${num(content.links.total)} links): p50 ${ms(content.links.p50Ms)} (target < 500 ms)` +
        `\nPDF of 50 pages: ${ms(content.pdf.sectionMs)} (${num(content.pdf.sectionBytes / 1024, 0)} KiB); one page: ${ms(content.pdf.onePageMs)}`,
    ),
    section('Heavy input — a GET of a small page while each hostile input of issue 18 is in the server', heavyInputReport(heavy)),
    section('Git Sync folder — a folder the bench writes, imported into a change request, merged, exported (each size in its own process)', gitSyncReport(folders)),
    readerReadsReport(readers),
    section(
      'Background work — OpenAPI specs, translations, conversations',
      [openAPIParseReport(background.parse), openAPIProcessingReport(background.processing), translationRunReport(background.translation), insightsIngestReport(background.insights)].join('\n'),
    ),
    httpOverheadReport(overhead),
    gitExportReport(gitExport),
    section(
      'Summary',
      table(
        ['figure', 'value'],
        [
          ['read server CPU per request / plain Nest: Folio GET, page read, Nest ceiling', `${ratio(reads.cpuOfPlain)}, ${ratio(content.pageRead.cpuUsPerRequest / reads.plain.cpuUsPerRequest)}, ${ratio(reads.ceilingCpuOfPlain)}`],
          ['read req/s / plain Nest: Folio GET, page read, Nest ceiling', `${ratio(reads.plainRatio)}, ${ratio(content.pageRead.rps / reads.plain.rps)}, ${ratio(reads.ceilingOfPlain)}`],
          ['read req/s (Folio / plain Nest / Nest ceiling / bare Fastify)', `${num(reads.folio.rps)} / ${num(reads.plain.rps)} / ${num(reads.ceiling.rps)} / ${num(reads.bare.rps)}`],
          ['read Folio / bare', ratio(reads.ratio)],
          ["read Folio / Nest's ceiling", ratio(reads.ceilingRatio)],
          ['read server CPU per request: Folio / plain / ceiling / bare', `${us(reads.folio.cpuUsPerRequest)} / ${us(reads.plain.cpuUsPerRequest)} / ${us(reads.ceiling.cpuUsPerRequest)} / ${us(reads.bare.cpuUsPerRequest)}`],
          ['read p50 / p99 (Folio)', `${ms(reads.folio.p50Ms)} / ${ms(reads.folio.p99Ms)}`],
          ['command server CPU per request / plain Nest: Folio, Nest ceiling', `${ratio(commands.cpuOfPlain)}, ${ratio(commands.ceilingCpuOfPlain)}`],
          ['command req/s', num(commands.rps)],
          ['command req/s (plain Nest: validation only)', num(commands.plain.rps)],
          ["command req/s (Nest's ceiling: validation only)", num(commands.ceiling.rps)],
          ['command p50 / p99', `${ms(commands.p50Ms)} / ${ms(commands.p99Ms)}`],
          ['command non-2xx', num(commands.non2xx)],
          ['command server CPU per request (Folio / plain / ceiling)', `${us(commands.cpuUsPerRequest)} / ${us(commands.plain.cpuUsPerRequest)} / ${us(commands.ceiling.cpuUsPerRequest)}`],
          ['replay events/s', num(replay.rebuildEventsPerSec)],
          ['projections rebuild process events/s (start to exit)', num(cliRebuild.eventsPerSec)],
          ['raw scan rows/s', num(replay.rawRowsPerSec)],
          ['replay / raw scan', ratio(replay.rebuildEventsPerSec / replay.rawRowsPerSec)],
          ['API shutdown (SIGTERM → exit)', ms(shutdownMs)],
          ['API resident memory after reads / commands / the bench', `${num(memory.apiAfterReadsMb, 1)} / ${num(memory.apiAfterCommandsMb, 1)} / ${num(memory.apiAfterBenchMb, 1)} MB`],
          ["another process's append heard after (p50 / max)", `${ms(notice.p50Ms)} / ${ms(notice.maxMs)}`],
          ['space list page time 100k / 1k (first, deep)', `${ratio(listRatios(lists).first)}, ${ratio(listRatios(lists).deep)}`],
        ],
      ) +
        '\n\n' +
        results.map((c) => `${c.ok ? 'ok  ' : 'FAIL'}  ${c.name} (${c.detail})`).join('\n'),
    ),
  ].join('');
}

function machine(): string {
  return `node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), ${platform()}`;
}

// ---- Main. ----

async function main(): Promise<number> {
  const started = Date.now();
  const { reads, commands, memory, replay, cliRebuild, stopped } = await measureCore(tempDir);
  const lists = await measureSpaceLists(tempDir);
  log("Append notice: another connection's append, heard by the store's watcher");
  const notice = await measureAppendNotice(tempDir);
  const content = await measureContent(tempDir);
  const comments = await measureCommentLists(tempDir);
  const site = await measurePublishedSite(tempDir);
  const resolved = await measureResolveUrl(tempDir);
  log('Heavy input: GETs while each hostile input is in the server');
  const heavy = await measureHeavyInput(tempDir);
  log('Git Sync folder: import and export of 250 and 1,000 pages');
  const folders = measureGitSyncFolders(tempDir);
  const readers = await measureReaderReads(tempDir, content.largeSpace);
  log('Background work: a 5 MB OpenAPI spec parsed and processed, a 500-page space translated, 10,000 conversations ingested');
  const background: BackgroundFigures = {
    parse: await measureOpenAPIParse(),
    processing: await measureOpenAPIProcessing(tempDir),
    translation: await measureTranslationRun(tempDir),
    insights: await measureInsightsIngest(tempDir),
  };
  log('Operators: reads with rate limits and metrics on, and with both off, in alternating rounds');
  const overhead = await measureHttpOverhead(tempDir);
  log('Git: a 1,000-page repository imported, exported to an empty one, one page changed and exported again, then connected: one page merged and pushed, one commit pulled');
  const gitExport = await measureGitExport(tempDir);

  const results = checks(reads, commands, replay, stopped.code, lists, notice, content, memory, comments, site, resolved, heavy, folders, readers, background, overhead, gitExport, cliRebuild);
  process.stdout.write(report(reads, commands, replay, stopped.ms, results, lists, notice, content, memory, comments, site, resolved, heavy, folders, readers, background, overhead, gitExport, cliRebuild) + '\n');
  process.stdout.write(
    JSON.stringify({
      machine: machine(),
      connections: CONNECTIONS,
      reads,
      commands,
      replay: { ...replay, ratio: replay.rebuildEventsPerSec / replay.rawRowsPerSec },
      cliRebuild,
      memory,
      apiShutdownMs: stopped.ms,
      spaceLists: { lists, ratio: listRatios(lists) },
      appendNotice: notice,
      content,
      commentLists: comments,
      publishedSite: site,
      resolveUrl: resolved,
      heavyInput: heavy,
      gitSyncFolder: folders,
      readerReads: readers,
      background,
      httpOverhead: overhead,
      gitExport,
      checks: Object.fromEntries(results.map((c) => [c.name, c.ok])),
      ok: results.every((c) => c.ok),
      totalSeconds: (Date.now() - started) / 1000,
    }) + '\n',
  );
  log(`Done in ${num((Date.now() - started) / 1000, 1)} s.`);
  return results.every((c) => c.ok) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
