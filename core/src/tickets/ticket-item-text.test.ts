// The item written by concatenation (TICKET_ITEM_TEXT: the list, one ticket, the transitions' answers) is the item
// json_build_object builds (TICKET_ITEM_JSON, kept as the reference), value for value and key for key, for tickets
// with and without queue, owner, connection, tags and rating, and for text that JSON must escape. The inbox list's
// item, built in core from plain rows (ticket-list-item.ts), is that item too, byte for byte.

import pg from "pg";
import { describe, expect, it } from "vitest";
import type { Actor } from "../auth/authenticate.ts";
import { loadUserById } from "../auth/load-user.ts";
import type { AccessClaims } from "../auth/tokens.ts";
import { loadCompanyReferences } from "../presenters/company-cache.ts";
import {
  jsonTimestamp,
  TICKET_LIST_COLUMNS,
  TICKET_LIST_JOIN,
  type TicketListRow,
  ticketListItem,
} from "../presenters/ticket-list-item.ts";
import { buildTag } from "../testing/contacts-factories.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { testDbForFile } from "../testing/test-world.ts";
import { rateTicket, tagTicket } from "../testing/ticket-list-factories.ts";
import { TICKET_ITEM_JOINS, TICKET_ITEM_JSON, TICKET_ITEM_TEXT, ticketItemText } from "./list-tickets.ts";
import { ticketView } from "./ticket-row.ts";

const db = testDbForFile();

/** Tickets of every shape: `full` has queue, owner, connection, two tags and a rating; `bare` none of them. */
let shapes: ReturnType<typeof buildShapesOnce> | undefined;
const buildShapes = () => {
  shapes ??= buildShapesOnce();
  return shapes;
};

async function buildShapesOnce() {
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
         use_integration = true, amount_used_bot_queues = 2, is_transfered = true, msg_transfer = 'de "A"'
       WHERE id = $1 AND company_id = $2`,
    [full.id, companyId, 'última "mensagem"\t\u0001 fim'],
  );
  for (const name of ["Beta", "alfa"]) {
    await tagTicket(pool, companyId, full.id, (await buildTag(pool, { companyId, name })).id);
  }
  await rateTicket(pool, { companyId, ticketId: full.id, rate: 4 });
  return { companyId, owner, ids: [full.id, bare.id] };
}

/** The item as json_build_object builds it, parsed. */
async function builtItem(companyId: number, id: number) {
  const { rows } = await db.pool.query<{ json: string }>(
    `SELECT ${TICKET_ITEM_JSON}::text AS json FROM tickets t ${TICKET_ITEM_JOINS} WHERE t.id = $1 AND t.company_id = $2`,
    [id, companyId],
  );
  return JSON.parse(rows[0]!.json);
}

/** Same keys in the same order, so clients see one shape whichever path answered. */
function expectSameShape(written: Record<string, unknown>, built: Record<string, unknown>) {
  expect(written).toEqual(built);
  expect(Object.keys(written)).toEqual(Object.keys(built));
  expect(Object.keys(written.contact as object)).toEqual(Object.keys(built.contact as object));
}

describe("TICKET_ITEM_TEXT", () => {
  it("writes the same item as TICKET_ITEM_JSON for every shape of ticket", async () => {
    const pool = db.pool;
    const { companyId, ids } = await buildShapes();
    for (const id of ids) {
      const { rows } = await pool.query<{ json: string; text: string }>(
        `SELECT ${TICKET_ITEM_JSON}::text AS json, ${TICKET_ITEM_TEXT} AS text
         FROM tickets t ${TICKET_ITEM_JOINS} WHERE t.id = $1 AND t.company_id = $2`,
        [id, companyId],
      );
      expectSameShape(JSON.parse(rows[0]!.text), JSON.parse(rows[0]!.json));
    }
  });

  it("answers one ticket (GET /tickets/u/{uuid}) as json_build_object did, and nothing for another company", async () => {
    const { companyId, ids } = await buildShapes();
    for (const id of ids) {
      const text = await ticketItemText(db.pool, companyId, id);
      expectSameShape(JSON.parse(text!), await builtItem(companyId, id));
    }
    const other = (await buildCompany(db.pool)).id;
    expect(await ticketItemText(db.pool, other, ids[0]!)).toBeUndefined();
  });

  it("answers the transitions (ticketView) as json_build_object did, with the header's fields after the item", async () => {
    const { companyId, owner, ids } = await buildShapes();
    const actor: Actor = { ...(await loadUserById(db.pool, companyId, owner.id))!, claims: {} as AccessClaims };
    for (const id of ids) {
      const built = await builtItem(companyId, id);
      const { rows } = await db.pool.query(
        `SELECT t.protocol, t.use_integration AS "useIntegration", t.amount_used_bot_queues AS "amountUsedBotQueues",
           t.is_transfered AS "isTransfered", t.msg_transfer AS "msgTransfer" FROM tickets t WHERE t.id = $1`,
        [id],
      );
      expectSameShape((await ticketView(db.pool, actor, id)) as unknown as Record<string, unknown>, {
        ...built,
        ...rows[0],
      });
    }
  });
});

/** Timestamps as the list reads them: PostgreSQL's text. */
const TEXT_TIMESTAMPS = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === 1184 ? (v: string) => v : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

describe("ticketListItem", () => {
  it("builds from the list's plain row the same JSON text as TICKET_ITEM_TEXT, for every shape of ticket", async () => {
    const { companyId, owner, ids } = await buildShapes();
    const refs = await loadCompanyReferences(db.pool, companyId);
    const actor: Actor = { ...(await loadUserById(db.pool, companyId, owner.id))!, claims: {} as AccessClaims };
    for (const id of ids) {
      const { rows } = await db.pool.query<TicketListRow>({
        text: `SELECT ${TICKET_LIST_COLUMNS} FROM tickets t ${TICKET_LIST_JOIN} WHERE t.id = $1 AND t.company_id = $2`,
        values: [id, companyId],
        types: TEXT_TIMESTAMPS,
      });
      const item = ticketListItem({ actor, hideNumbers: false }, refs, rows[0]!);
      expect(JSON.stringify(item)).toBe(JSON.stringify(JSON.parse((await ticketItemText(db.pool, companyId, id))!)));
    }
  });

  it("writes a timestamp as to_json does, in any session time zone and with or without microseconds", async () => {
    const client = await db.pool.connect();
    try {
      for (const zone of ["UTC", "America/Sao_Paulo", "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Chatham"]) {
        await client.query(`SET TIME ZONE '${zone}'`);
        const { rows } = await client.query<{ text: string; json: string }>({
          text: `SELECT x::text AS text, to_json(x)::text AS json FROM unnest(ARRAY[
              '2026-03-10 15:00:00.123456+00', '2026-03-10 15:00:00+00', '1999-12-31 23:59:59.5-03',
              '2026-07-01 00:00:00.000001+00']::timestamptz[]) x`,
          types: TEXT_TIMESTAMPS,
        });
        for (const r of rows) expect({ zone, json: jsonTimestamp(r.text) }).toEqual({ zone, json: JSON.parse(r.json) });
      }
    } finally {
      await client.query("RESET TIME ZONE");
      client.release();
    }
  });
});
