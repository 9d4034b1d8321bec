// select-list names columns the way MikroORM does, so a list built from
// entity properties reads the columns the entities (and the schema) have.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../testing/test-db.ts";
import type { ITicket } from "./entities/index.ts";
import { columnOf, selectList } from "./select-list.ts";

let db: TestDb;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db?.drop();
});

describe("selectList", () => {
  it("names every property's column as the entities do", () => {
    const differing: string[] = [];
    for (const meta of db.orm.getMetadata().getAll().values()) {
      for (const prop of meta.props) {
        if (prop.persist === false || prop.fieldNames?.length !== 1) continue;
        if (columnOf(prop.name) !== prop.fieldNames[0]) differing.push(`${meta.tableName}.${prop.name}`);
      }
    }
    expect(differing).toEqual([]);
  });

  it("aliases a column only where its name differs from the property", () => {
    expect(selectList<ITicket>()("t", ["id", "isGroup", "amountUsedBotQueuesNps"])).toBe(
      't.id, t.is_group AS "isGroup", t.amount_used_bot_queues_nps AS "amountUsedBotQueuesNps"',
    );
  });
});
