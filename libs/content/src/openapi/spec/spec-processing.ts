import { Injectable } from '@nestjs/common';
import { Aggregates } from '@folio/platform/aggregates/aggregates';
import { Caller } from '@folio/platform/auth/caller';
import { Conflict, NotFound, TooLarge } from '@folio/platform/domain/errors';
import { StoredEvent } from '@folio/platform/event-store/event-store.port';
import { FetchFailed } from '@folio/platform/fetch/url-fetch';
import { UrlFetcher } from '@folio/platform/fetch/url-fetcher';
import { newId } from '@folio/platform/ids';
import { LogReaction } from '@folio/platform/processes/log-reaction';
import { ProcessHost } from '@folio/platform/processes/process-host';
import { ProjectionProgress } from '@folio/platform/projections/projection-progress';
import { SpecParse } from '../parsing/spec-parse';
import { SpecParsing } from '../parsing/spec-parsing';
import { openapiSpecDecider } from './openapi-spec.decider';
import { openapiSpecStream, ProcessErrorCode, ProcessOutcome, SpecSource } from './openapi-spec.events';
import { MAX_SPEC_BYTES, SpecTexts } from './spec-texts';

export const OPENAPI_SPEC_PROCESSING = 'content-openapi-spec-processing';

const failed = (errorCode: ProcessErrorCode, message: string): ProcessOutcome => ({ ok: false, errorCode, errors: [{ message }], errorCount: 1 });

/**
 * The specs' processor: a process manager with its own checkpoint, reacting to each submission. It
 * records `progress`, fetches a URL's text (UrlFetcher: the deployment's address policy and timeout,
 * at most MAX_SPEC_BYTES) or reads a submitted one, parses it (SpecParsing, off the event loop), stores
 * the text and the parsed document, and records the one result of the submission.
 *
 * Only the latest submission is processed: a reaction to an older one finds the spec's state naming a
 * newer one and does nothing (the newer one's event comes later in the log), and a newer submission
 * recorded while an older one is being processed makes the decider refuse the older one's result,
 * which is dropped. A crash part-way re-runs the reaction from the checkpoint: a submission already
 * `progress` goes on, one `complete` is left alone, and the decider refuses a second result, so each
 * submission has exactly one. A store that fails throws: the runner retries.
 */
@Injectable()
export class OpenAPISpecProcessing extends LogReaction {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly texts: SpecTexts,
    private readonly fetcher: UrlFetcher,
    private readonly parsing: SpecParsing,
    progress: ProjectionProgress,
    host: ProcessHost,
  ) {
    // Fetches (FETCH_TIMEOUT_S each) and parses (up to a minute) left pending at a restart must not hold the API from listening.
    super(host, progress, OPENAPI_SPEC_PROCESSING, 'background');
  }

  protected reactions() {
    return { OpenAPISpecSubmitted: (event: StoredEvent, caller: Caller) => this.process(String(event.data.specId), String(event.data.submissionId), caller) };
  }

  /** Processes the submission if it is still the spec's latest and has no result yet. */
  async process(specId: string, submissionId: string, caller: Caller): Promise<void> {
    const stream = openapiSpecStream(specId);
    const { state } = await this.aggregates.load(stream, openapiSpecDecider);
    if (state.status !== 'active' || state.submission?.id !== submissionId || state.submission.stage === 'complete') return;
    try {
      await this.aggregates.handle(stream, openapiSpecDecider, { type: 'StartProcessing', submissionId }, caller);
      const outcome = await this.outcome(state.submission.source);
      await this.aggregates.handle(stream, openapiSpecDecider, { type: 'RecordProcessing', submissionId, versionId: newId(), outcome }, caller);
    } catch (error) {
      // Superseded by a newer submission, or the spec deleted, while it ran: its result is no one's.
      if (error instanceof Conflict || error instanceof NotFound) return;
      throw error;
    }
  }

  private async outcome(source: SpecSource): Promise<ProcessOutcome> {
    const text = source.kind === 'text' ? await this.texts.bytes(source.text) : await this.fetched(source.url);
    if (!Buffer.isBuffer(text)) return text;
    const parsed = await this.parse(text);
    if (!parsed.ok) return { ok: false, errorCode: 'PARSE_ERROR', errors: parsed.errors, errorCount: parsed.errorCount };
    try {
      const document = await this.texts.storeDocument(parsed.document);
      const stored = source.kind === 'text' ? source.text : await this.texts.storeText(text);
      return { ok: true, text: stored, format: parsed.format, openapiVersion: parsed.openapiVersion, document };
    } catch (error) {
      if (error instanceof TooLarge) return failed('PARSE_ERROR', error.message);
      throw error;
    }
  }

  /**
   * The parse of a text. A parse that fails (its worker died on the document) is that document's
   * PARSE_ERROR rather than a retry: a document that always fails would hold every later submission back.
   */
  private async parse(text: Buffer): Promise<SpecParse> {
    try {
      return await this.parsing.parse(text.toString('utf8'));
    } catch (error) {
      return { ok: false, format: null, errors: [{ message: `the document could not be parsed: ${(error as Error).message}` }], errorCount: 1 };
    }
  }

  /** The URL's body, or why it could not be fetched (a timeout told apart). */
  private async fetched(url: string): Promise<Buffer | ProcessOutcome> {
    try {
      return (await this.fetcher.fetch(url, MAX_SPEC_BYTES)).bytes;
    } catch (error) {
      if (error instanceof FetchFailed) return failed(error.timedOut ? 'FETCH_TIMEOUT' : 'FETCH_ERROR', error.message);
      throw error;
    }
  }
}
