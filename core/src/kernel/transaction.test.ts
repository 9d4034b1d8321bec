// transaction(): commit, rollback, options, retries and a client that cannot
// roll back, against the real PostgreSQL.
import { glob, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { forFile, testDbForFile } from "../testing/test-world.ts";
import { transaction } from "./transaction.ts";

const db = testDbForFile();
forFile(async () => {
  await db.pool.query("CREATE TABLE tx_probe (id integer PRIMARY KEY, n integer NOT NULL)");
});

const probe = async (id: number) =>
  (await db.pool.query<{ n: number }>("SELECT n FROM tx_probe WHERE id = $1", [id])).rows[0]?.n;

describe("transaction", () => {
  it("commits what fn wrote and answers fn's result", async () => {
    const answer = await transaction(db.pool, async (c) => {
      await c.query("INSERT INTO tx_probe VALUES (1, 1)");
      return "done";
    });
    expect(answer).toBe("done");
    expect(await probe(1)).toBe(1);
  });

  it("rolls everything back when fn throws, and rethrows its error", async () => {
    const failure = new Error("after the write");
    await expect(
      transaction(db.pool, async (c) => {
        await c.query("INSERT INTO tx_probe VALUES (2, 2)");
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await probe(2)).toBeUndefined();
  });

  it("begins with the isolation level and read-only mode asked for", async () => {
    const seen = await transaction(
      db.pool,
      async (c) => {
        const { rows } = await c.query<{ iso: string; ro: string }>(
          "SELECT current_setting('transaction_isolation') AS iso, current_setting('transaction_read_only') AS ro",
        );
        return rows[0];
      },
      { isolation: "repeatable read", readOnly: true },
    );
    expect(seen).toEqual({ iso: "repeatable read", ro: "on" });
    await expect(
      transaction(db.pool, (c) => c.query("INSERT INTO tx_probe VALUES (3, 3)"), { readOnly: true }),
    ).rejects.toMatchObject({ code: "25006" });
    expect(await probe(3)).toBeUndefined();
  });

  /** fn reads row 10, someone else changes it and commits, then fn updates it: 40001 under repeatable read. */
  const conflicting = (calls: { n: number }) => async (c: pg.PoolClient) => {
    calls.n += 1;
    await c.query("SELECT n FROM tx_probe WHERE id = 10");
    if (calls.n === 1) await db.pool.query("UPDATE tx_probe SET n = n + 100 WHERE id = 10");
    await c.query("UPDATE tx_probe SET n = n + 1 WHERE id = 10");
  };

  it("runs fn again after a serialization failure when the caller asks for retries", async () => {
    await db.pool.query("INSERT INTO tx_probe VALUES (10, 0)");
    const calls = { n: 0 };
    await transaction(db.pool, conflicting(calls), { isolation: "repeatable read", retries: 2 });
    expect(calls.n).toBe(2);
    expect(await probe(10)).toBe(101);
  });

  it("does not retry unless asked: the serialization failure reaches the caller", async () => {
    await db.pool.query("INSERT INTO tx_probe VALUES (11, 0)");
    const calls = { n: 0 };
    const fn = async (c: pg.PoolClient) => {
      calls.n += 1;
      await c.query("SELECT n FROM tx_probe WHERE id = 11");
      await db.pool.query("UPDATE tx_probe SET n = n + 100 WHERE id = 11");
      await c.query("UPDATE tx_probe SET n = n + 1 WHERE id = 11");
    };
    await expect(transaction(db.pool, fn, { isolation: "repeatable read" })).rejects.toMatchObject({
      code: "40001",
    });
    expect(calls.n).toBe(1);
    expect(await probe(11)).toBe(100);
  });

  it("destroys a client that cannot roll back instead of handing it to the next caller", async () => {
    // One connection: if the dead client went back to the pool, the next query would fail on it.
    const single = new pg.Pool({ connectionString: db.url, max: 1 });
    try {
      await expect(
        transaction(single, (c) => c.query("SELECT pg_terminate_backend(pg_backend_pid())")),
      ).rejects.toMatchObject({ code: "57P01" });
      expect((await single.query<{ one: number }>("SELECT 1 AS one")).rows[0]?.one).toBe(1);
    } finally {
      await single.end();
    }
  });
});

describe("one transaction helper", () => {
  it("no code outside kernel/transaction.ts begins, commits or rolls back a transaction by hand", async () => {
    const root = path.resolve(import.meta.dirname, "../../..");
    const files: string[] = [];
    for await (const file of glob(["{core,channel-worker,sync-server}/src/**/*.ts", "{bench,scripts}/**/*.ts"], {
      cwd: root,
      exclude: (f) => f.includes("node_modules"),
    })) {
      if (!file.endsWith(".test.ts") && !file.endsWith(path.join("kernel", "transaction.ts"))) files.push(file);
    }
    expect(files.length).toBeGreaterThan(50);
    // Savepoints (ROLLBACK TO SAVEPOINT) live inside a transaction and are not one.
    const manual = /query\(\s*["'`](BEGIN|COMMIT|ROLLBACK(?!\s+TO\b)|START TRANSACTION)\b/i;
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(root, file), "utf8");
      if (manual.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});
