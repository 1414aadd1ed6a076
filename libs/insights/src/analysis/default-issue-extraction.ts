import { Inject, Injectable } from '@nestjs/common';
import { WorkerPool, workerFile } from '@folio/platform/workers/worker-pool';
import { ConversationText } from '../conversations/conversation.events';
import { analysedText } from './customer-messages';
import { ExtractedIssue, IssueExtractor } from './issue-extraction';

/**
 * How long one conversation's extraction may take in a thread. Its analysed text is bounded
 * (MAX_ANALYSED_CHARACTERS: a few hundred milliseconds of tagging); past this the thread is ended and the
 * extraction refused (TooLarge).
 */
export const EXTRACTION_TIME_LIMIT_MS = 30_000;

/** Resolved when first needed: tests that extract on the calling thread never need the build. */
const worker = () => workerFile(__dirname, 'issue-extraction.worker');
/** Loaded only to extract on the calling thread: the English model (200 ms, 40 MB) stays out of the main thread. */
const onThisThread = () => import('./default-extractor');

/**
 * The default extractor (extractIssues) run in a worker thread of the platform's WorkerPool: tokenizing and
 * tagging a conversation is work that grows with its text, which the event loop does not hold. Without a pool
 * (null: unit tests of the code that uses it) it runs on the calling thread.
 */
@Injectable()
export class IssueExtraction implements IssueExtractor {
  readonly name = 'default' as const;

  constructor(@Inject(WorkerPool) private readonly pool: WorkerPool | null) {}

  extract(text: ConversationText): Promise<ExtractedIssue[]> {
    if (!this.pool) return onThisThread().then(({ extractIssues }) => extractIssues(text));
    // Only what is analysed crosses to the thread: a conversation may hold 12.8 MB the structured clone would copy.
    // Only what is analysed crosses to the thread: the structured clone of a whole conversation may copy 12.8 MB.
    return this.pool.run<ExtractedIssue[]>(worker(), 'extract', analysedText(text), { what: "Extracting a conversation's issues", timeoutMs: EXTRACTION_TIME_LIMIT_MS });
  }

  /** The terms of issues (another extractor's), each from its texts, lemmatized as the default extractor's are: one task for all. */
  terms(issues: string[][]): Promise<Array<Record<string, number>>> {
    if (!this.pool) return onThisThread().then(({ termsOf }) => issues.map(termsOf));
    return this.pool.run<Array<Record<string, number>>>(worker(), 'terms', issues, { what: "Lemmatizing issues' terms", timeoutMs: EXTRACTION_TIME_LIMIT_MS });
  }
}
