import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { Invalid } from '@folio/platform/domain/errors';
import { assertMarkdownSize } from '@folio/kernel/document/document-limits';
import { checkFileInput } from '@folio/content/files/file-input';
import { PageDocument } from '@folio/kernel/document/document.model';
import { validatedBody } from '@folio/platform/http/validation';
import { CHANGE_CLASSES, ContentChange, OPERATIONS, UpdateChangeRequestContentBody } from './content-change.dto';
import { assertJsonDocument } from './json-document';
import { changeAt, invalidAt } from './refusal-at';

/**
 * The changes of a content batch's raw body. Its frame is validated as UpdateChangeRequestContentBody (the
 * pipe's messages, unknown properties refused) with its changes stood in for by as many nulls: the pipe
 * would have class-transformer copy every change first, documents and files included (up to 32 MiB, on the
 * event loop). The changes are judged one by one by `parseContentChanges`.
 */
export async function batchChanges(body: unknown): Promise<unknown[]> {
  const changes = isPlainObject(body) ? body.changes : undefined;
  const frame = isPlainObject(body) && Array.isArray(changes) ? { ...body, changes: changes.map(() => null) } : body;
  await validatedBody(UpdateChangeRequestContentBody, frame);
  return changes as unknown[];
}

/**
 * The batch's changes, each validated by the class its `operation` names (unknown properties refused,
 * values never coerced) and its JSON document, if any, checked node by node. The first failing change
 * is a 400 naming it and the field: `changes[3].page: page must be a string`. Files are checked as far as
 * they can be without fetching or decoding them.
 */
export function parseContentChanges(changes: readonly unknown[]): ContentChange[] {
  return changes.map((raw, index) => {
    const where = changeAt(index);
    if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw new Invalid(`${where}: must be an object`);
    const operation = (raw as { operation?: unknown }).operation;
    if (!(OPERATIONS as readonly unknown[]).includes(operation)) {
      throw new Invalid(`${where}.operation: must be one of ${OPERATIONS.join(', ')}`);
    }
    const { frame, nodes } = withoutDocumentNodes(raw);
    const change = plainToInstance(CHANGE_CLASSES[operation as ContentChange['operation']], frame);
    const errors = validateSync(change, { whitelist: true, forbidNonWhitelisted: true, validationError: { target: false, value: false } });
    if (errors.length > 0) throw new Invalid(describe(errors, where));
    if ('document' in change && change.document?.document !== undefined) {
      change.document.document.nodes = nodes as PageDocument['nodes'];
      assertJsonDocument(change.document.document, `${where}.document.document`);
    }
    // Judged now, so an oversized page is refused before any change of the batch is read or applied.
    if ('document' in change && change.document?.markdown !== undefined) {
      try {
        assertMarkdownSize(change.document.markdown);
      } catch (error) {
        throw invalidAt(`${where}.document.markdown`, error);
      }
    }
    // Every file judged before any is fetched or decoded.
    if (change.operation === 'insert_files') {
      change.files.forEach((file, i) => {
        try {
          checkFileInput(file);
        } catch (error) {
          throw invalidAt(`${where}.files[${i}]`, error);
        }
      });
    }
    return change;
  });
}

/**
 * The change with its JSON document's `nodes` set aside (an empty list in their place): class-transformer
 * would copy every node, a quarter of a second on the event loop for 50,000 of them, before anything judged
 * their number. `assertJsonDocument` walks them once, bounded, in place.
 */
function withoutDocumentNodes(raw: object): { frame: object; nodes: unknown } {
  const body = (raw as { document?: unknown }).document;
  const document = isPlainObject(body) ? body.document : undefined;
  if (!isPlainObject(body) || !isPlainObject(document) || !Array.isArray(document.nodes)) return { frame: raw, nodes: undefined };
  return { frame: { ...raw, document: { ...body, document: { ...document, nodes: [] } } }, nodes: document.nodes };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** `changes[3].files[0].url: url must be a URL address`: the path in brackets and dots, each rule's message after it. */
function describe(errors: ValidationError[], path: string): string {
  return errors
    .flatMap((error) => {
      const here = /^\d+$/.test(error.property) ? `${path}[${error.property}]` : `${path}.${error.property}`;
      const own = Object.values(error.constraints ?? {}).map((message) => `${here}: ${message}`);
      return [...own, ...(error.children?.length ? [describe(error.children, here)] : [])];
    })
    .join('; ');
}
