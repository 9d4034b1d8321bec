// The pool's size and timeouts come from the environment (issue 23), the same variables for every part, each part
// with its own default size; a value that is not a whole number stops the start with a line that names it.
import { describe, expect, it } from "vitest";
import { loadConfig, poolSettingsFromEnv } from "../kernel/config.ts";
import { testDbForFile } from "../testing/test-world.ts";
import { openPool } from "./pool.ts";

const db = testDbForFile();

describe("poolSettingsFromEnv", () => {
  it("reads DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT_MS and DATABASE_IDLE_TIMEOUT_MS", () => {
    expect(poolSettingsFromEnv({})).toEqual({
      poolSize: undefined,
      statementTimeoutMs: undefined,
      idleTimeoutMs: undefined,
    });
    expect(
      poolSettingsFromEnv({
        DATABASE_POOL_SIZE: "5",
        DATABASE_STATEMENT_TIMEOUT_MS: "30000",
        DATABASE_IDLE_TIMEOUT_MS: "0",
      }),
    ).toEqual({ poolSize: 5, statementTimeoutMs: 30_000, idleTimeoutMs: 0 });
    expect(loadConfig({ DATA_DIR: "/tmp", DATABASE_POOL_SIZE: "7" }).database?.poolSize).toBe(7);
  });

  it("refuses what is not a whole number in range, naming the variable", () => {
    expect(() => poolSettingsFromEnv({ DATABASE_POOL_SIZE: "0" })).toThrow(
      "DATABASE_POOL_SIZE must be a whole number of at least 1, not 0",
    );
    expect(() => poolSettingsFromEnv({ DATABASE_POOL_SIZE: "ten" })).toThrow("DATABASE_POOL_SIZE");
    expect(() => poolSettingsFromEnv({ DATABASE_STATEMENT_TIMEOUT_MS: "-1" })).toThrow("DATABASE_STATEMENT_TIMEOUT_MS");
    expect(() => poolSettingsFromEnv({ DATABASE_IDLE_TIMEOUT_MS: "1.5" })).toThrow("DATABASE_IDLE_TIMEOUT_MS");
  });
});

describe("openPool", () => {
  it("holds at most poolSize connections and has PostgreSQL cancel a statement past the timeout", async () => {
    const { pool, close } = openPool(db.url, { poolSize: 2, statementTimeoutMs: 200 });
    try {
      // 57014: query_canceled, PostgreSQL's own statement_timeout.
      await expect(pool.query("SELECT pg_sleep(2)")).rejects.toMatchObject({ code: "57014" });
      expect((await pool.query<{ n: number }>("SELECT 1 AS n")).rows[0]?.n).toBe(1);
      const held = await Promise.all([pool.connect(), pool.connect()]);
      expect(pool.totalCount).toBe(2);
      const third = pool.connect();
      expect(pool.waitingCount).toBe(1);
      for (const c of held) c.release();
      (await third).release();
    } finally {
      await close();
    }
  });
});
