import { assertDocumentBounds, MAX_DOCUMENT_NODES } from '@folio/kernel/document/document-limits';
import { assertDocumentSchema } from '@folio/kernel/document/document-schema';
import { invalidAt } from './refusal-at';

/**
 * Refuses a caller's JSON document that is not one the client's spec describes, naming where
 * (`<path>.nodes[2].data.style: must be one of …`): depth and size first (bounded before anything else
 * walks it; more than `maxNodes` is TooLarge), then every node against the spec's schemas.
 */
export function assertJsonDocument(document: unknown, path: string, maxNodes = MAX_DOCUMENT_NODES): void {
  try {
    assertDocumentBounds(document, maxNodes);
  } catch (error) {
    throw invalidAt(path, error);
  }
  assertDocumentSchema(document, path);
}
