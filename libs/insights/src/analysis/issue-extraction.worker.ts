/**
 * The tasks a worker thread of the platform's WorkerPool runs for the insights (see default-issue-extraction.ts):
 * the default extraction of a conversation's issues, and the terms of issues found elsewhere. The English
 * model loads on a thread's first task and stays for its life. Loaded by path, as built JavaScript.
 */
import { workerTask } from '@folio/platform/workers/worker-task';
import { extractIssues, termsOf } from './default-extractor';

export const extract = workerTask(extractIssues);
export const terms = workerTask((issues: string[][]) => issues.map(termsOf));
