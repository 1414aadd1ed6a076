import { Condition, CursorKey, Filter, Scalar, Sort } from '../read-store.port';

/** A SQL fragment and the values bound to its `?` placeholders, in order. */
export interface Sql {
  sql: string;
  params: unknown[];
}

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;

/** The SQL expression reading a (dotted) field of the JSON document. */
export function fieldExpr(field: string): string {
  if (field === 'id') return 'id';
  // Field names are interpolated into SQL, so only plain identifiers are accepted.
  if (!FIELD.test(field)) throw new Error(`invalid field name: ${field}`);
  return `json_extract(doc, '$.${field}')`;
}

/** json_extract yields 1/0 for JSON booleans, so booleans are bound the same way. */
export function bind(value: Scalar): unknown {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

function isOperator(c: Condition): c is Exclude<Condition, Scalar> {
  return c !== null && typeof c === 'object';
}

function equals(expr: string, value: Scalar): Sql {
  // Like MongoDB, equality with null also matches a missing field.
  return value === null ? { sql: `${expr} IS NULL`, params: [] } : { sql: `${expr} = ?`, params: [bind(value)] };
}

function condition(field: string, cond: Condition): Sql[] {
  const expr = fieldExpr(field);
  if (!isOperator(cond)) return [equals(expr, cond)];
  const parts: Sql[] = [];
  for (const [op, value] of Object.entries(cond)) {
    switch (op) {
      case '$eq':
        parts.push(equals(expr, value as Scalar));
        break;
      case '$ne':
        parts.push(
          value === null
            ? { sql: `${expr} IS NOT NULL`, params: [] }
            : { sql: `(${expr} IS NULL OR ${expr} != ?)`, params: [bind(value as Scalar)] },
        );
        break;
      case '$in': {
        const values = value as Scalar[];
        const present = values.filter((v) => v !== null);
        const alternatives: string[] = [];
        if (present.length) alternatives.push(`${expr} IN (${present.map(() => '?').join(', ')})`);
        if (present.length < values.length) alternatives.push(`${expr} IS NULL`);
        parts.push({ sql: alternatives.length ? `(${alternatives.join(' OR ')})` : '0', params: present.map(bind) });
        break;
      }
      case '$exists': {
        // json_type tells a JSON null (present) from a missing field, as MongoDB's $exists does.
        const typeExpr = field === 'id' ? `'text'` : `json_type(doc, '$.${field}')`;
        parts.push({ sql: `${typeExpr} IS ${value ? 'NOT NULL' : 'NULL'}`, params: [] });
        break;
      }
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        const sqlOp = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' }[op];
        parts.push({ sql: `${expr} ${sqlOp} ?`, params: [bind(value as Scalar)] });
        break;
      }
      case '$contains':
        parts.push({ sql: `instr(${expr}, ?) > 0`, params: [value] });
        break;
      default:
        throw new Error(`unsupported filter operator ${op}`);
    }
  }
  return parts;
}

export function whereClause(filter: Filter = {}, sort?: Sort, after?: CursorKey): Sql {
  const parts = Object.entries(filter).flatMap(([field, cond]) => condition(field, cond));
  if (sort && sort.field !== 'id') parts.push({ sql: `${fieldExpr(sort.field)} IS NOT NULL`, params: [] });
  if (after) parts.push(keyset(sort ?? { field: 'id', direction: 'asc' }, after));
  return {
    sql: parts.length ? `WHERE ${parts.map((p) => p.sql).join(' AND ')}` : '',
    params: parts.flatMap((p) => p.params),
  };
}

/**
 * Strictly after (value, id) in the sort order. Written as `value >= ? AND (value > ? OR id > ?)`
 * rather than the plainer OR of two cases: SQLite turns only the first form into an index range, so a
 * deep page costs what the first page costs instead of scanning every earlier entry.
 */
function keyset(sort: Sort, after: CursorKey): Sql {
  const cmp = sort.direction === 'asc' ? '>' : '<';
  if (sort.field === 'id') return { sql: `id ${cmp} ?`, params: [after.id] };
  const expr = fieldExpr(sort.field);
  const value = bind(after.value);
  return { sql: `(${expr} ${cmp}= ? AND (${expr} ${cmp} ? OR id ${cmp} ?))`, params: [value, value, after.id] };
}

export function orderClause(sort?: Sort): string {
  if (!sort || sort.field === 'id') return `ORDER BY id ${sort?.direction === 'desc' ? 'DESC' : 'ASC'}`;
  const dir = sort.direction === 'asc' ? 'ASC' : 'DESC';
  return `ORDER BY ${fieldExpr(sort.field)} ${dir}, id ${dir}`;
}
