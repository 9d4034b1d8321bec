// preparingClient: a parameterised text runs as a named statement PostgreSQL keeps (so it is parsed once per
// connection), the same name for the same text; a config object or a text without values goes through as it is.
import { describe, expect, it } from "vitest";
import { testDbForFile } from "../testing/test-world.ts";
import { preparedName, preparingClient } from "./prepared-client.ts";

const db = testDbForFile();

describe("preparingClient", () => {
  it("prepares a parameterised text once per connection and leaves other calls unnamed", async () => {
    const client = await db.pool.connect();
    try {
      const prepared = preparingClient(client);
      const text = "SELECT $1::int + 1 AS n";
      for (const n of [1, 2, 3]) {
        const { rows } = await prepared.query<{ n: number }>(text, [n]);
        expect(rows[0]!.n).toBe(n + 1);
      }
      // Unnamed: a config object (a caller that opts out) and a text without values.
      await prepared.query({ text: "SELECT $1::int * 2 AS n", values: [4] });
      await prepared.query("SELECT 5 AS n");
      const { rows } = await client.query<{ name: string; statement: string }>(
        "SELECT name, statement FROM pg_prepared_statements ORDER BY name",
      );
      expect(rows).toEqual([{ name: preparedName(text), statement: text }]);
      expect(preparedName(text)).toBe(preparedName(`SELECT $1::int + 1 AS n`));
      // The wrapped client's own methods still work on the real client.
      expect(prepared.escapeLiteral("it's")).toBe("'it''s'");
    } finally {
      client.release();
    }
  });
});
