import { is } from "drizzle-orm";
import { type ForeignKey, getTableConfig, PgTable } from "drizzle-orm/pg-core";
import type { RawSql } from "./client";

/**
 * One table as PostgreSQL states it: columns with type and nullability, constraints by name
 * and as `pg_get_constraintdef` writes them, and the names of its other indexes. Names count:
 * a migration drizzle-kit generates drops or alters a constraint by the name the schema gives
 * it, so a database that named it otherwise would fail that migration (issue 40; 0045).
 */
export interface TableShape {
  columns: string[];
  constraints: string[];
  indexes: string[];
}

export type SchemaShape = Record<string, TableShape>;

/** pg writes a few types longer than drizzle does; serial columns are integers with a default. */
const TYPE_ALIASES: Record<string, string> = {
  varchar: "character varying",
  serial: "integer",
  bigserial: "bigint",
  smallserial: "smallint",
  timestamp: "timestamp without time zone",
  time: "time without time zone",
};

function pgType(sqlType: string): string {
  const base = /^[a-z ]+/.exec(sqlType)?.[0].trim() ?? sqlType;
  return `${TYPE_ALIASES[base] ?? base}${sqlType.slice(base.length)}`;
}

const unquote = (text: string) => text.replaceAll('"', "");
const list = (names: string[]) => names.join(", ");

function referentialAction(kind: "DELETE" | "UPDATE", action: string | undefined): string {
  return action && action !== "no action" ? ` ON ${kind} ${action.toUpperCase()}` : "";
}

function foreignKeyDef(fk: ForeignKey): string {
  const ref = fk.reference();
  const target = getTableConfig(ref.foreignTable).name;
  return (
    `FOREIGN KEY (${list(ref.columns.map((c) => c.name))}) ` +
    `REFERENCES ${target}(${list(ref.foreignColumns.map((c) => c.name))})` +
    referentialAction("UPDATE", fk.onUpdate) +
    referentialAction("DELETE", fk.onDelete)
  );
}

/** What the drizzle schema module declares, table by table. */
export function declaredShape(schema: Record<string, unknown>): SchemaShape {
  const shape: SchemaShape = {};
  for (const value of Object.values(schema)) {
    if (!is(value, PgTable)) continue;
    const config = getTableConfig(value);
    const constraints: string[] = [];
    const primary = config.columns.filter((c) => c.primary).map((c) => c.name);
    // A column's PRIMARY KEY takes PostgreSQL's default name; the rest take drizzle's.
    if (primary.length > 0) {
      constraints.push(`${config.name}_pkey: PRIMARY KEY (${list(primary)})`);
    }
    for (const pk of config.primaryKeys) {
      constraints.push(`${pk.getName()}: PRIMARY KEY (${list(pk.columns.map((c) => c.name))})`);
    }
    for (const column of config.columns.filter((c) => c.isUnique)) {
      constraints.push(
        `${column.uniqueName ?? `${config.name}_${column.name}_unique`}: UNIQUE${column.uniqueType === "not distinct" ? " NULLS NOT DISTINCT" : ""} (${column.name})`,
      );
    }
    for (const unique of config.uniqueConstraints) {
      constraints.push(
        `${unique.getName()}: UNIQUE${unique.nullsNotDistinct ? " NULLS NOT DISTINCT" : ""} (${list(unique.columns.map((c) => c.name))})`,
      );
    }
    for (const fk of config.foreignKeys) constraints.push(`${fk.getName()}: ${foreignKeyDef(fk)}`);
    for (const check of config.checks) constraints.push(`CHECK ${check.name}`);
    shape[config.name] = {
      columns: config.columns
        .map((c) => `${c.name} ${pgType(c.getSQLType())}${c.notNull ? " not null" : ""}`)
        .sort(),
      constraints: constraints.sort(),
      indexes: config.indexes.map((index) => index.config.name ?? "(unnamed index)").sort(),
    };
  }
  return shape;
}

/** What a migrated database holds in its public schema, table by table. */
export async function migratedShape(raw: RawSql): Promise<SchemaShape> {
  const shape: SchemaShape = {};
  const table = (name: string) => {
    shape[name] ??= { columns: [], constraints: [], indexes: [] };
    return shape[name];
  };
  const columns = await raw.query<{
    table: string;
    column: string;
    type: string;
    notnull: boolean;
  }>(
    `select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
            a.attnotnull as notnull
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
        and c.relname <> '__migrations'`,
  );
  for (const row of columns.rows) {
    table(row.table).columns.push(`${row.column} ${row.type}${row.notnull ? " not null" : ""}`);
  }
  const constraints = await raw.query<{ table: string; name: string; kind: string; def: string }>(
    `select c.relname as table, k.conname as name, k.contype as kind,
            pg_get_constraintdef(k.oid) as def
       from pg_constraint k
       join pg_class c on c.oid = k.conrelid
       join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relname <> '__migrations' and k.contype in ('p', 'u', 'f', 'c')`,
  );
  for (const row of constraints.rows) {
    // A NOT NULL column shows as a column fact; a CHECK is compared by its name, as drizzle
    // states its expression in TypeScript rather than in the SQL pg prints.
    table(row.table).constraints.push(
      row.kind === "c" ? `CHECK ${row.name}` : `${row.name}: ${unquote(row.def)}`,
    );
  }
  const indexes = await raw.query<{ table: string; name: string }>(
    `select tablename as table, indexname as name from pg_indexes
      where schemaname = 'public' and tablename <> '__migrations'
        and indexname not in (select conname from pg_constraint)`,
  );
  for (const row of indexes.rows) table(row.table).indexes.push(row.name);
  for (const value of Object.values(shape)) {
    value.columns.sort();
    value.constraints.sort();
    value.indexes.sort();
  }
  return shape;
}

/** Every difference, one line each: what the schema declares that the migrations lack, and back. */
export function schemaDrift(declared: SchemaShape, migrated: SchemaShape): string[] {
  const lines: string[] = [];
  for (const name of new Set([...Object.keys(declared), ...Object.keys(migrated)])) {
    const ours = declared[name];
    const theirs = migrated[name];
    if (!theirs) {
      lines.push(`table ${name}: declared in the schema, created by no migration`);
      continue;
    }
    if (!ours) {
      lines.push(`table ${name}: created by the migrations, not declared in the schema`);
      continue;
    }
    for (const part of ["columns", "constraints", "indexes"] as const) {
      const mine = new Set(ours[part]);
      const stored = new Set(theirs[part]);
      for (const item of mine)
        if (!stored.has(item))
          lines.push(`table ${name}: ${part.slice(0, -1)} "${item}" declared, not migrated`);
      for (const item of stored)
        if (!mine.has(item))
          lines.push(`table ${name}: ${part.slice(0, -1)} "${item}" migrated, not declared`);
    }
  }
  return lines;
}
