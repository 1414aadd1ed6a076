import { ISSUE_EXTRACTION } from '@folio/insights/issues/issue-extraction.process';
import { processReached } from './processes';
import type { TestServer } from './server';

/** The events the extraction process reacts to (IssueExtractionProcess.reactions). */
const REACTED_TO: ReadonlySet<string> = new Set(['ConversationIngested', 'ConversationErased']);

/**
 * Resolves once the extraction process has reacted to every ingest and erasure in the log: it appends in the
 * background after each, so a test that compares the log's head (a refusal writes nothing) or reads issues
 * and clusters waits for it first. Not the head itself: the runner moves its checkpoint past events it does
 * not react to (its own appends among them) only with its next reaction or a batch of them.
 */
export async function extractionSettled(server: TestServer): Promise<void> {
  let last: string | null = null;
  for (let after: string | null = null; ; ) {
    const batch = await server.events.readAll(after, 1000);
    if (batch.length === 0) break;
    for (const event of batch) if (REACTED_TO.has(event.type)) last = event.position;
    after = batch[batch.length - 1].position;
  }
  if (last !== null) await processReached(server, ISSUE_EXTRACTION, last);
}
