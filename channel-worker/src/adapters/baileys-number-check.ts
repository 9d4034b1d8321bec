// Before a WhatsApp-by-QR campaign sends to a list's numbers, the connection's own socket asks WhatsApp whether
// each is on it (Baileys' onWhatsApp, one USync query per batch), as the phone does before a new chat (spec 3 §2
// "whatsapp-valid icon"; decision 0120). Only the worker holding the connection's lease has the socket, so the
// check runs here, per connection, paced: one batch per interval, and a longer pause after WhatsApp refuses one.
// The answers go to core (campaigns/campaign-number-check.ts), which marks the items and lets the sender go on.
import { numbersToCheck, recordNumberCheck } from "@chatflow/core/campaigns/campaign-number-check.ts";
import { answerContactChecks, waitingContactChecks } from "@chatflow/core/contacts/contact-number-check.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import type pg from "pg";
import type { BaileysSocket } from "./whatsapp-baileys-socket.ts";

export type NumberCheckPace = {
  /** Numbers asked in one onWhatsApp call. */
  batch: number;
  /** The pause between two calls (and between two looks when there is nothing to ask). */
  intervalMs: number;
  /** The pause after a call WhatsApp refused or left unanswered. */
  afterErrorMs: number;
  /** How often an agent's check of one number (POST /contactsImport validateContact, decision 0122) is looked for. */
  requestsMs?: number;
};

/** 25 numbers every 5 s (300 a minute): ahead of any campaign's pacing, far below what makes WhatsApp suspicious. */
export const NUMBER_CHECK_PACE: NumberCheckPace = {
  batch: 25,
  intervalMs: 5000,
  afterErrorMs: 60_000,
  requestsMs: 500,
};

/** A phone number's digits, from a number or a jid (5511...@s.whatsapp.net, with or without its device). */
const digitsOf = (numberOrJid: string) => (numberOrJid.split("@")[0] ?? "").split(":")[0]!.replace(/\D/g, "");

/** Brazil's mobile numbers gained a ninth digit; WhatsApp still answers older accounts by the eight-digit jid. */
const BR_MOBILE = /^55(\d{2})9(\d{8})$/;
const withoutNinth = (digits: string) => {
  const m = BR_MOBILE.exec(digits);
  return m ? `55${m[1]}${m[2]}` : digits;
};

/** Whether WhatsApp's answer (a jid) is the number asked. */
export function sameWhatsappNumber(asked: string, answeredJid: string): boolean {
  const a = digitsOf(asked);
  const b = digitsOf(answeredJid);
  return a === b || withoutNinth(a) === withoutNinth(b);
}

/** What WhatsApp answered for each number asked: on it when an answer with `exists` names it. */
export function onWhatsappAnswers<T extends { number: string }>(
  asked: T[],
  answer: { jid: string; exists: boolean }[],
): (T & { onWhatsapp: boolean })[] {
  const found = answer.filter((a) => a.exists);
  return asked.map((n) => ({ ...n, onWhatsapp: found.some((a) => sameWhatsappNumber(n.number, a.jid)) }));
}

/**
 * The connection's number check: `start` looks every interval while the session is connected (`socket` answers
 * the socket then, null otherwise), `stop` ends it after the call in flight. `checkOnce` is one look (tests).
 */
export function campaignNumberCheck(o: {
  pool: pg.Pool;
  owner: { companyId: number; whatsappId: number };
  socket: () => BaileysSocket | null;
  pace?: NumberCheckPace;
  log: (message: string) => void;
}) {
  const pace = o.pace ?? NUMBER_CHECK_PACE;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  /** One batch: asked, answered, recorded. Answers how many numbers were settled; throws when WhatsApp did not answer. */
  async function checkOnce(): Promise<number> {
    const socket = o.socket();
    if (!socket) return 0;
    const asked = await numbersToCheck(o.pool, o.owner, pace.batch);
    if (asked.length === 0) return 0;
    const answer = await socket.onWhatsApp(...asked.map((n) => n.number));
    if (!answer) throw new Error("WhatsApp did not answer the number check");
    const answers = onWhatsappAnswers(asked, answer);
    await transaction(o.pool, (client) => recordNumberCheck(client, o.owner.companyId, answers));
    const invalid = answers.filter((a) => !a.onWhatsapp).length;
    if (invalid > 0) o.log(`number check: ${invalid} of ${answers.length} numbers are not on WhatsApp`);
    return answers.length;
  }

  /**
   * The numbers core is waiting on (an agent importing a contact with validateContact): asked at once, answered
   * within the request's wait; one not answered is left to core, which then says it could not be checked.
   */
  async function answerRequests(): Promise<number> {
    const socket = o.socket();
    if (!socket) return 0;
    const asked = await waitingContactChecks(o.pool, o.owner, pace.batch);
    if (asked.length === 0) return 0;
    const answer = await socket.onWhatsApp(...asked.map((n) => n.number));
    if (!answer) throw new Error("WhatsApp did not answer the contact check");
    const answers = onWhatsappAnswers(asked, answer);
    await answerContactChecks(
      o.pool,
      o.owner,
      answers.map((a) => ({ id: a.id, onWhatsapp: a.onWhatsapp })),
    );
    return answers.length;
  }
  let requestsTimer: NodeJS.Timeout | null = null;
  let requestsRunning: Promise<unknown> = Promise.resolve();
  const nextRequests = () => {
    if (stopped) return;
    requestsTimer = setTimeout(() => {
      requestsTimer = null;
      requestsRunning = answerRequests().then(
        () => nextRequests(),
        (err: unknown) => {
          o.log(`contact check failed: ${err instanceof Error ? err.message : String(err)}`);
          nextRequests();
        },
      );
    }, pace.requestsMs ?? NUMBER_CHECK_PACE.requestsMs);
  };

  const next = (ms: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = checkOnce().then(
        () => next(pace.intervalMs),
        (err: unknown) => {
          o.log(`number check failed: ${err instanceof Error ? err.message : String(err)}`);
          next(pace.afterErrorMs);
        },
      );
    }, ms);
  };

  return {
    checkOnce,
    answerRequests,
    start() {
      if (!stopped) return;
      stopped = false;
      next(pace.intervalMs);
      nextRequests();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (requestsTimer) clearTimeout(requestsTimer);
      timer = null;
      requestsTimer = null;
      await running;
      await requestsRunning;
    },
  };
}
