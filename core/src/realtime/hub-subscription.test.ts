// The realtime socket follows the subscription rule of the REST API: an expired
// company gets no socket and no pokes (spec 1 §4 Session; decision 0020).
import { describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { CHANGES_CHANNEL } from "../contract/topics.ts";
import { businessToday } from "../kernel/business-date.ts";
import { buildCompany } from "../testing/factories.ts";
import { startTestCore } from "../testing/test-core.ts";
import { coreForFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";
import { GOING_AWAY, SUBSCRIPTION_EXPIRED_CLOSE } from "./hub.ts";

const core = coreForFile();

type Socket = {
  ws: WebSocket;
  frames: { type: string }[];
  /** Settles with the status of a refused upgrade. */
  refused: Promise<number>;
  /** Settles with the close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
  /** Settles once the first frame (the poke every new socket gets) arrived. */
  firstFrame: Promise<void>;
};

function openSocket(token: string): Socket {
  const ws = new WebSocket(`${core.url.replace("http", "ws")}/ws?token=${token}`);
  const frames: { type: string }[] = [];
  let onFirst!: () => void;
  const firstFrame = new Promise<void>((r) => (onFirst = r));
  ws.on("message", (d) => {
    frames.push(JSON.parse(String(d)));
    onFirst();
  });
  const refused = new Promise<number>((resolve) =>
    ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0)),
  );
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once("close", (code, reason) => resolve({ code, reason: String(reason) })),
  );
  ws.on("error", () => {});
  return { ws, frames, refused, closed, firstFrame };
}

describe("#realtime an expired company", () => {
  it("is refused the socket with 402, as the API answers", async () => {
    const company = await buildCompany(core.db.pool, { dueDate: "2020-01-31" });
    const u = await signedIn(core, { companyId: company.id });
    expect(await openSocket(u.token).refused).toBe(402);
  });

  it("loses its open socket when its due date is moved into the past", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await signedIn(core, { companyId: company.id });
    const socket = openSocket(u.token);
    await socket.firstFrame;
    await core.db.pool.query("UPDATE companies SET due_date = '2020-01-31' WHERE id = $1", [company.id]);
    expect(await socket.closed).toEqual(SUBSCRIPTION_EXPIRED_CLOSE);
  });

  it("gets no more pokes once its due date passed with nothing announced", async () => {
    // Due today: the day is still paid. Then the clock passes midnight, which no write announces.
    const company = await buildCompany(core.db.pool, { dueDate: businessToday() });
    const u = await signedIn(core, { companyId: company.id });
    const socket = openSocket(u.token);
    await socket.firstFrame;
    const framesBefore = socket.frames.length;
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 2 * 24 * 3600 * 1000);
      // A change for the company: the poke it would cause closes the socket instead.
      await core.db.pool.query("SELECT pg_notify($1, $2)", [CHANGES_CHANNEL, String(company.id)]);
      expect(await socket.closed).toEqual(SUBSCRIPTION_EXPIRED_CLOSE);
    } finally {
      vi.useRealTimers();
    }
    expect(socket.frames.length).toBe(framesBefore);
  });

  it("still pokes a company that has time left", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await signedIn(core, { companyId: company.id });
    const socket = openSocket(u.token);
    await socket.firstFrame;
    socket.frames.length = 0;
    await core.db.pool.query("SELECT pg_notify($1, $2)", [CHANGES_CHANNEL, String(company.id)]);
    await expect.poll(() => socket.frames.length).toBe(1);
    socket.ws.close();
  });
});

describe("#realtime a stopping core", () => {
  it("closes its sockets with 1001, going away, so the app reconnects elsewhere", async () => {
    const own = await startTestCore();
    const company = await buildCompany(own.db.pool);
    const u = await signedIn(own, { companyId: company.id });
    const ws = new WebSocket(`${own.url.replace("http", "ws")}/ws?token=${u.token}`);
    ws.on("error", () => {});
    const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
    await new Promise((resolve) => ws.once("message", resolve));
    await own.close();
    expect(await closed).toBe(GOING_AWAY);
  });
});
