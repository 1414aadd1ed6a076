import { BLOCK_TYPES, NodeSchema, types } from './node-schema';
import { contentRef, fileOrUrlRef, verticalAlignment } from './shared-values';
import { anyString, arrayOf, boolean, byField, Check, fields, holds, integer, isObject, mapOf, number, oneOf, optional } from './value-checks';

/** The table block: its view (grid or cards), column definitions, records and merged cells. */

const view = byField('type', {
  grid: fields({
    type: anyString,
    columns: arrayOf(anyString),
    columnWidths: optional(mapOf(number)),
    hideHeader: boolean,
    stickyHeader: optional(boolean),
    stickyFirstColumn: optional(boolean),
    useNewSizing: optional(boolean),
  }),
  cards: fields({
    type: anyString,
    cardSize: oneOf(['medium', 'large']),
    columns: arrayOf(anyString),
    targetDefinition: optional(anyString),
    coverDefinition: optional(anyString),
    coverDefinitionDark: optional(anyString),
    hideColumnTitle: optional(boolean),
    wrap: optional(boolean),
    // Not in the spec's cards view, but GitBook writes `<th width>` on cards columns too (a narrow icon column).
    columnWidths: optional(mapOf(number)),
  }),
});

const column = (extra: Parameters<typeof fields>[0] = {}) => fields({ id: anyString, title: anyString, type: anyString, ...extra });
const definition = byField('type', {
  text: column({ textAlignment: oneOf(['center', 'right', 'left']), verticalAlignment: optional(verticalAlignment) }),
  number: column(),
  checkbox: column(),
  files: column(),
  users: column({ multiple: boolean }),
  rating: column({ max: number }),
  select: column({ multiple: boolean, options: arrayOf(fields({ value: anyString, label: anyString, color: anyString })) }),
  'content-ref': column(),
  image: column(),
});

const imageRecord = fields({ ref: fileOrUrlRef, objectFit: optional(oneOf(['contain', 'fill', 'cover'])), alt: optional(anyString) });
const strings = arrayOf(anyString);

/**
 * A record's value: a number, a string (a text cell's fragment name), null, a boolean, a list of strings
 * (files, users, options), a content reference (a reference or an image's file or URL), or an image with its fit.
 */
const cellValue: Check = (value) => {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return number(value);
  if (Array.isArray(value)) return strings(value);
  if (isObject(value) && holds(value, 'kind')) return contentRef(value);
  return imageRecord(value);
};

const span = integer({ min: 1, max: 50 });

export const TABLE_BLOCK: NodeSchema = {
  data: fields({
    view,
    records: mapOf(fields({ orderIndex: anyString, values: mapOf(cellValue) })),
    definition: mapOf(definition),
    cellMerges: optional(arrayOf(fields({ anchor: fields({ record: anyString, column: anyString }), rowSpan: span, colSpan: span }))),
    fullWidth: optional(boolean),
    search: optional(boolean),
  }),
  dataRequired: true,
  isVoid: 'void',
  fragments: [{ holds: types(BLOCK_TYPES) }],
};
