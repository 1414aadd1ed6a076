import { projectionSpec } from '@folio/platform/testing/projection-spec';
import { OpenAPISpecEvent, openapiSpecStream, ProcessOutcome, SpecSource, StoredBytes } from './openapi-spec.events';
import { OPENAPI_SPEC_VERSIONS, OPENAPI_SPECS, OpenAPISpecDoc, openapiSpecProjection, OpenAPISpecVersionDoc } from './openapi-spec.projection';

const spec = projectionSpec<OpenAPISpecEvent>(openapiSpecProjection, { stream: (e) => openapiSpecStream(e.data.specId) });

const at = (n: number) => `2026-01-${String(n).padStart(2, '0')}T00:00:00.000Z`;
const ref = (specId: string) => ({ specId, organizationId: 'o1' });
const stored = (object: string): StoredBytes => ({ object, size: 10 });
const url: SpecSource = { kind: 'url', url: 'https://example.com/openapi.json' };
const text: SpecSource = { kind: 'text', text: stored('t1') };
const parsed: ProcessOutcome = { ok: true, text: stored('t1'), format: 'json', openapiVersion: '2.0', document: stored('d1') };
const timedOut: ProcessOutcome = { ok: false, errorCode: 'FETCH_TIMEOUT', errors: [{ message: 'no answer in 10 s' }], errorCount: 1 };

const created = (specId: string, slug: string, when = at(1)): OpenAPISpecEvent => ({ type: 'OpenAPISpecCreated', data: { ...ref(specId), slug, createdBy: 'u1', createdAt: when } });
const submitted = (specId: string, submissionId: string, source: SpecSource, when = at(1)): OpenAPISpecEvent => ({
  type: 'OpenAPISpecSubmitted',
  data: { ...ref(specId), submissionId, source, submittedBy: 'u1', submittedAt: when },
});
const started = (specId: string, submissionId: string): OpenAPISpecEvent => ({ type: 'OpenAPISpecProcessingStarted', data: { ...ref(specId), submissionId, startedAt: at(2) } });
const versionAdded = (specId: string, versionId: string, when: string): OpenAPISpecEvent => ({
  type: 'OpenAPISpecVersionAdded',
  data: { ...ref(specId), versionId, submissionId: 's1', slug: 'pets', text: stored('t1'), format: 'json', openapiVersion: '2.0', document: stored('d1'), sourceURL: url.url, createdAt: when },
});
const processed = (specId: string, submissionId: string, outcome: ProcessOutcome, when: string): OpenAPISpecEvent => ({
  type: 'OpenAPISpecProcessed',
  data: { ...ref(specId), submissionId, outcome, processedAt: when },
});
const madePublic = (specId: string): OpenAPISpecEvent => ({
  type: 'OpenAPISpecVisibilityChanged',
  data: { ...ref(specId), slug: 'pets', visibility: 'public', before: 'private', changedBy: 'u1', changedAt: at(6) },
});
const deleted = (specId: string): OpenAPISpecEvent => ({ type: 'OpenAPISpecDeleted', data: { ...ref(specId), slug: 'gone', deletedBy: 'u1', deletedAt: at(7) } });

const specDoc = (id: string, slug: string, logPosition: string, fields: Partial<OpenAPISpecDoc> = {}): OpenAPISpecDoc => ({
  id,
  organizationId: 'o1',
  slug,
  slugKey: slug.toLowerCase(),
  createdAt: at(1),
  updatedAt: at(1),
  processingState: 'pending',
  visibility: 'private',
  lastProcessedErrorCount: 0,
  logPosition,
  ...fields,
});
const versionDoc = (id: string, createdAt: string): OpenAPISpecVersionDoc => ({
  id,
  specId: 'sp1',
  organizationId: 'o1',
  createdAt,
  text: stored('t1'),
  format: 'json',
  openapiVersion: '2.0',
  document: stored('d1'),
  sourceURL: url.url,
});

/** A URL spec processed twice (a version, then a timeout), made public; another spec created and deleted. */
const history: OpenAPISpecEvent[] = [
  created('sp1', 'Pets'),
  submitted('sp1', 's1', url),
  started('sp1', 's1'),
  versionAdded('sp1', 'v1', at(3)),
  processed('sp1', 's1', parsed, at(3)),
  submitted('sp1', 's2', url, at(4)),
  started('sp1', 's2'),
  processed('sp1', 's2', timedOut, at(5)),
  madePublic('sp1'),
  created('sp2', 'gone'),
  submitted('sp2', 's3', text),
  versionAdded('sp2', 'v9', at(3)),
  deleted('sp2'),
];

describe('OpenAPI spec projection', () => {
  it('shows a created spec pending, private, with no error', () => spec.given([created('sp1', 'Pets'), submitted('sp1', 's1', text)]).then(OPENAPI_SPECS, [specDoc('sp1', 'Pets', '2')]));

  it("shows a URL submission's URL, and progress once started", () =>
    spec.given([created('sp1', 'Pets'), submitted('sp1', 's1', url), started('sp1', 's1')]).then(OPENAPI_SPECS, [specDoc('sp1', 'Pets', '3', { sourceURL: url.url, processingState: 'progress' })]));

  it('records a version and the processing, then a failed one keeps the version and says why', () =>
    spec.given(history.slice(0, 8)).thenCollections({
      [OPENAPI_SPECS]: [
        specDoc('sp1', 'Pets', '8', {
          sourceURL: url.url,
          processingState: 'complete',
          lastVersion: 'v1',
          lastProcessedAt: at(5),
          updatedAt: at(5),
          lastProcessErrorCode: 'FETCH_TIMEOUT',
          lastProcessedErrors: [{ message: 'no answer in 10 s' }],
          lastProcessedErrorCount: 1,
        }),
      ],
      [OPENAPI_SPEC_VERSIONS]: [versionDoc('v1', at(3))],
    }));

  it('clears the error once a processing succeeds', () =>
    spec
      .given([created('sp1', 'Pets'), submitted('sp1', 's1', url), processed('sp1', 's1', timedOut, at(2)), submitted('sp1', 's2', url, at(3)), processed('sp1', 's2', parsed, at(4))])
      .then(OPENAPI_SPECS, [specDoc('sp1', 'Pets', '5', { sourceURL: url.url, processingState: 'complete', lastProcessedAt: at(4), updatedAt: at(4) })]));

  it('lists versions newest first', () =>
    spec
      .given([created('sp1', 'Pets'), versionAdded('sp1', 'v1', at(2)), versionAdded('sp1', 'v3', at(4)), versionAdded('sp1', 'v2', at(3))])
      .thenFinds(OPENAPI_SPEC_VERSIONS, { filter: { specId: 'sp1' }, sort: { field: 'createdAt', direction: 'desc' } }, ['v3', 'v2', 'v1']));

  it('finds a spec by its case-folded slug', () => spec.given(history).thenFinds(OPENAPI_SPECS, { filter: { organizationId: 'o1', slugKey: 'pets' } }, ['sp1']));

  it('removes a deleted spec and its versions', () => spec.given(history).thenFinds(OPENAPI_SPEC_VERSIONS, { filter: { specId: 'sp2' } }, []));

  it('ends its whole history with these documents', () =>
    spec.given(history).thenCollections({
      [OPENAPI_SPECS]: [
        specDoc('sp1', 'Pets', '9', {
          sourceURL: url.url,
          processingState: 'complete',
          visibility: 'public',
          lastVersion: 'v1',
          lastProcessedAt: at(5),
          updatedAt: at(6),
          lastProcessErrorCode: 'FETCH_TIMEOUT',
          lastProcessedErrors: [{ message: 'no answer in 10 s' }],
          lastProcessedErrorCount: 1,
        }),
      ],
      [OPENAPI_SPEC_VERSIONS]: [versionDoc('v1', at(3))],
    }));

  it('is idempotent over its whole history', () => spec.given(history).thenIdempotent());

  it('is rebuilt from scratch to the same documents', () => spec.given(history).thenRebuildsIdentically());
});
