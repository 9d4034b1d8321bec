// The entities are the one description of the schema: a database migrated
// with the real migrations must be exactly what MikroORM derives from them.
import { describe, expect, it } from "vitest";
import { testDbForFile } from "../testing/test-world.ts";
import { Plan, Ticket } from "./entities/index.ts";

const db = testDbForFile();

const diff = () => db.orm.schema.getUpdateSchemaSQL({ wrap: false });

describe("schema from entities", () => {
  it("the migrated database and the entities do not differ", async () => {
    expect(await diff()).toBe("");
  });

  it("an entity that differs from the migrations makes the diff non-empty", async () => {
    const meta = db.orm.getMetadata().get(Plan);
    const name = meta.properties.name;
    name.nullable = true;
    try {
      expect(await diff()).toContain('alter table "plans" alter column "name" drop not null');
    } finally {
      name.nullable = false;
    }
    expect(await diff()).toBe("");
  });

  it("an index the migrations made and no entity declares makes the diff non-empty", async () => {
    const meta = db.orm.getMetadata().get(Ticket);
    const indexes = meta.indexes;
    meta.indexes = indexes.filter((i) => i.name !== "tickets_waiting_rating");
    try {
      expect(await diff()).toContain('drop index "tickets_waiting_rating"');
    } finally {
      meta.indexes = indexes;
    }
  });

  it("a table that no entity describes makes the diff non-empty", async () => {
    await db.pool.query("CREATE TABLE hand_made (id serial PRIMARY KEY)");
    try {
      expect(await diff()).toContain('drop table if exists "hand_made"');
    } finally {
      await db.pool.query("DROP TABLE hand_made");
    }
  });
});
