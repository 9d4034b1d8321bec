import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { setCompanySetting } from "../settings/company-settings.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildTicketWorld, contactSays, outbound, ticketRow } from "../testing/tickets-factories.ts";
import { RATING_QUESTION } from "./apply-rating.ts";
import { expireRatings } from "./expire-ratings.ts";

const core = coreForFile();
const w = forFile(async () => {
  const w = await buildTicketWorld(core);
  await setCompanySetting(w.pool, w.company.id, "userRating", "enabled");
  await w.pool.query("UPDATE whatsapps SET expires_ticket_nps = 30 WHERE id = $1", [w.wa.id]);
  return w;
});

async function resolveWaitingForRating(contactName?: string) {
  const t = await w.ticket({ status: "open", userId: w.agent.id, contactName });
  const res = await core.api("PUT", `/tickets/${t.id}`, { token: w.agent.token, body: { status: "closed" } });
  expect(res.body.status).toBe("nps");
  return t.id;
}

/** Moves the moment the rating was asked `minutes` back, as if that much time had passed. */
const askedAgo = (ticketId: number, minutes: number) =>
  w.pool.query("UPDATE tickets SET rating_asked_at = now() - make_interval(mins => $2) WHERE id = $1", [
    ticketId,
    minutes,
  ]);

const runExpiry = () => transaction(w.pool, (client) => expireRatings(client));

async function ratings(ticketId: number) {
  const { rows } = await w.pool.query("SELECT rate FROM user_ratings WHERE ticket_id = $1", [ticketId]);
  return rows.map((r) => r.rate);
}

describe("rating question and its expiry", () => {
  it("records when the rating was asked, which starts the connection's window", async () => {
    const t = await resolveWaitingForRating();
    const { rows } = await w.pool.query(
      "SELECT rating_asked_at > now() - interval '1 minute' AS just_asked FROM tickets WHERE id = $1",
      [t],
    );
    expect(rows[0].just_asked).toBe(true);
  });

  it("asks with the connection's rating message, rendered, when it has one", async () => {
    await w.pool.query("UPDATE whatsapps SET rating_message = $2 WHERE id = $1", [
      w.wa.id,
      "{{firstName}}, que nota de 1 a 5 você dá ao atendimento?",
    ]);
    try {
      const t = await resolveWaitingForRating("Paula Lima");
      expect((await outbound(w.pool, t)).map((m) => m.body)).toEqual([
        "Paula, que nota de 1 a 5 você dá ao atendimento?",
      ]);
    } finally {
      await w.pool.query("UPDATE whatsapps SET rating_message = NULL WHERE id = $1", [w.wa.id]);
    }
  });

  it("asks with the built-in question when the connection has no rating message", async () => {
    const t = await resolveWaitingForRating();
    expect((await outbound(w.pool, t)).map((m) => m.body)).toEqual([RATING_QUESTION]);
  });

  it("takes an answer that arrives before the window closes as the rating", async () => {
    const t = await resolveWaitingForRating();
    await askedAgo(t, 29);
    await runExpiry();
    expect((await ticketRow(w.pool, t))?.status).toBe("nps");
    await contactSays(w, t, "5");
    expect(await ratings(t)).toEqual([5]);
    expect((await ticketRow(w.pool, t))?.status).toBe("closed");
  });

  it("closes the ticket unrated once the window has passed; a late answer is not its rating", async () => {
    const t = await resolveWaitingForRating();
    await askedAgo(t, 31);
    await runExpiry();
    expect((await ticketRow(w.pool, t))?.status).toBe("closed");
    await contactSays(w, t, "5");
    expect(await ratings(t)).toEqual([]);
  });
});
