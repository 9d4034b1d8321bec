// The list's item written by concatenation (TICKET_ITEM_TEXT) is the item json_build_object builds
// (TICKET_ITEM_JSON, used for one ticket), value for value and key for key, for tickets with and without
// queue, owner, connection, tags and rating, and for text that JSON must escape.
import { describe, expect, it } from "vitest";
import { buildTag } from "../testing/contacts-factories.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { testDbForFile } from "../testing/test-world.ts";
import { rateTicket, tagTicket } from "../testing/ticket-list-factories.ts";
import { TICKET_ITEM_JOINS, TICKET_ITEM_JSON, TICKET_ITEM_TEXT } from "./list-tickets.ts";

const db = testDbForFile();

describe("TICKET_ITEM_TEXT", () => {
  it("writes the same item as TICKET_ITEM_JSON for every shape of ticket", async () => {
    const pool = db.pool;
    const companyId = (await buildCompany(pool)).id;
    const queue = await buildQueue(pool, { companyId, name: 'Fila "VIP" \\ ção', color: "#ff0000" });
    const wa = await buildWhatsapp(pool, { companyId, channel: "whatsapp" });
    const owner = await buildUser(pool, { companyId, profile: "user", name: "Zoë\nDois" });
    const contact = (await buildContact(pool, { companyId, name: "Ana </script> 😀", number: "5511987654321" })).id;
    const group = (await buildContact(pool, { companyId, name: "Grupo", number: "120363012345678901" })).id;
    await pool.query(
      "UPDATE contacts SET is_group = true, url_picture = 'https://x/p.jpg' WHERE id = $1 AND company_id = $2",
      [group, companyId],
    );
    const full = await buildTicket(pool, {
      companyId,
      contactId: contact,
      whatsappId: wa.id,
      userId: owner.id,
      queueId: queue.id,
      status: "open",
    });
    const bare = await buildTicket(pool, { companyId, contactId: group, whatsappId: null, status: "pending" });
    await pool.query(
      `UPDATE tickets SET last_message = $3, unread_messages = 7, is_bot = true, protocol = 'P-1', is_group = true,
         use_integration = true WHERE id = $1 AND company_id = $2`,
      [full.id, companyId, 'última "mensagem"\t\u0001 fim'],
    );
    for (const name of ["Beta", "alfa"]) {
      await tagTicket(pool, companyId, full.id, (await buildTag(pool, { companyId, name })).id);
    }
    await rateTicket(pool, { companyId, ticketId: full.id, rate: 4 });

    for (const id of [full.id, bare.id]) {
      const { rows } = await pool.query<{ json: string; text: string }>(
        `SELECT ${TICKET_ITEM_JSON}::text AS json, ${TICKET_ITEM_TEXT} AS text
         FROM tickets t ${TICKET_ITEM_JOINS} WHERE t.id = $1 AND t.company_id = $2`,
        [id, companyId],
      );
      const built = JSON.parse(rows[0]!.json);
      const written = JSON.parse(rows[0]!.text);
      expect(written).toEqual(built);
      // Same keys in the same order, so clients see one shape whichever path answered.
      expect(Object.keys(written)).toEqual(Object.keys(built));
      expect(Object.keys(written.contact)).toEqual(Object.keys(built.contact));
    }
  });
});
