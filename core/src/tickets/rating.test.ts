import { describe, expect, it } from "vitest";
import { setCompanySetting } from "../settings/company-settings.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildTicketWorld, contactSays, logTypes, outbound, ticketRow } from "../testing/tickets-factories.ts";
import { parseRating, RATING_QUESTION, RATING_RETRY } from "./apply-rating.ts";

const core = coreForFile();
const w = forFile(async () => {
  const w = await buildTicketWorld(core);
  await setCompanySetting(w.pool, w.company.id, "userRating", "enabled");
  return w;
});

async function resolveWaitingForRating() {
  const t = await w.ticket({ status: "open", userId: w.agent.id });
  const res = await core.api("PUT", `/tickets/${t.id}`, { token: w.agent.token, body: { status: "closed" } });
  expect(res.body.status).toBe("nps");
  return t;
}

describe("rating on resolve (userRating)", () => {
  it("asks the contact for a rating when the ticket is resolved", async () => {
    const t = await resolveWaitingForRating();
    expect(await outbound(w.pool, t.id)).toContainEqual(
      expect.objectContaining({ body: RATING_QUESTION, send_state: "queued", is_private: false }),
    );
  });

  it("stores the contact's 1-5 answer for the agent and closes the ticket", async () => {
    const t = await resolveWaitingForRating();
    await contactSays(w, t.id, " 4 ");
    const { rows } = await w.pool.query("SELECT rate, user_id FROM user_ratings WHERE ticket_id = $1", [t.id]);
    expect(rows).toEqual([{ rate: 4, user_id: w.agent.id }]);
    const row = await ticketRow(w.pool, t.id);
    expect(row?.status).toBe("closed");
    expect(row?.closed_at).not.toBeNull();
    expect((await logTypes(w.pool, t.id)).at(-1)).toBe("closed");
    const list = await core.api("GET", "/tickets?status=closed&showAll=true", { token: w.admin.token });
    const item = list.body.tickets.find((x: { id: number }) => x.id === t.id);
    expect(item.userRating).toMatchObject({ rate: 4 });
  });

  it("sends the ticket back to the queue when the answer is not a rating", async () => {
    const t = await resolveWaitingForRating();
    await contactSays(w, t.id, "ainda preciso de ajuda");
    const row = await ticketRow(w.pool, t.id);
    expect(row?.status).toBe("pending");
    expect(row?.user_id).toBeNull();
    const { rowCount } = await w.pool.query("SELECT 1 FROM user_ratings WHERE ticket_id = $1", [t.id]);
    expect(rowCount).toBe(0);
  });

  it("asks again after a number outside the scale, then takes a valid rating", async () => {
    const t = await resolveWaitingForRating();
    await contactSays(w, t.id, "7");
    expect(await ticketRow(w.pool, t.id)).toMatchObject({ status: "nps", amount_used_bot_queues_nps: 2 });
    const sent = await outbound(w.pool, t.id);
    expect(sent.at(-1)).toMatchObject({ body: `${RATING_RETRY}\n\n${RATING_QUESTION}`, send_state: "queued" });
    await contactSays(w, t.id, "5");
    const { rows } = await w.pool.query("SELECT rate FROM user_ratings WHERE ticket_id = $1", [t.id]);
    expect(rows).toEqual([{ rate: 5 }]);
    expect((await ticketRow(w.pool, t.id))?.status).toBe("closed");
  });

  it("closes unrated once the connection's maxUseBotQueuesNPS questions were asked", async () => {
    await w.pool.query("UPDATE whatsapps SET max_use_bot_queues_nps = 2 WHERE id = $1", [w.wa.id]);
    try {
      const t = await resolveWaitingForRating();
      await contactSays(w, t.id, "9");
      expect((await ticketRow(w.pool, t.id))?.status).toBe("nps");
      const asked = (await outbound(w.pool, t.id)).length;
      await contactSays(w, t.id, "0");
      expect((await ticketRow(w.pool, t.id))?.status).toBe("closed");
      expect(await outbound(w.pool, t.id)).toHaveLength(asked);
      const { rowCount } = await w.pool.query("SELECT 1 FROM user_ratings WHERE ticket_id = $1", [t.id]);
      expect(rowCount).toBe(0);
      expect((await logTypes(w.pool, t.id)).at(-1)).toBe("closed");
    } finally {
      await w.pool.query("UPDATE whatsapps SET max_use_bot_queues_nps = 3 WHERE id = $1", [w.wa.id]);
    }
  });

  it("reads only a lone digit from 1 to 5 as a rating", () => {
    expect(["1", " 5 ", "3\n"].map(parseRating)).toEqual([1, 5, 3]);
    expect(["0", "6", "10", "nota 4", ""].map(parseRating)).toEqual([null, null, null, null, null]);
  });
});
