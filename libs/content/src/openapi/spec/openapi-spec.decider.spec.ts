import { Conflict, Invalid, NotFound } from '@folio/platform/domain/errors';
import { deciderSpec } from '@folio/platform/testing/decider-spec';
import { OpenAPISpecCommand, openapiSpecDecider } from './openapi-spec.decider';
import { OpenAPISpecEvent, ProcessOutcome, SpecSource, StoredBytes } from './openapi-spec.events';

const spec = deciderSpec(openapiSpecDecider);
const now = '2026-01-01T00:00:00.000Z';
const ref = { specId: 'sp1', organizationId: 'o1' };
const stored = (object: string): StoredBytes => ({ object, size: 10 });
const textSource = (object: string): SpecSource => ({ kind: 'text', text: stored(object) });
const urlSource: SpecSource = { kind: 'url', url: 'https://example.com/openapi.yaml' };
const parsed = (text: string): ProcessOutcome => ({ ok: true, text: stored(text), format: 'yaml', openapiVersion: '3.1.0', document: stored(`doc-${text}`) });
const parseError: ProcessOutcome = { ok: false, errorCode: 'PARSE_ERROR', errors: [{ message: 'bad $ref', code: 'missing-ref', path: '/paths' }], errorCount: 1 };

const created: OpenAPISpecEvent = { type: 'OpenAPISpecCreated', data: { ...ref, slug: 'pets', createdBy: 'u1', createdAt: now } };
const submitted = (submissionId: string, source: SpecSource = textSource('t1')): OpenAPISpecEvent => ({
  type: 'OpenAPISpecSubmitted',
  data: { ...ref, submissionId, source, submittedBy: 'u1', submittedAt: now },
});
const started = (submissionId: string): OpenAPISpecEvent => ({ type: 'OpenAPISpecProcessingStarted', data: { ...ref, submissionId, startedAt: now } });
const processed = (submissionId: string, outcome: ProcessOutcome): OpenAPISpecEvent => ({ type: 'OpenAPISpecProcessed', data: { ...ref, submissionId, outcome, processedAt: now } });
const versionAdded = (submissionId: string, versionId: string, text: string, sourceURL?: string): OpenAPISpecEvent => ({
  type: 'OpenAPISpecVersionAdded',
  data: { ...ref, versionId, submissionId, slug: 'pets', text: stored(text), format: 'yaml', openapiVersion: '3.1.0', document: stored(`doc-${text}`), ...(sourceURL ? { sourceURL } : {}), createdAt: now },
});
const deleted: OpenAPISpecEvent = { type: 'OpenAPISpecDeleted', data: { ...ref, slug: 'pets', deletedBy: 'u1', deletedAt: now } };

const create = (source: SpecSource = textSource('t1')): OpenAPISpecCommand => ({ type: 'CreateSpec', ...ref, slug: 'pets', submissionId: 's1', source, actor: 'u1', now });
const submit = (submissionId: string, source: SpecSource): OpenAPISpecCommand => ({ type: 'SubmitSource', submissionId, source, actor: 'u1', now });
const start = (submissionId: string): OpenAPISpecCommand => ({ type: 'StartProcessing', submissionId, now });
const record = (submissionId: string, outcome: ProcessOutcome, versionId = 'v1'): OpenAPISpecCommand => ({ type: 'RecordProcessing', submissionId, versionId, outcome, now });

describe('OpenAPI spec decider', () => {
  describe('create', () => {
    it('creates the spec with its first submission', () => spec.given([]).when(create()).then([created, submitted('s1')]));
    it('refuses to create it twice', () => spec.given([created, submitted('s1')]).when(create()).thenThrows(Conflict));
  });

  describe('submissions', () => {
    it('submits a new text', () => spec.given([created, submitted('s1')]).when(submit('s2', textSource('t2'))).then([submitted('s2', textSource('t2'))]));
    it('makes nothing of the text last submitted', () => spec.given([created, submitted('s1')]).when(submit('s2', textSource('t1'))).then([]));
    it('always submits a URL again (its text is known once fetched)', () =>
      spec.given([created, submitted('s1', urlSource)]).when(submit('s2', urlSource)).then([submitted('s2', urlSource)]));
    it('refreshes a URL spec with the same URL', () =>
      spec.given([created, submitted('s1', urlSource)]).when({ type: 'RefreshSpec', submissionId: 's2', actor: 'u1', now }).then([submitted('s2', urlSource)]));
    it('refuses to refresh a spec made from a text (400)', () =>
      spec.given([created, submitted('s1')]).when({ type: 'RefreshSpec', submissionId: 's2', actor: 'u1', now }).thenThrows(Invalid));
    it('refuses a submission to a deleted spec', () => spec.given([created, submitted('s1'), deleted]).when(submit('s2', textSource('t2'))).thenThrows(NotFound));
  });

  describe('processing', () => {
    it('starts the latest submission once', () => {
      spec.given([created, submitted('s1')]).when(start('s1')).then([started('s1')]);
      spec.given([created, submitted('s1'), started('s1')]).when(start('s1')).then([]);
    });
    it('refuses to start a superseded submission', () => spec.given([created, submitted('s1'), submitted('s2', textSource('t2'))]).when(start('s1')).thenThrows(Conflict, /superseded/));
    it('records a parsed text as a new version, then the result', () =>
      spec.given([created, submitted('s1'), started('s1')]).when(record('s1', parsed('t1'))).then([versionAdded('s1', 'v1', 't1'), processed('s1', parsed('t1'))]));
    it("names a fetched version's URL", () =>
      spec.given([created, submitted('s1', urlSource), started('s1')]).when(record('s1', parsed('t1'))).then([versionAdded('s1', 'v1', 't1', urlSource.url), processed('s1', parsed('t1'))]));
    it('makes no new version of a text equal to the latest version', () =>
      spec
        .given([created, submitted('s1', urlSource), started('s1'), versionAdded('s1', 'v1', 't1'), processed('s1', parsed('t1')), submitted('s2', urlSource), started('s2')])
        .when(record('s2', parsed('t1'), 'v2'))
        .then([processed('s2', parsed('t1'))]));
    it('records a parse error without a version', () => spec.given([created, submitted('s1'), started('s1')]).when(record('s1', parseError)).then([processed('s1', parseError)]));
    it('refuses a second result for one submission', () =>
      spec.given([created, submitted('s1'), started('s1'), processed('s1', parseError)]).when(record('s1', parsed('t1'))).thenThrows(Conflict, /already processed/));
    it('refuses the result of a submission a newer one replaced', () =>
      spec.given([created, submitted('s1'), started('s1'), submitted('s2', textSource('t2'))]).when(record('s1', parsed('t1'))).thenThrows(Conflict, /superseded/));
  });

  describe('visibility and deletion', () => {
    const change = (visibility: 'private' | 'public'): OpenAPISpecCommand => ({ type: 'ChangeVisibility', visibility, actor: 'u1', now });
    it('changes the visibility, with what it was', () =>
      spec.given([created, submitted('s1')]).when(change('public')).then([
        { type: 'OpenAPISpecVisibilityChanged', data: { ...ref, slug: 'pets', visibility: 'public', before: 'private', changedBy: 'u1', changedAt: now } },
      ]));
    it('writes nothing for the same visibility', () => spec.given([created, submitted('s1')]).when(change('private')).then([]));
    it('deletes once; a second delete writes nothing', () => {
      spec.given([created, submitted('s1')]).when({ type: 'DeleteSpec', actor: 'u1', now }).then([deleted]);
      spec.given([created, submitted('s1'), deleted]).when({ type: 'DeleteSpec', actor: 'u1', now }).then([]);
      spec.given([]).when({ type: 'DeleteSpec', actor: 'u1', now }).then([]);
    });
    it('refuses processing results for a deleted spec', () => spec.given([created, submitted('s1'), deleted]).when(record('s1', parseError)).thenThrows(NotFound));
  });
});
