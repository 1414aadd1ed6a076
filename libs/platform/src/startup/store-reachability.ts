import { StoreUnanswered, withinDeadline } from '../store-deadline';
import { StartupError } from './startup-error';

/**
 * How long a start waits for each distributed store to answer (both are asked at once), so that a
 * start refused for an unreachable store says so well within 10 s, a slow machine's start included.
 */
export const REACH_MS = 4_000;

type Variable = 'EVENTSTORE_URL' | 'MONGODB_URL';

/**
 * Checks that the configured EventStoreDB and MongoDB answer, before anything is opened: unanswered,
 * their clients would fail the start much later with kilobytes of stack (or, for EventStoreDB reads, never).
 * Each failure is one line naming the variable and the host, never the credentials; both in one line if both fail.
 */
export async function checkStoresReachable(config: { eventStoreUrl?: string; mongodbUrl?: string }): Promise<void> {
  const checks: Promise<string | null>[] = [];
  if (config.eventStoreUrl) checks.push(problemOf('EVENTSTORE_URL', config.eventStoreUrl, eventStoreAnswers));
  if (config.mongodbUrl) checks.push(problemOf('MONGODB_URL', config.mongodbUrl, mongoAnswers));
  const problems = (await Promise.all(checks)).filter((p): p is string => p !== null);
  if (problems.length > 0) throw new StartupError(problems.join('; '));
}

async function problemOf(variable: Variable, url: string, answers: (url: string) => Promise<void>): Promise<string | null> {
  try {
    await answers(url);
    return null;
  } catch (error) {
    return reachProblem(variable, url, error);
  }
}

// Each client is loaded only when its store is configured: the API, the projector and the CLI import this file, and
// an embedded start would otherwise load both clients for nothing (the MongoDB driver's BSON module alone allocates a
// 17 MB buffer the API then kept for its whole life).
async function eventStoreAnswers(url: string): Promise<void> {
  const { BACKWARDS, END, EventStoreDBClient } = await import('@eventstore/db-client');
  const { collect } = await import('../event-store/eventstoredb/esdb-calls');
  const client = EventStoreDBClient.connectionString(url);
  try {
    await collect(client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 }), 'ping', { ms: REACH_MS });
  } finally {
    // Disposing waits for nothing the stalled server must answer.
    void client.dispose().catch(() => undefined);
  }
}

async function mongoAnswers(url: string): Promise<void> {
  const { MongoClient } = await import('mongodb');
  const { MONGO_CLIENT_OPTIONS } = await import('../read-store/mongodb/mongo-read-store');
  const client = new MongoClient(url, { ...MONGO_CLIENT_OPTIONS, serverSelectionTimeoutMS: REACH_MS, connectTimeoutMS: REACH_MS });
  try {
    // The driver gives up first, with its reason (refused, not found); this bound is for a driver that does not.
    await withinDeadline('MongoDB', 'ping', REACH_MS + 1_000, () => client.db('admin').command({ ping: 1 }));
  } finally {
    void client.close().catch(() => undefined);
  }
}

/** The one line for a store that did not answer, or answered with an error. */
export function reachProblem(variable: Variable, url: string, error: unknown): string {
  const where = `${variable} ${hostsOf(url)}`;
  const text = messagesOf(error);
  if (error instanceof StoreUnanswered || /timed out/i.test(text)) return `${where} unreachable: no answer within ${REACH_MS / 1000} s`;
  if (/ECONNREFUSED/.test(text)) return `${where} unreachable: connection refused (is the server running, on that port?)`;
  if (/ENOTFOUND|EAI_AGAIN/.test(text)) return `${where} unreachable: host not found`;
  if (/EHOSTUNREACH|ENETUNREACH|ECONNRESET|UNAVAILABLE/.test(text)) return `${where} unreachable: ${firstLine(text)}`;
  if (/parse|invalid|unsupported|scheme/i.test(text)) return `${variable} is not a valid connection string: ${firstLine(text)}`;
  return `${where} answered with an error: ${firstLine(text)}`;
}

/**
 * The hosts of a connection string (`esdb://`, `esdb+discover://`, `mongodb://`, `mongodb+srv://`),
 * without the credentials that may precede them.
 */
export function hostsOf(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#]*@)?([^/?#]*)/i.exec(url)?.[1] || '(no host)';
}

/** An error's message and its causes' (drivers wrap the network error that says what happened). */
function messagesOf(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    parts.push(e instanceof Error ? `${e.message} ${(e as { code?: unknown }).code ?? ''}` : String(e));
  }
  return parts.join(' ');
}

function firstLine(text: string): string {
  const line = text.split('\n')[0].trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}
