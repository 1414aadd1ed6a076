import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { fieldExpr } from '../../read-store/sqlite/sqlite-filter';
import { TextIndexSpec } from '../search.port';

/**
 * A collection's text index in SQLite: an FTS5 table beside the collection's table (`ft_<table>`), one
 * column per indexed field (`f0`, `f1`… in the spec's order), contentless (the text lives in the
 * collection's JSON already) with `contentless_delete` so rows can be replaced, its rowid the collection
 * row's rowid. Triggers on the collection table keep it in step, so every write through the read store
 * (upsert, patch, delete, deleteMany) updates the index in the same transaction as the projection's
 * checkpoint. A rebuild's swap drops both tables (the triggers go with theirs), fills the collection anew and
 * then creates its index here, filled in one statement from the full table.
 *
 * Rowids of a table without an INTEGER PRIMARY KEY may change under VACUUM: Folio never vacuums read.db
 * (a rebuild writes fresh tables instead), and a VACUUM would need a `projections rebuild` after it.
 */

export const ftsTable = (table: string) => `ft_${table}`;

/** FTS5's own tokenizer, folding case and every diacritic (`remove_diacritics 2`), as `foldText` does. */
const TOKENIZE = `tokenize = 'unicode61 remove_diacritics 2'`;

/** The weights in column order, for `bm25()`. */
export const ftsWeights = (spec: TextIndexSpec) => Object.values(spec.fields);

/** Creates the index and its triggers when missing, filling it from the rows already there. */
export function ensureFtsIndex(db: Database.Database, table: string, spec: TextIndexSpec): void {
  const fts = ftsTable(table);
  const fields = Object.keys(spec.fields);
  if (fields.length === 0) throw new Error(`text index of ${table}: no fields`);
  const columns = fields.map((_, i) => `f${i}`);
  // fieldExpr checks each name is a plain (dotted) identifier before it is written into SQL.
  const values = (doc: string) => fields.map((f) => fieldExpr(f).replace('(doc,', `(${doc},`)).join(', ');
  const exists = db.prepare(`SELECT 1 FROM sqlite_master WHERE name = ?`).get(fts);
  if (!exists) {
    db.exec(`CREATE VIRTUAL TABLE ${fts} USING fts5(${columns.join(', ')}, content = '', contentless_delete = 1, ${TOKENIZE})`);
    db.exec(`INSERT INTO ${fts} (rowid, ${columns.join(', ')}) SELECT rowid, ${values('doc')} FROM ${table}`);
  }
  const triggers = db.prepare(`SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?`).get(table) as { n: number };
  if (triggers.n > 0) return;
  // Names carry no table name (a rebuilt table keeps its triggers under the live name) and a random tail.
  const name = `ftt_${randomBytes(6).toString('hex')}`;
  const insert = `INSERT INTO ${fts} (rowid, ${columns.join(', ')}) VALUES (new.rowid, ${values('new.doc')});`;
  const remove = `DELETE FROM ${fts} WHERE rowid = old.rowid;`;
  db.exec(`CREATE TRIGGER ${name}_i AFTER INSERT ON ${table} BEGIN ${insert} END`);
  db.exec(`CREATE TRIGGER ${name}_d AFTER DELETE ON ${table} BEGIN ${remove} END`);
  db.exec(`CREATE TRIGGER ${name}_u AFTER UPDATE ON ${table} BEGIN ${remove} ${insert} END`);
}
