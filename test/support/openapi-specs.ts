import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitUntil } from './processes';
import { TestServer } from './server';

/** The OpenAPI documents the specs' tests submit (written for them, in test/fixtures/openapi). */
export const specFixture = (name: 'pets-3.1.yaml' | 'library-2.0.json' | 'broken-ref-3.0.yaml') => readFileSync(join(__dirname, '..', 'fixtures', 'openapi', name), 'utf8');

/** The spec once its latest submission is processed (bounded poll: the processor runs in the background). */
export async function processedSpec(server: TestServer, token: string, organizationId: string, slug: string) {
  let spec = (await server.as(token).orgs.getOpenApiSpecBySlug(organizationId, slug)).data;
  await waitUntil(async () => {
    spec = (await server.as(token).orgs.getOpenApiSpecBySlug(organizationId, slug)).data;
    return spec.processingState === 'complete';
  }, `spec ${slug} processed`);
  return spec;
}
