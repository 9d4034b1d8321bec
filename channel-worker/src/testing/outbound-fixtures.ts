// Test setup for the outbound queue: a Cloud API connection with a ticket,
// and replies enqueued the way agents enqueue them (core's sendMessage).
import { randomUUID } from "node:crypto";
import type { Actor } from "@chatflow/core/auth/authenticate.ts";
import { loadUserById } from "@chatflow/core/auth/load-user.ts";
import type { AccessClaims } from "@chatflow/core/auth/tokens.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import { buildCompany, buildContact, buildTicket, buildUser, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import { sendMessage } from "@chatflow/core/tickets/send-message.ts";
import type pg from "pg";
import { startWorker, type Worker, type WorkerOptions } from "../worker.ts";

export type CloudSetup = {
  companyId: number;
  whatsappId: number;
  phoneNumberId: string;
  accessToken: string;
  contactNumber: string;
  ticketId: number;
  /** Enqueues a text reply on the ticket (under `id` when given, as a client makes it); returns the message id. */
  enqueue(body: string, id?: string): Promise<string>;
};

let n = 0;
/**
 * One admin per company of each database: password hashing is the slow part of a setup. By pool, since test files
 * share this module when they share a worker (isolate: false) and every database numbers its companies from 1.
 */
const admins = new WeakMap<pg.Pool, Map<number, Promise<Actor>>>();

function adminOf(pool: pg.Pool, companyId: number): Promise<Actor> {
  let ofPool = admins.get(pool);
  if (!ofPool) {
    ofPool = new Map();
    admins.set(pool, ofPool);
  }
  let actor = ofPool.get(companyId);
  if (!actor) {
    actor = (async () => {
      const admin = await buildUser(pool, { companyId, profile: "admin" });
      const user = (await loadUserById(pool, companyId, admin.id))!;
      const claims: AccessClaims = { userId: user.id, companyId, sessionId: "test", profile: "admin", super: false };
      return { ...user, claims };
    })();
    ofPool.set(companyId, actor);
  }
  return actor;
}

export async function setupCloudConnection(pool: pg.Pool, o: { companyId?: number } = {}): Promise<CloudSetup> {
  const companyId = o.companyId ?? (await buildCompany(pool)).id;
  const i = ++n;
  const phoneNumberId = `10${process.pid}${i}${Date.now() % 100000}`;
  const accessToken = `token-${phoneNumberId}`;
  const contactNumber = `55119${String(10000000 + i)}`;
  const wa = await buildWhatsapp(pool, { companyId, phoneNumberId, accessToken, appSecret: "app-secret" });
  const contact = await buildContact(pool, { companyId, number: contactNumber });
  const ticket = await buildTicket(pool, { companyId, contactId: contact.id, whatsappId: wa.id, status: "open" });
  const actor = await adminOf(pool, companyId);
  return {
    companyId,
    whatsappId: wa.id,
    phoneNumberId,
    accessToken,
    contactNumber,
    ticketId: ticket.id,
    async enqueue(body, id = randomUUID()) {
      // Queued as core's own messages are: the worker's tests are about sending; the 24-hour window is core's
      // rule (customer-window.test.ts), and contactWrote opens it for the tests that send as an agent.
      await transaction(pool, (client) =>
        sendMessage(client, actor, { id, ticketId: ticket.id, body, automatic: true }),
      );
      return id;
    },
  };
}

/** The contact writes on the ticket now (an inbound message): the Cloud API's 24-hour window opens. */
export async function contactWrote(pool: pg.Pool, setup: Pick<CloudSetup, "companyId" | "whatsappId" | "ticketId">) {
  await pool.query(
    `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, remote_id)
     SELECT $1, t.company_id, t.id, t.contact_id, t.whatsapp_id, 'Oi', false, $2 FROM tickets t
     WHERE t.id = $3 AND t.company_id = $4`,
    [randomUUID(), `wamid.IN${randomUUID()}`, setup.ticketId, setup.companyId],
  );
}

export type MessageState = {
  id: string;
  body: string;
  send_state: string | null;
  ack: number;
  remote_id: string | null;
  error_code: string | null;
  send_attempts: number;
  claimed_by: string | null;
};

/** The message's sending state; `companyId` picks one where companies share a client-made id (decision 0027). */
export async function messageState(pool: pg.Pool, id: string, companyId?: number): Promise<MessageState> {
  const { rows } = await pool.query<MessageState>(
    `SELECT id, body, send_state, ack, remote_id, error_code, send_attempts, claimed_by FROM messages
     WHERE id = $1 AND ($2::int IS NULL OR company_id = $2)`,
    [id, companyId ?? null],
  );
  return rows[0]!;
}

/** How many change-log entries name this message. */
export async function changeLogEntries(pool: pg.Pool, id: string): Promise<number> {
  const { rows } = await pool.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM change_log WHERE entity = 'messages' AND entity_id = $1",
    [id],
  );
  return rows[0]!.n;
}

/** Polls until `check` returns a truthy value, or fails after the deadline. */
export async function waitFor<T>(check: () => Promise<T> | T, what: string, timeoutMs = 8000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits until the timed job `name` has finished `runs` more times (by any worker): long enough for a later run to
 * have found what an earlier one left, so a test can then check nothing happened twice.
 */
export async function waitForLaterRuns(pool: pg.Pool, name: string, runs = 3): Promise<void> {
  const lastFinished = async () =>
    (
      await pool.query<{ last_finished_at: Date | null }>("SELECT last_finished_at FROM agenda_jobs WHERE name = $1", [
        name,
      ])
    ).rows[0]?.last_finished_at;
  for (let i = 0; i < runs; i++) {
    const since = Date.now();
    await waitFor(async () => ((await lastFinished())?.getTime() ?? 0) > since, "a later run");
  }
}

/** Quiet, fast settings for workers under test. */
export const TEST_WORKER = { pollMs: 100, backoff: { minMs: 50, maxMs: 200 }, log: () => {} };

/** A small PNG (its signature and a few bytes): what media-sniff takes for an image. */
export const TEST_PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 8, 7, 6, 5, 4, 3, 2, 1]);

/**
 * A worker a test starts (TEST_WORKER's pacing unless told otherwise), stopped after each test whatever the test
 * did, so a failed assertion never leaves one polling into the next test.
 */
export function workerPerTest(): {
  start(opts: Omit<WorkerOptions, keyof typeof TEST_WORKER> & Partial<WorkerOptions>): Promise<Worker>;
} {
  const running: { worker?: Worker } = {};
  forFile(() => running, {
    afterEach: async (box) => {
      await box.worker?.stop();
      box.worker = undefined;
    },
    stop: (box) => box.worker?.stop(),
  });
  return {
    async start(opts) {
      running.worker = await startWorker({ ...TEST_WORKER, ...opts } as WorkerOptions);
      return running.worker;
    },
  };
}
