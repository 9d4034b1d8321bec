import { describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { recordChanges } from "../kernel/change-log.ts";
import { transaction } from "../kernel/transaction.ts";
import { buildCompany } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";

const core = coreForFile();
const eventually = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 5000, interval: 25 });

const listenerPid = async () =>
  (
    await core.db.pool.query<{ pid: number }>(
      "SELECT pid FROM pg_stat_activity WHERE application_name = 'chatflow-realtime' AND datname = current_database()",
    )
  ).rows[0]?.pid;

describe("realtime listener", () => {
  it("listens again after its connection is killed: a client is poked on reconnect and on later changes", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await signedIn(core, { companyId: company.id });
    const ws = new WebSocket(`${core.url.replace("http", "ws")}/ws?token=${u.token}`);
    const frames: { type: string }[] = [];
    ws.on("message", (d) => frames.push(JSON.parse(String(d))));
    await new Promise((resolve, reject) => {
      ws.once("open", resolve);
      ws.once("error", reject);
    });
    await eventually(() => expect(frames).toContainEqual({ type: "poke" }));

    const pid = await listenerPid();
    expect(pid).toBeDefined();
    frames.length = 0;
    await core.db.pool.query("SELECT pg_terminate_backend($1)", [pid]);
    await eventually(async () => {
      const now = await listenerPid();
      expect(now).toBeDefined();
      expect(now).not.toBe(pid);
    });
    // Changes made while it was down were never announced: every connected company is poked once back.
    await eventually(() => expect(frames).toContainEqual({ type: "poke" }));

    frames.length = 0;
    await transaction(core.db.pool, (client) =>
      recordChanges(client, [{ companyId: company.id, entity: "contacts", id: 1 }]),
    );
    await eventually(() => expect(frames).toContainEqual({ type: "poke" }));
    ws.close();
  });
});
