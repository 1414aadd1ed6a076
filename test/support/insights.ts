import { ISSUE_EXTRACTION } from '@folio/insights/issues/issue-extraction.process';
import { processReached } from './processes';
import type { TestServer } from './server';

/**
 * Resolves once the extraction process has reacted to everything in the log: it appends to the log in the
 * background after each ingest or erasure, so a test that compares the log's head (a refusal writes nothing)
 * or reads issues and clusters waits for it first.
 */
export async function extractionSettled(server: TestServer): Promise<void> {
  const head = await server.head();
  if (head !== null) await processReached(server, ISSUE_EXTRACTION, head);
}
