// select-list names columns the way MikroORM does, so a list built from
// entity properties reads the columns the entities (and the schema) have.
import { describe, expect, it } from "vitest";
import { testDbForFile } from "../testing/test-world.ts";
import type { ITicket } from "./entities/index.ts";
import { columnOf, selectList } from "./select-list.ts";

const db = testDbForFile();

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
