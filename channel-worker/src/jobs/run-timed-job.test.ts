import { testDbForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { runTimedJob, type TimedJob } from "./timed-jobs.ts";

const db = testDbForFile();

/** A job answering `answers` in turn, each call in the transaction it was given (checked by txid). */
function scripted(answers: number[], batch?: number) {
  const txids = new Set<string>();
  let calls = 0;
  const job: TimedJob = {
    name: "test:scripted",
    batch,
    async run(client) {
      txids.add((await client.query<{ id: string }>("SELECT txid_current()::text AS id")).rows[0]!.id);
      return answers[calls++] ?? 0;
    },
  };
  return { job, calls: () => calls, transactions: () => txids.size };
}

const settings = { autoCloseHours: 24 };

describe("#timed-jobs run", () => {
  it("runs a bounded job again while it answers a full batch, each time in a new transaction", async () => {
    const s = scripted([5, 5, 2, 5], 5);
    expect(await runTimedJob(db.pool, s.job, settings, 10_000)).toBe(12);
    expect(s.calls()).toBe(3);
    expect(s.transactions()).toBe(3);
  });

  it("runs a job without a batch once", async () => {
    const s = scripted([5, 5]);
    expect(await runTimedJob(db.pool, s.job, settings, 10_000)).toBe(5);
    expect(s.calls()).toBe(1);
  });

  it("stops when its time budget is spent, even on a full batch", async () => {
    const s = scripted([5, 5, 5], 5);
    expect(await runTimedJob(db.pool, s.job, settings, 0)).toBe(5);
    expect(s.calls()).toBe(1);
  });
});
