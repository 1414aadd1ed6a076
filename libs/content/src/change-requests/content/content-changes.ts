import { plainToInstance } from 'class-transformer';
import { validateSync, ValidationError } from 'class-validator';
import { Invalid } from '@folio/platform/domain/errors';
import { assertMarkdownSize } from '@folio/content/documents/document-limits';
import { checkFileInput } from '@folio/content/files/file-input';
import { CHANGE_CLASSES, ContentChange, OPERATIONS } from './content-change.dto';
import { assertJsonDocument } from './json-document';
import { invalidAt } from './refusal-at';

/** Where a change sits in the batch, as every message about it begins: `changes[3]`. */
export const changeAt = (index: number) => `changes[${index}]`;

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
    const change = plainToInstance(CHANGE_CLASSES[operation as ContentChange['operation']], raw);
    const errors = validateSync(change, { whitelist: true, forbidNonWhitelisted: true, validationError: { target: false, value: false } });
    if (errors.length > 0) throw new Invalid(describe(errors, where));
    if ('document' in change && change.document?.document !== undefined) {
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
