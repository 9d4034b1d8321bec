// What POST /tickets and PUT /tickets/{id} answer: the ticket in the shape
// GET /tickets/u/{uuid} gives it, with the contact's number hidden from plain
// users when the company turned LGPD number hiding on.
import { describe, expect, it } from "vitest";
import { maskNumber } from "../presenters/mask-number.ts";
import { buildTag, setHideNumbers } from "../testing/contacts-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildTicketWorld, setUserFlags } from "../testing/tickets-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const w = await buildTicketWorld(core);
  await setUserFlags(w.pool, w.agent.id, { allowGroup: true });
  return w;
});

const numberOf = async (contactId: number) =>
  (await w.pool.query<{ number: string }>("SELECT number FROM contacts WHERE id = $1", [contactId])).rows[0]!.number;

const create = (token: string, contactId: number) =>
  core.api("POST", "/tickets", { token, body: { contactId, queueId: w.sales.id, whatsappId: w.wa.id } });

describe("#tickets answers under LGPD number hiding", () => {
  it("hides the number from a plain user in the answers of POST and PUT /tickets, not from an admin", async () => {
    await setHideNumbers(w.pool, w.company.id, true);
    try {
      const c = await w.contact();
      const number = await numberOf(c.id);

      const created = await create(w.agent.token, c.id);
      expect(created.status).toBe(201);
      expect(created.body.contact.number).toBe(maskNumber(number));
      expect(created.body.contact.number).not.toBe(number);

      const returned = await core.api("PUT", `/tickets/${created.body.id}`, {
        token: w.agent.token,
        body: { status: "pending" },
      });
      expect(returned.status).toBe(200);
      expect(returned.body.contact.number).toBe(maskNumber(number));

      const accepted = await core.api("PUT", `/tickets/${created.body.id}`, {
        token: w.admin.token,
        body: { status: "open" },
      });
      expect(accepted.status).toBe(200);
      expect(accepted.body.contact.number).toBe(number);
      // The stored number is untouched: masking is only what the answer shows.
      expect(await numberOf(c.id)).toBe(number);
    } finally {
      await setHideNumbers(w.pool, w.company.id, false);
    }
  });

  it("never hides a group's number, and hides nothing while the company shows numbers", async () => {
    const group = await w.contact({ isGroup: true });
    const person = await w.contact();
    await setHideNumbers(w.pool, w.company.id, true);
    try {
      const res = await create(w.agent.token, group.id);
      expect(res.status).toBe(201);
      expect(res.body.contact).toMatchObject({ isGroup: true, number: await numberOf(group.id) });
    } finally {
      await setHideNumbers(w.pool, w.company.id, false);
    }
    const shown = await create(w.agent.token, person.id);
    expect(shown.body.contact.number).toBe(await numberOf(person.id));
  });
});

describe("#tickets answers' shape", () => {
  it("carries what GET /tickets/u/{uuid} answers (tags, rating, contact, queue, owner, connection) plus the header's fields", async () => {
    const t = await w.ticket();
    const tag = await buildTag(w.pool, { companyId: w.company.id, name: "VIP", color: "#FF0000" });
    await w.pool.query("INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES ($1, $2, $3)", [
      t.id,
      tag.id,
      w.company.id,
    ]);
    await w.pool.query("INSERT INTO user_ratings (company_id, ticket_id, user_id, rate) VALUES ($1, $2, $3, 4)", [
      w.company.id,
      t.id,
      w.admin.id,
    ]);

    const put = await core.api("PUT", `/tickets/${t.id}`, { token: w.agent.token, body: { status: "open" } });
    expect(put.status).toBe(200);
    const one = await core.api("GET", `/tickets/u/${t.uuid}`, { token: w.admin.token });
    expect(one.status).toBe(200);

    expect(put.body).toMatchObject({
      tags: [{ id: tag.id, name: "VIP", color: "#FF0000" }],
      userRating: { rate: 4 },
      user: { id: w.agent.id, name: w.agent.name },
      queue: { id: w.sales.id },
      whatsapp: { id: w.wa.id },
      protocol: null,
      useIntegration: false,
      amountUsedBotQueues: 0,
      isTransfered: false,
      msgTransfer: null,
    });
    // One shape for one ticket: every field GET /tickets/u/{uuid} answers, with the same value.
    const { updatedAt: _a, unreadMessages: _b, ...same } = one.body;
    expect(put.body).toMatchObject(same);
    expect(Object.keys(put.body)).toEqual(expect.arrayContaining(Object.keys(one.body)));
  });
});
