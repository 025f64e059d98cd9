// Schema drift check: what PostgreSQL should contain according to prisma/schema.prisma (mapped the way
// Prisma Migrate would create it), what a database actually contains, and the differences between the two.
// Both sides are reduced to the same plain `DatabaseSchema` shape, so the comparison is a pure function.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prismaSchemaWasm from '@prisma/prisma-schema-wasm';
import type pg from 'pg';

export const SCHEMA_PRISMA_PATH = fileURLToPath(new URL('../../prisma/schema.prisma', import.meta.url));

/** Tables that may exist without a model: node-pg-migrate's bookkeeping. */
export const MIGRATION_TABLES = ['pgmigrations'];

export type ReferentialAction = 'CASCADE' | 'RESTRICT' | 'NO ACTION' | 'SET NULL' | 'SET DEFAULT';

/** A column: type as `format_type` prints it (without identifier quotes), default in `normalizeDefault` form. */
export type Column = { type: string; nullable: boolean; default: string | null };

/** An index other than the primary key; columns read like `"publishedAt DESC"`. */
export type Index = { columns: string[]; unique: boolean; method: string; predicate: string | null };

export type ForeignKey = {
  columns: string[];
  referencedTable: string;
  referencedColumns: string[];
  onDelete: ReferentialAction;
  onUpdate: ReferentialAction;
};

export type Table = {
  columns: Record<string, Column>;
  primaryKey: { name: string; columns: string[] } | null;
  /** By index name. */
  indexes: Record<string, Index>;
  /** By constraint name. */
  foreignKeys: Record<string, ForeignKey>;
  /** CHECK and EXCLUDE constraints by name, with their definition (schema.prisma cannot declare any). */
  checks: Record<string, string>;
};

/** The part of a PostgreSQL database that schema.prisma describes (schema `public`). */
export type DatabaseSchema = {
  /** By table name. */
  tables: Record<string, Table>;
  /** Enum type name → labels in order. */
  enums: Record<string, string[]>;
  /** Extensions that must be (expected side) or are (database side) installed. */
  extensions: string[];
};

// ---------------------------------------------------------------------------------------------------------
// schema.prisma → DatabaseSchema

/** The subset of a DMMF field this check reads. */
type DmmfField = {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'enum' | 'object' | 'unsupported';
  type: string;
  nativeType?: [string, string[]] | null;
  isList: boolean;
  isRequired: boolean;
  hasDefaultValue: boolean;
  default?: unknown;
  isUpdatedAt?: boolean;
  relationName?: string;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
};
type DmmfModel = {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
  /** Indexes on expressions, from the model's `/// @index` lines (schema.prisma cannot declare them). */
  expressionIndexes?: Record<string, Index>;
};
type DmmfIndex = {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  dbName?: string | null;
  algorithm?: string;
  fields: { name: string; sortOrder?: 'asc' | 'desc'; length?: number; operatorClass?: string }[];
};
type DmmfEnum = { name: string; dbName: string | null; values: { name: string; dbName: string | null }[] };

/** The DMMF datamodel: models, enums and (all) indexes including ids and uniques. */
export type Datamodel = { models: DmmfModel[]; enums: DmmfEnum[]; indexes: DmmfIndex[] };

/** PostgreSQL's identifier length limit, which Prisma's constraint names respect. */
const MAX_IDENTIFIER_LENGTH = 63;

/** Parses Prisma schema text into its DMMF datamodel (throws on an invalid schema). */
export function parsePrismaSchema(schemaText: string): Datamodel {
  if (/@relation\([^)]*\bmap\s*:/.test(schemaText)) {
    // The DMMF does not expose a relation's `map:`; extend this check before using one.
    throw new Error('schemaDrift: @relation(map: …) is not supported (its name is not in the DMMF)');
  }
  const dmmf = JSON.parse(prismaSchemaWasm.get_dmmf(JSON.stringify({ prismaSchema: schemaText })));
  const datamodel = dmmf.datamodel as Datamodel;
  for (const model of datamodel.models) {
    model.fields.push(...unsupportedFields(schemaText, model.name));
    model.expressionIndexes = expressionIndexes(schemaText, model.name);
  }
  return datamodel;
}

function modelBody(schemaText: string, modelName: string): string {
  return new RegExp(`^model ${modelName} \\{\\n([\\s\\S]*?)^\\}`, 'm').exec(schemaText)?.[1] ?? '';
}

/** Splits at the commas outside parentheses and quotes. */
function topLevelItems(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let item = '';
  for (const char of list) {
    if (quote) quote = char === quote ? null : quote;
    else if (char === "'" || char === '"') quote = char;
    else if (char === '(') depth++;
    else if (char === ')') depth--;
    else if (char === ',' && depth === 0) {
      items.push(item.trim());
      item = '';
      continue;
    }
    item += char;
  }
  return [...items, item.trim()];
}

/**
 * A model's indexes that schema.prisma cannot declare (on expressions, or partial), each on a
 * `/// @index <name> [unique] <method> <column or (expression)>, … [WHERE <predicate>]` line, with the columns and the
 * predicate as `pg_get_indexdef` prints them.
 */
function expressionIndexes(schemaText: string, modelName: string): Record<string, Index> {
  const indexes: Record<string, Index> = {};
  for (const line of modelBody(schemaText, modelName).split('\n')) {
    const doc = /^\s*\/\/\/\s*@index\s+(\S+)\s+(unique\s+)?(\w+)\s+(.+?)(?:\s+WHERE\s+(.+))?$/.exec(line);
    if (!doc?.[1] || !doc[3] || !doc[4]) continue;
    indexes[doc[1]] = {
      columns: topLevelItems(doc[4]).map(unquoteIdentifier),
      unique: Boolean(doc[2]),
      method: doc[3],
      predicate: doc[5] ?? null,
    };
  }
  return indexes;
}

/** The `Unsupported("type")` fields of a model, which the DMMF leaves out (though its indexes name them). */
function unsupportedFields(schemaText: string, modelName: string): DmmfField[] {
  const body = modelBody(schemaText, modelName);
  const fields: DmmfField[] = [];
  for (const line of body.split('\n')) {
    const field = /^\s*(\w+)\s+Unsupported\("([^"]+)"\)(\?)?/.exec(line);
    if (field?.[1] && field[2]) {
      fields.push({
        name: field[1],
        kind: 'unsupported',
        type: field[2],
        isList: false,
        isRequired: !field[3],
        hasDefaultValue: false,
      });
    }
  }
  return fields;
}

/** Reads and parses prisma/schema.prisma (or another schema file). */
export function readPrismaSchema(path = SCHEMA_PRISMA_PATH): Datamodel {
  return parsePrismaSchema(readFileSync(path, 'utf8'));
}

/** The table a model is stored in. */
function tableName(model: DmmfModel): string {
  return model.dbName ?? model.name;
}

/** The column a scalar field is stored in. */
function columnName(field: DmmfField): string {
  return field.dbName ?? field.name;
}

/** The model called `name` (throws if there is none). */
function modelNamed(datamodel: Datamodel, name: string): DmmfModel {
  const model = datamodel.models.find((m) => m.name === name);
  if (!model) throw new Error(`schemaDrift: no model ${name}`);
  return model;
}

/** The column names of fields `names` of `model`. */
function columnNames(model: DmmfModel, names: string[]): string[] {
  return names.map((name) => {
    const field = model.fields.find((f) => f.name === name);
    if (!field) throw new Error(`schemaDrift: no field ${model.name}.${name}`);
    return columnName(field);
  });
}

/** Prisma's name for an index or constraint on `columns` of `table` with `suffix`, truncated like Prisma does. */
export function constraintName(table: string, columns: string[], suffix: '_key' | '_idx' | '_fkey'): string {
  const base = [table, ...columns].join('_');
  const limit = MAX_IDENTIFIER_LENGTH - suffix.length;
  return (base.length >= limit ? base.slice(0, limit) : base) + suffix;
}

/** Prisma's name for the primary key of `table`. */
export function primaryKeyName(table: string): string {
  const limit = MAX_IDENTIFIER_LENGTH - '_pkey'.length;
  return (table.length >= limit ? table.slice(0, limit) : table) + '_pkey';
}

/** PostgreSQL types of Prisma's native type attributes (`@db.X(args)`). */
const NATIVE_TYPES: Record<string, (args: string[]) => string> = {
  Text: () => 'text',
  Uuid: () => 'uuid',
  Citext: () => 'citext',
  Xml: () => 'xml',
  Inet: () => 'inet',
  VarChar: (a) => (a.length ? `character varying(${a.join(',')})` : 'character varying'),
  Char: (a) => (a.length ? `character(${a.join(',')})` : 'bpchar'),
  Bit: (a) => (a.length ? `bit(${a.join(',')})` : 'bit(1)'),
  VarBit: (a) => (a.length ? `bit varying(${a.join(',')})` : 'bit varying'),
  SmallInt: () => 'smallint',
  Integer: () => 'integer',
  Oid: () => 'oid',
  BigInt: () => 'bigint',
  Real: () => 'real',
  DoublePrecision: () => 'double precision',
  Decimal: (a) => (a.length ? `numeric(${a.join(',')})` : 'numeric'),
  Money: () => 'money',
  Boolean: () => 'boolean',
  Timestamp: (a) => (a.length ? `timestamp(${a[0]}) without time zone` : 'timestamp without time zone'),
  Timestamptz: (a) => (a.length ? `timestamp(${a[0]}) with time zone` : 'timestamp with time zone'),
  Date: () => 'date',
  Time: (a) => (a.length ? `time(${a[0]}) without time zone` : 'time without time zone'),
  Timetz: (a) => (a.length ? `time(${a[0]}) with time zone` : 'time with time zone'),
  Json: () => 'json',
  JsonB: () => 'jsonb',
  ByteA: () => 'bytea',
};

/** PostgreSQL types Prisma Migrate uses for scalar types without a native type attribute. */
const SCALAR_TYPES: Record<string, string> = {
  String: 'text',
  Int: 'integer',
  BigInt: 'bigint',
  Float: 'double precision',
  Decimal: 'numeric(65,30)',
  Boolean: 'boolean',
  DateTime: 'timestamp(3) without time zone',
  Json: 'jsonb',
  Bytes: 'bytea',
};

/** The PostgreSQL type (as `format_type` prints it, unquoted) of a scalar or enum field. */
function columnType(field: DmmfField, datamodel: Datamodel): string {
  let type: string | undefined;
  if (field.kind === 'enum') {
    const enumType = datamodel.enums.find((e) => e.name === field.type);
    type = enumType ? (enumType.dbName ?? enumType.name) : undefined;
  } else if (field.nativeType) {
    type = NATIVE_TYPES[field.nativeType[0]]?.(field.nativeType[1]);
  } else {
    type = SCALAR_TYPES[field.type];
  }
  if (!type) throw new Error(`schemaDrift: no PostgreSQL type known for ${field.name} ${field.type}`);
  return field.isList ? `${type}[]` : type;
}

/** `value` as an SQL string literal. */
function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** `name` as PostgreSQL prints an identifier: quoted only when it must be. */
function quoteIdentifierIfNeeded(name: string): string {
  return /^[a-z_][a-z0-9_$]*$/.test(name) ? name : `"${name.replaceAll('"', '""')}"`;
}

/** The database default Prisma Migrate gives a field, in `normalizeDefault` form; null when the client fills it. */
function columnDefault(field: DmmfField, table: string, datamodel: Datamodel): string | null {
  if (!field.hasDefaultValue || field.isUpdatedAt) return null;
  const value = field.default;
  if (Array.isArray(value)) {
    // An empty list, the one list default supported, as normalizeDefault prints '{}'::<type>.
    if (value.length > 0) throw new Error(`schemaDrift: a non-empty list default of ${table}.${field.name} is not supported`);
    return "'{}'";
  }
  if (value !== null && typeof value === 'object') {
    const { name, args = [] } = value as { name: string; args?: unknown[] };
    if (name === 'now') return 'CURRENT_TIMESTAMP';
    if (['uuid', 'cuid', 'nanoid', 'ulid'].includes(name)) return null;
    if (name === 'autoincrement') {
      const sequence = `${table}_${columnName(field)}_seq`;
      return `nextval(${quoteLiteral(quoteIdentifierIfNeeded(sequence))}::regclass)`;
    }
    if (name === 'dbgenerated' && typeof args[0] === 'string') return args[0];
    throw new Error(`schemaDrift: default ${name}() of ${table}.${field.name} is not supported`);
  }
  if (field.kind === 'enum') {
    const values = datamodel.enums.find((e) => e.name === field.type)?.values ?? [];
    const member = values.find((v) => v.name === value);
    return quoteLiteral(member?.dbName ?? String(value));
  }
  // The DMMF gives a BigInt's default as text ("0"), a number all the same.
  if (field.type === 'BigInt') return String(value);
  return typeof value === 'string' ? quoteLiteral(value) : String(value);
}

/** Prisma's referential action name (`SetNull`) as PostgreSQL spells it (`SET NULL`). */
function referentialAction(prismaAction: string): ReferentialAction {
  const actions: Record<string, ReferentialAction> = {
    Cascade: 'CASCADE',
    Restrict: 'RESTRICT',
    NoAction: 'NO ACTION',
    SetNull: 'SET NULL',
    SetDefault: 'SET DEFAULT',
  };
  const action = actions[prismaAction];
  if (!action) throw new Error(`schemaDrift: unknown referential action ${prismaAction}`);
  return action;
}

/** The foreign keys of a model: one per relation field that holds the `fields:` side. */
function modelForeignKeys(model: DmmfModel, datamodel: Datamodel): Record<string, ForeignKey> {
  const table = tableName(model);
  const foreignKeys: Record<string, ForeignKey> = {};
  for (const field of model.fields) {
    if (field.kind !== 'object') continue;
    const target = modelNamed(datamodel, field.type);
    if (!field.relationFromFields?.length) {
      const back = target.fields.find((f) => f.relationName === field.relationName && f !== field);
      if (field.isList && back?.isList) throw new Error(`schemaDrift: implicit many-to-many ${field.relationName} is not supported`);
      continue;
    }
    const columns = columnNames(model, field.relationFromFields);
    foreignKeys[constraintName(table, columns, '_fkey')] = {
      columns,
      referencedTable: tableName(target),
      referencedColumns: columnNames(target, field.relationToFields ?? []),
      // Prisma's defaults: SetNull for an optional relation, Restrict for a required one; ON UPDATE Cascade.
      onDelete: referentialAction(field.relationOnDelete ?? (field.isRequired ? 'Restrict' : 'SetNull')),
      onUpdate: referentialAction(field.relationOnUpdate ?? 'Cascade'),
    };
  }
  return foreignKeys;
}

/** The primary key and indexes of a model, from the DMMF's index list. */
function modelIndexes(model: DmmfModel, datamodel: Datamodel): Pick<Table, 'primaryKey' | 'indexes'> {
  const table = tableName(model);
  let primaryKey: Table['primaryKey'] = null;
  const indexes: Record<string, Index> = { ...model.expressionIndexes };
  for (const index of datamodel.indexes.filter((i) => i.model === model.name)) {
    const columns = columnNames(
      model,
      index.fields.map((f) => f.name),
    );
    if (index.type === 'id') {
      primaryKey = { name: index.dbName ?? primaryKeyName(table), columns };
      continue;
    }
    if (index.type === 'fulltext' || index.fields.some((f) => f.length !== undefined || f.operatorClass)) {
      throw new Error(`schemaDrift: an index of ${model.name} uses options this check does not support`);
    }
    const unique = index.type === 'unique';
    const name = index.dbName ?? constraintName(table, columns, unique ? '_key' : '_idx');
    indexes[name] = {
      columns: columns.map((column, i) => (index.fields[i]?.sortOrder === 'desc' ? `${column} DESC` : column)),
      unique,
      method: (index.algorithm ?? 'BTree').toLowerCase(),
      predicate: null,
    };
  }
  return { primaryKey, indexes };
}

/** The table Prisma Migrate would create for a model. */
function modelTable(model: DmmfModel, datamodel: Datamodel): Table {
  const table = tableName(model);
  const columns: Record<string, Column> = {};
  for (const field of model.fields) {
    if (field.kind === 'object') continue;
    if (field.kind === 'unsupported') {
      columns[columnName(field)] = {
        type: field.type,
        nullable: !field.isRequired,
        default: null,
      };
      continue;
    }
    columns[columnName(field)] = {
      type: columnType(field, datamodel),
      nullable: !field.isRequired && !field.isList,
      default: columnDefault(field, table, datamodel),
    };
  }
  return { columns, ...modelIndexes(model, datamodel), foreignKeys: modelForeignKeys(model, datamodel), checks: {} };
}

/** The database schema that schema.prisma describes. */
export function expectedSchema(datamodel: Datamodel): DatabaseSchema {
  const tables: Record<string, Table> = {};
  for (const model of datamodel.models) tables[tableName(model)] = modelTable(model, datamodel);
  const enums: Record<string, string[]> = {};
  for (const e of datamodel.enums) enums[e.dbName ?? e.name] = e.values.map((v) => v.dbName ?? v.name);
  const usesCitext = datamodel.models.some((m) => m.fields.some((f) => f.nativeType?.[0] === 'Citext'));
  return { tables, enums, extensions: usesCitext ? ['citext'] : [] };
}

// ---------------------------------------------------------------------------------------------------------
// PostgreSQL → DatabaseSchema

const NUMERIC_TYPE = /^(smallint|integer|bigint|real|double precision|numeric|money|oid)\b/;

/**
 * A default as `pg_get_expr` prints it, reduced so it compares with what schema.prisma says: a cast
 * literal loses its cast (`''::text` → `''`, `'user'::"Role"` → `'user'`) and, in a numeric column, its
 * quotes (`'-1'::integer` → `-1`). Anything else (CURRENT_TIMESTAMP, false, nextval(…)) stays as it is.
 */
export function normalizeDefault(expression: string | null, type: string): string | null {
  if (expression === null) return null;
  const cast = /^('(?:[^']|'')*')::[^':]+$/.exec(expression);
  if (!cast?.[1]) return expression;
  const literal = cast[1];
  const unquoted = literal.slice(1, -1);
  return NUMERIC_TYPE.test(type) && /^-?\d+(\.\d+)?$/.test(unquoted) ? unquoted : literal;
}

/** An identifier as `pg_get_indexdef` prints it, without quotes; expressions stay as they are. */
function unquoteIdentifier(text: string): string {
  const quoted = /^"((?:[^"]|"")*)"$/.exec(text);
  return quoted?.[1] !== undefined ? quoted[1].replaceAll('""', '"') : text;
}

/** PostgreSQL's one-letter referential action codes (`confdeltype`, `confupdtype`). */
const ACTION_CODES: Record<string, ReferentialAction> = {
  a: 'NO ACTION',
  r: 'RESTRICT',
  c: 'CASCADE',
  n: 'SET NULL',
  d: 'SET DEFAULT',
};

/** Every table of schema `public` (ordinary and partitioned, not partitions), still without columns or keys. */
async function readTables(client: pg.ClientBase): Promise<Record<string, Table>> {
  const { rows } = await client.query<{ name: string }>(`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition`);
  const tables: Record<string, Table> = {};
  for (const { name } of rows) tables[name] = { columns: {}, primaryKey: null, indexes: {}, foreignKeys: {}, checks: {} };
  return tables;
}

/** Adds every column with its type, nullability and (normalised) default. */
async function readColumns(client: pg.ClientBase, tables: Record<string, Table>): Promise<void> {
  const { rows } = await client.query<{
    table: string;
    column: string;
    type: string;
    nullable: boolean;
    default: string | null;
    identity: string;
    generated: string;
  }>(`
    SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
           NOT a.attnotnull AS nullable, pg_get_expr(d.adbin, d.adrelid) AS default,
           a.attidentity AS identity, a.attgenerated AS generated
    FROM pg_attribute a
    JOIN pg_class c ON c.oid = a.attrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped`);
  for (const row of rows) {
    const table = tables[row.table];
    if (!table) continue;
    const type = row.type.replaceAll('"', '');
    let defaultValue = normalizeDefault(row.default, type);
    if (row.identity) defaultValue = `GENERATED ${row.identity === 'a' ? 'ALWAYS' : 'BY DEFAULT'} AS IDENTITY`;
    if (row.generated) defaultValue = `GENERATED ALWAYS AS (${row.default}) STORED`;
    table.columns[row.column] = { type, nullable: row.nullable, default: defaultValue };
  }
}

/** Adds the primary key and every index (unique constraints included, as they are indexes too). */
async function readIndexes(client: pg.ClientBase, tables: Record<string, Table>): Promise<void> {
  const { rows } = await client.query<{
    table: string;
    name: string;
    primary: boolean;
    unique: boolean;
    method: string;
    predicate: string | null;
    columns: string[];
  }>(`
    SELECT t.relname AS table, ic.relname AS name, i.indisprimary AS primary, i.indisunique AS unique,
           am.amname AS method, pg_get_expr(i.indpred, i.indrelid) AS predicate,
           ARRAY(
             SELECT pg_get_indexdef(i.indexrelid, k, true)
                    || CASE WHEN i.indoption[k - 1] & 1 = 1 THEN ' DESC' ELSE '' END
                    || CASE i.indoption[k - 1] & 3 WHEN 1 THEN ' NULLS LAST' WHEN 2 THEN ' NULLS FIRST' ELSE '' END
             FROM generate_series(1, i.indnkeyatts) AS k ORDER BY k
           ) AS columns
    FROM pg_index i
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_class ic ON ic.oid = i.indexrelid
    JOIN pg_am am ON am.oid = ic.relam
    JOIN pg_namespace n ON n.oid = t.relnamespace
    WHERE n.nspname = 'public'`);
  for (const row of rows) {
    const table = tables[row.table];
    if (!table) continue;
    const columns = row.columns.map((column) => {
      const [, identifier = column, order = ''] = /^(.*?)((?: DESC)?(?: NULLS (?:FIRST|LAST))?)$/.exec(column) ?? [];
      return unquoteIdentifier(identifier) + order;
    });
    if (row.primary) table.primaryKey = { name: row.name, columns };
    else table.indexes[row.name] = { columns, unique: row.unique, method: row.method, predicate: row.predicate };
  }
}

/** Adds foreign keys (columns, referenced table and columns, actions) and CHECK / EXCLUDE constraints. */
async function readConstraints(client: pg.ClientBase, tables: Record<string, Table>): Promise<void> {
  const { rows } = await client.query<{
    table: string;
    name: string;
    kind: string;
    definition: string;
    referencedTable: string | null;
    columns: string[];
    referencedColumns: string[];
    onDelete: string;
    onUpdate: string;
  }>(`
    SELECT t.relname AS table, c.conname AS name, c.contype AS kind, pg_get_constraintdef(c.oid) AS definition,
           rt.relname AS "referencedTable", c.confdeltype AS "onDelete", c.confupdtype AS "onUpdate",
           ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY AS k(num, ord)
                 JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num ORDER BY k.ord) AS columns,
           ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY AS k(num, ord)
                 JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.num ORDER BY k.ord) AS "referencedColumns"
    FROM pg_constraint c
    JOIN pg_class t ON t.oid = c.conrelid
    JOIN pg_namespace n ON n.oid = t.relnamespace
    LEFT JOIN pg_class rt ON rt.oid = c.confrelid
    WHERE n.nspname = 'public' AND c.contype IN ('f', 'c', 'x')`);
  for (const row of rows) {
    const table = tables[row.table];
    if (!table) continue;
    if (row.kind !== 'f') {
      table.checks[row.name] = row.definition;
      continue;
    }
    table.foreignKeys[row.name] = {
      columns: row.columns,
      referencedTable: row.referencedTable ?? '?',
      referencedColumns: row.referencedColumns,
      onDelete: ACTION_CODES[row.onDelete] ?? 'NO ACTION',
      onUpdate: ACTION_CODES[row.onUpdate] ?? 'NO ACTION',
    };
  }
}

/** The enum types of schema `public` with their labels in order. */
async function readEnums(client: pg.ClientBase): Promise<Record<string, string[]>> {
  const { rows } = await client.query<{ name: string; values: string[] }>(`
    SELECT t.typname AS name,
           ARRAY(SELECT e.enumlabel::text FROM pg_enum e WHERE e.enumtypid = t.oid ORDER BY e.enumsortorder) AS values
    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE t.typtype = 'e' AND n.nspname = 'public'`);
  return Object.fromEntries(rows.map((row) => [row.name, row.values]));
}

/** Reads schema `public` of the database `client` is connected to. */
export async function introspectDatabase(client: pg.ClientBase): Promise<DatabaseSchema> {
  const tables = await readTables(client);
  await readColumns(client, tables);
  await readIndexes(client, tables);
  await readConstraints(client, tables);
  const enums = await readEnums(client);
  const { rows } = await client.query<{ name: string }>('SELECT extname AS name FROM pg_extension');
  return { tables, enums, extensions: rows.map((row) => row.name) };
}

// ---------------------------------------------------------------------------------------------------------
// Comparison

/** A list of columns or labels as one readable string. */
function list(items: string[]): string {
  return `(${items.join(', ')})`;
}

/** A default for a message. */
function showDefault(value: string | null): string {
  return value ?? 'none';
}

/** Keys in `a` that are not in `b`, sorted. */
function missingKeys(a: object, b: object): string[] {
  return Object.keys(a)
    .filter((key) => !Object.hasOwn(b, key))
    .sort();
}

/** Keys in both `a` and `b`, sorted. */
function commonKeys(a: object, b: object): string[] {
  return Object.keys(a)
    .filter((key) => Object.hasOwn(b, key))
    .sort();
}

/** Differences of the columns of one table. */
function diffColumns(name: string, expected: Table, actual: Table): string[] {
  const out: string[] = [];
  for (const column of missingKeys(expected.columns, actual.columns)) out.push(`${name}.${column}: column is missing`);
  for (const column of missingKeys(actual.columns, expected.columns)) out.push(`${name}.${column}: column is not in schema.prisma`);
  for (const column of commonKeys(expected.columns, actual.columns)) {
    const want = expected.columns[column]!;
    const have = actual.columns[column]!;
    const where = `${name}.${column}`;
    if (have.type !== want.type) out.push(`${where}: type is ${have.type}, schema.prisma says ${want.type}`);
    if (have.nullable !== want.nullable) {
      const show = (nullable: boolean) => (nullable ? 'nullable' : 'NOT NULL');
      out.push(`${where}: is ${show(have.nullable)}, schema.prisma says ${show(want.nullable)}`);
    }
    if (have.default !== want.default)
      out.push(`${where}: default is ${showDefault(have.default)}, schema.prisma says ${showDefault(want.default)}`);
  }
  return out;
}

/** Differences of the primary key of one table (name and columns). */
function diffPrimaryKey(name: string, expected: Table, actual: Table): string[] {
  const show = (key: Table['primaryKey']) => (key ? `${key.name} ${list(key.columns)}` : 'none');
  return show(expected.primaryKey) === show(actual.primaryKey)
    ? []
    : [`${name}: primary key is ${show(actual.primaryKey)}, schema.prisma says ${show(expected.primaryKey)}`];
}

/** An index for a message, e.g. `unique btree ("a", "b DESC")`. */
function showIndex(index: Index): string {
  const where = index.predicate ? ` WHERE ${index.predicate}` : '';
  return `${index.unique ? 'unique ' : ''}${index.method} ${list(index.columns)}${where}`;
}

/** Differences of the indexes of one table, matched by name. */
function diffIndexes(name: string, expected: Table, actual: Table): string[] {
  const out: string[] = [];
  for (const index of missingKeys(expected.indexes, actual.indexes))
    out.push(`${name}: index ${index} ${showIndex(expected.indexes[index]!)} is missing`);
  for (const index of missingKeys(actual.indexes, expected.indexes))
    out.push(`${name}: index ${index} ${showIndex(actual.indexes[index]!)} is not in schema.prisma`);
  for (const index of commonKeys(expected.indexes, actual.indexes)) {
    const want = showIndex(expected.indexes[index]!);
    const have = showIndex(actual.indexes[index]!);
    if (have !== want) out.push(`${name}: index ${index} is ${have}, schema.prisma says ${want}`);
  }
  return out;
}

/** A foreign key for a message, e.g. `(userId) → User(id)`. */
function showForeignKeyTarget(key: ForeignKey): string {
  return `${list(key.columns)} → ${key.referencedTable}${list(key.referencedColumns)}`;
}

/** Differences of the foreign keys of one table, matched by constraint name. */
function diffForeignKeys(name: string, expected: Table, actual: Table): string[] {
  const out: string[] = [];
  const show = (key: ForeignKey) => `${showForeignKeyTarget(key)} ON DELETE ${key.onDelete} ON UPDATE ${key.onUpdate}`;
  for (const key of missingKeys(expected.foreignKeys, actual.foreignKeys))
    out.push(`${name}: foreign key ${key} ${show(expected.foreignKeys[key]!)} is missing`);
  for (const key of missingKeys(actual.foreignKeys, expected.foreignKeys))
    out.push(`${name}: foreign key ${key} ${show(actual.foreignKeys[key]!)} is not in schema.prisma`);
  for (const key of commonKeys(expected.foreignKeys, actual.foreignKeys)) {
    const want = expected.foreignKeys[key]!;
    const have = actual.foreignKeys[key]!;
    const where = `${name}: foreign key ${key}`;
    if (showForeignKeyTarget(have) !== showForeignKeyTarget(want))
      out.push(`${where} is ${showForeignKeyTarget(have)}, schema.prisma says ${showForeignKeyTarget(want)}`);
    if (have.onDelete !== want.onDelete) out.push(`${where}: ON DELETE is ${have.onDelete}, schema.prisma says ${want.onDelete}`);
    if (have.onUpdate !== want.onUpdate) out.push(`${where}: ON UPDATE is ${have.onUpdate}, schema.prisma says ${want.onUpdate}`);
  }
  return out;
}

/** CHECK / EXCLUDE constraints, which schema.prisma cannot declare, so each one is drift. */
function diffChecks(name: string, expected: Table, actual: Table): string[] {
  return missingKeys(actual.checks, expected.checks).map(
    (check) => `${name}: constraint ${check} ${actual.checks[check]} is not in schema.prisma`,
  );
}

/** Differences of one table present on both sides. */
function diffTable(name: string, expected: Table, actual: Table): string[] {
  return [
    ...diffColumns(name, expected, actual),
    ...diffPrimaryKey(name, expected, actual),
    ...diffIndexes(name, expected, actual),
    ...diffForeignKeys(name, expected, actual),
    ...diffChecks(name, expected, actual),
  ];
}

/** Differences of the enum types (names, and labels in order). */
function diffEnums(expected: DatabaseSchema, actual: DatabaseSchema): string[] {
  const out: string[] = [];
  for (const name of missingKeys(expected.enums, actual.enums)) out.push(`enum ${name}: type is missing`);
  for (const name of missingKeys(actual.enums, expected.enums)) out.push(`enum ${name}: type is not in schema.prisma`);
  for (const name of commonKeys(expected.enums, actual.enums)) {
    const want = expected.enums[name]!;
    const have = actual.enums[name]!;
    if (list(have) !== list(want)) out.push(`enum ${name}: values are ${list(have)}, schema.prisma says ${list(want)}`);
  }
  return out;
}

/**
 * Every difference between what schema.prisma describes and what the database holds, one readable line
 * each (empty when they match). Tables in `allowedExtraTables` may exist without a model.
 */
export function diffSchemas(expected: DatabaseSchema, actual: DatabaseSchema, allowedExtraTables: string[] = MIGRATION_TABLES): string[] {
  const out: string[] = [];
  for (const extension of expected.extensions.filter((e) => !actual.extensions.includes(e)))
    out.push(`extension ${extension} is not installed`);
  out.push(...diffEnums(expected, actual));
  for (const name of missingKeys(expected.tables, actual.tables)) out.push(`${name}: table is missing`);
  for (const name of missingKeys(actual.tables, expected.tables).filter((t) => !allowedExtraTables.includes(t)))
    out.push(`${name}: table is not in schema.prisma`);
  for (const name of commonKeys(expected.tables, actual.tables)) out.push(...diffTable(name, expected.tables[name]!, actual.tables[name]!));
  return out;
}
