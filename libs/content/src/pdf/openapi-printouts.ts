import { yieldToEventLoop } from '@folio/platform/concurrency/yield-to-event-loop';
import { openapiBlockKey, OpenAPIBlockRequest } from '../openapi/blocks/openapi-block';
import { OpenAPIPrintout } from '../openapi/blocks/openapi-printout';
import { describeOpenAPIBlock, SpecDocument } from '../openapi/blocks/operation-summary';
import { OpenAPISpecContents } from '../openapi/spec-contents';

/**
 * Distinct OpenAPI blocks one PDF describes; the others print a line saying so. Each description is bounded
 * (SpecWalk's visits: about a millisecond) and made on the event loop, yielding between blocks, from the
 * specs' documents, which stay on this thread (copying a large spec to a worker would cost more).
 */
export const MAX_PRINTED_OPENAPI_BLOCKS = 200;

/**
 * The printouts of one PDF's OpenAPI blocks: each spec read once (its latest processed version), each distinct
 * block described once, at most MAX_PRINTED_OPENAPI_BLOCKS of them.
 */
export class OpenAPIPrintouts {
  private readonly documents = new Map<string, Promise<SpecDocument | null>>();
  private readonly printouts = new Map<string, OpenAPIPrintout>();

  constructor(
    private readonly specs: OpenAPISpecContents,
    private readonly organizationId: string,
  ) {}

  /** The printouts of a page's blocks, by `openapiBlockKey`. */
  async of(requests: OpenAPIBlockRequest[]): Promise<Map<string, OpenAPIPrintout>> {
    const page = new Map<string, OpenAPIPrintout>();
    for (const request of requests) {
      const key = openapiBlockKey(request);
      let printout = this.printouts.get(key);
      if (!printout) {
        if (this.printouts.size < MAX_PRINTED_OPENAPI_BLOCKS) {
          const spec = await this.document(request.spec);
          await yieldToEventLoop();
          printout = describeOpenAPIBlock(spec, request);
        } else {
          printout = { kind: 'unavailable', message: `A PDF describes at most ${MAX_PRINTED_OPENAPI_BLOCKS} OpenAPI blocks: this one is not.` };
        }
        this.printouts.set(key, printout);
      }
      page.set(key, printout);
    }
    return page;
  }

  private document(slug: string): Promise<SpecDocument | null> {
    if (!this.documents.has(slug)) {
      this.documents.set(slug, this.specs.latest(this.organizationId, slug).then((latest) => latest && { slug: latest.slug, document: latest.document }));
    }
    return this.documents.get(slug)!;
  }
}
