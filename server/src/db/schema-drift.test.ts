import { integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client";
import { runMigrations } from "./migrate";
import * as schema from "./schema";
import { declaredShape, migratedShape, type SchemaShape, schemaDrift } from "./schema-drift";

let database: Database;
let migrated: SchemaShape;

beforeAll(async () => {
  database = await openDatabase({ kind: "pglite" });
  await runMigrations(database);
  migrated = await migratedShape(database.raw);
});

afterAll(async () => {
  await database.close();
});

describe("the schema against the migrations", () => {
  it("agree on the committed tree, table for table", () => {
    expect(Object.keys(migrated).length).toBe(Object.keys(declaredShape(schema)).length);
    expect(schemaDrift(declaredShape(schema), migrated)).toEqual([]);
  });

  it("differ on a column or a table added to the schema without a migration", () => {
    const changed = {
      ...schema,
      optOutMailBudget: pgTable("opt_out_mail_budget", {
        addressKey: text("address_key").primaryKey(),
        windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
        sent: integer("sent").notNull(),
        note: text("note"),
      }),
      planted: pgTable("planted", { id: uuid("id").primaryKey() }),
    };
    expect(schemaDrift(declaredShape(changed), migrated)).toEqual([
      'table opt_out_mail_budget: column "note text" declared, not migrated',
      "table planted: declared in the schema, created by no migration",
    ]);
  });

  it("differ on a type or a nullability the schema changed", () => {
    const changed = {
      ...schema,
      optOutMailBudget: pgTable("opt_out_mail_budget", {
        addressKey: text("address_key").primaryKey(),
        windowStartedAt: timestamp("window_started_at", { withTimezone: true }),
        sent: text("sent").notNull(),
      }),
    };
    expect(schemaDrift(declaredShape(changed), migrated)).toEqual([
      'table opt_out_mail_budget: column "sent text not null" declared, not migrated',
      'table opt_out_mail_budget: column "window_started_at timestamp with time zone" declared, not migrated',
      'table opt_out_mail_budget: column "sent integer not null" migrated, not declared',
      'table opt_out_mail_budget: column "window_started_at timestamp with time zone not null" migrated, not declared',
    ]);
  });

  it("differ on a migration the schema does not declare", async () => {
    await database.raw.exec(
      "create table planted_by_hand (id uuid primary key, owner uuid references users(id))",
    );
    const withPlanted = await migratedShape(database.raw);
    await database.raw.exec("drop table planted_by_hand");
    expect(schemaDrift(declaredShape(schema), withPlanted)).toEqual([
      "table planted_by_hand: created by the migrations, not declared in the schema",
    ]);
  });

  it("differ on a constraint the database names otherwise than the schema", async () => {
    await database.raw.exec(
      'alter table sequences rename constraint "sequences_user_id_users_id_fk" to "sequences_user_id_fkey"',
    );
    const renamed = await migratedShape(database.raw);
    await database.raw.exec(
      'alter table sequences rename constraint "sequences_user_id_fkey" to "sequences_user_id_users_id_fk"',
    );
    expect(schemaDrift(declaredShape(schema), renamed)).toEqual([
      'table sequences: constraint "sequences_user_id_users_id_fk: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE" declared, not migrated',
      'table sequences: constraint "sequences_user_id_fkey: FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE CASCADE" migrated, not declared',
    ]);
  });
});
