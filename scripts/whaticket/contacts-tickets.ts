// Contacts (with their extra fields and tags) and tickets (with their status, queue, user, connection, timestamps
// and tags), a batch at a time. A contact whose number Chat-flow already has in the company is linked to it; a
// ticket still open whose contact already has an open ticket on that connection comes in closed (one open ticket
// per contact and connection is Chat-flow's rule).
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { companyWhere, type ImportContext, text } from "./context.ts";
import { hasTable, pages, pick } from "./source.ts";
import { insertSafely } from "./target.ts";

type Row = Record<string, unknown>;

async function* companyPages(ctx: ImportContext, table: string, columns: string[]): AsyncGenerator<Row[]> {
  const where = companyWhere(ctx);
  yield* pages<Row>(
    ctx.src,
    { text: `SELECT x."id", ${columns.join(", ")} FROM "${table}" x WHERE ${where.sql}`, values: where.values },
    ["id"],
    ctx.batch,
  );
}

/** Extra fields of these source contacts, as Chat-flow keeps them ([{id, name, value}] in contacts.extra_info). */
async function extraFields(ctx: ImportContext, contactIds: number[]): Promise<Map<number, unknown[]>> {
  const out = new Map<number, unknown[]>();
  if (!hasTable(ctx.schema, "ContactCustomFields")) return out;
  const { rows } = await ctx.src.query<{ contactId: number; name: string; value: string }>(
    `SELECT "contactId", "name", "value" FROM "ContactCustomFields" WHERE "contactId" = ANY($1::int[]) ORDER BY "id"`,
    [contactIds],
  );
  for (const r of rows) {
    const list = out.get(r.contactId) ?? [];
    const name = text(r.name).trim().slice(0, 100);
    if (name && list.length < 50) list.push({ id: list.length + 1, name, value: text(r.value).slice(0, 1000) });
    out.set(r.contactId, list);
  }
  return out;
}

/** Tags of these source rows (ContactTags or TicketTags) as [new row id, new tag id] pairs. */
async function tagPairs(
  ctx: ImportContext,
  c: pg.ClientBase,
  table: "ContactTags" | "TicketTags",
  column: "contactId" | "ticketId",
  newIdOf: Map<string, string>,
): Promise<[number, number][]> {
  if (!hasTable(ctx.schema, table) || newIdOf.size === 0) return [];
  const { rows } = await ctx.src.query<{ rowId: number; tagId: number }>(
    `SELECT "${column}" AS "rowId", "tagId" FROM "${table}" WHERE "${column}" = ANY($1::int[])`,
    [[...newIdOf.keys()].map(Number)],
  );
  const tags = await ctx.maps.get(c, ctx.companyId, "tag", [...new Set(rows.map((r) => r.tagId))]);
  const pairs: [number, number][] = [];
  for (const r of rows) {
    const tag = tags.get(String(r.tagId));
    const row = newIdOf.get(String(r.rowId));
    if (tag && row) pairs.push([Number(row), Number(tag)]);
  }
  return pairs;
}

export async function importContacts(ctx: ImportContext): Promise<void> {
  const s = ctx.schema;
  const cols = [
    `x."name"`,
    `x."number"`,
    pick(s, "Contacts", "x", "email", "''"),
    pick(s, "Contacts", "x", "isGroup", "false"),
    pick(s, "Contacts", "x", "channel", "'whatsapp'"),
    pick(s, "Contacts", "x", "disableBot", "false"),
  ];
  let done = 0;
  for await (const rows of companyPages(ctx, "Contacts", cols)) {
    const extras = await extraFields(
      ctx,
      rows.map((r) => r.id as number),
    );
    await ctx.target.batch(async (c) => {
      const known = await ctx.maps.get(
        c,
        ctx.companyId,
        "contact",
        rows.map((r) => r.id as number),
      );
      const fresh: Row[] = [];
      for (const r of rows) {
        if (known.has(String(r.id))) ctx.report.existing("contacts");
        else if (!text(r.number).trim()) ctx.report.skip("contacts", r.id as number, "no number");
        else fresh.push(r);
      }
      const { rows: same } = await c.query<{ id: number; number: string }>(
        "SELECT id, number FROM contacts WHERE company_id = $1 AND number = ANY($2::text[])",
        [ctx.companyId, fresh.map((r) => text(r.number).trim())],
      );
      const byNumber = new Map(same.map((x) => [x.number, x.id]));
      const links: [number, number][] = [];
      const toInsert: Row[] = [];
      for (const r of fresh) {
        const id = byNumber.get(text(r.number).trim());
        if (id === undefined) toInsert.push(r);
        else links.push([r.id as number, id]);
      }
      const made = await insertSafely(
        c,
        toInsert,
        async (batch) => {
          const { rows: ins } = await c.query<{ id: number; number: string }>(
            `INSERT INTO contacts (company_id, name, number, email, is_group, channel, disable_bot, extra_info)
             SELECT $1, n, num, e, g, ch, d, x FROM unnest($2::text[], $3::text[], $4::text[], $5::bool[], $6::text[],
               $7::bool[], $8::jsonb[]) AS t(n, num, e, g, ch, d, x)
             RETURNING id, number`,
            [
              ctx.companyId,
              batch.map((r) => text(r.name).trim() || text(r.number).trim()),
              batch.map((r) => text(r.number).trim()),
              batch.map((r) => text(r.email).trim()),
              batch.map((r) => Boolean(r.isGroup)),
              batch.map((r) => (["facebook", "instagram"].includes(text(r.channel)) ? text(r.channel) : "whatsapp")),
              batch.map((r) => Boolean(r.disableBot)),
              batch.map((r) => JSON.stringify(extras.get(r.id as number) ?? [])),
            ],
          );
          const idOf = new Map(ins.map((x) => [x.number, x.id]));
          return batch.map((r) => [r.id as number, idOf.get(text(r.number).trim())!] as [number, number]);
        },
        (r, reason) => ctx.report.skip("contacts", r.id as number, reason),
      );
      await ctx.maps.put(c, ctx.companyId, "contact", [...links, ...made]);
      ctx.report.linked("contacts", links.length);
      ctx.report.imported("contacts", made.length);
      const all = new Map([...links, ...made].map(([o, n]) => [String(o), String(n)]));
      const pairs = await tagPairs(ctx, c, "ContactTags", "contactId", all);
      if (pairs.length) {
        const { rowCount } = await c.query(
          `INSERT INTO contact_tags (contact_id, tag_id, company_id)
           SELECT ct, tg, $1 FROM unnest($2::int[], $3::int[]) AS t(ct, tg) ON CONFLICT DO NOTHING`,
          [ctx.companyId, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
        );
        ctx.report.imported("contact tags", rowCount ?? 0);
      }
    });
    done += rows.length;
    ctx.progress(`contacts: ${done} read`);
  }
}

/** Whaticket's ticket statuses as Chat-flow's; anything else comes in closed. */
function ticketStatus(status: unknown): { status: string; known: boolean } {
  const s = text(status);
  if (s === "open" || s === "pending" || s === "closed" || s === "group") return { status: s, known: true };
  return { status: "closed", known: false };
}

export async function importTickets(ctx: ImportContext): Promise<void> {
  const s = ctx.schema;
  const cols = [
    `x."status"`,
    `x."lastMessage"`,
    `x."contactId"`,
    `x."userId"`,
    pick(s, "Tickets", "x", "whatsappId"),
    pick(s, "Tickets", "x", "queueId"),
    pick(s, "Tickets", "x", "isGroup", "false"),
    pick(s, "Tickets", "x", "unreadMessages", "0"),
    pick(s, "Tickets", "x", "channel", "'whatsapp'"),
    `x."createdAt"`,
    `x."updatedAt"`,
  ];
  const lists = await ctx.target.batch(async (c) => ({
    users: await ctx.maps.all(c, ctx.companyId, "user"),
    queues: await ctx.maps.all(c, ctx.companyId, "queue"),
    conns: await ctx.maps.all(c, ctx.companyId, "connection"),
  }));
  const ref = (m: Map<string, string>, id: unknown) =>
    id === null || id === undefined ? null : Number(m.get(String(id)) ?? NaN) || null;
  let done = 0;
  for await (const rows of companyPages(ctx, "Tickets", cols)) {
    await ctx.target.batch(async (c) => {
      const known = await ctx.maps.get(
        c,
        ctx.companyId,
        "ticket",
        rows.map((r) => r.id as number),
      );
      const contacts = await ctx.maps.get(
        c,
        ctx.companyId,
        "contact",
        rows.filter((r) => r.contactId !== null).map((r) => r.contactId as number),
      );
      type T = Row & { uuid: string; newStatus: string; contact: number };
      const fresh: T[] = [];
      for (const r of rows) {
        if (known.has(String(r.id))) {
          ctx.report.existing("tickets");
          continue;
        }
        const contact = r.contactId === null ? undefined : contacts.get(String(r.contactId));
        if (!contact) {
          ctx.report.skip(
            "tickets",
            r.id as number,
            r.contactId === null ? "no contact" : "its contact was not imported",
          );
          continue;
        }
        const st = ticketStatus(r.status);
        if (!st.known) ctx.report.note("tickets", `status "${text(r.status)}" imported as closed`);
        fresh.push({ ...r, uuid: randomUUID(), newStatus: st.status, contact: Number(contact) });
      }
      const insert = async (batch: T[], closeAll: boolean) => {
        const { rows: ins } = await c.query<{ id: number; uuid: string }>(
          `INSERT INTO tickets (company_id, uuid, contact_id, whatsapp_id, queue_id, user_id, status, channel, is_group,
             unread_messages, last_message, created_at, updated_at, closed_at)
           SELECT $1, u, ct, w, q, us, st, ch, g, un, lm, ca, ua, CASE WHEN st = 'closed' THEN ua END
           FROM unnest($2::uuid[], $3::int[], $4::int[], $5::int[], $6::int[], $7::text[], $8::text[], $9::bool[],
             $10::int[], $11::text[], $12::timestamptz[], $13::timestamptz[])
             AS t(u, ct, w, q, us, st, ch, g, un, lm, ca, ua)
           ON CONFLICT DO NOTHING RETURNING id, uuid`,
          [
            ctx.companyId,
            batch.map((r) => r.uuid),
            batch.map((r) => r.contact),
            batch.map((r) => ref(lists.conns, r.whatsappId)),
            batch.map((r) => ref(lists.queues, r.queueId)),
            batch.map((r) => ref(lists.users, r.userId)),
            batch.map((r) => (closeAll ? "closed" : r.newStatus)),
            batch.map((r) => (["facebook", "instagram"].includes(text(r.channel)) ? text(r.channel) : "whatsapp")),
            batch.map((r) => Boolean(r.isGroup)),
            batch.map((r) => Math.max(0, Number(r.unreadMessages) || 0)),
            batch.map((r) => text(r.lastMessage)),
            batch.map((r) => r.createdAt),
            batch.map((r) => r.updatedAt),
          ],
        );
        const byUuid = new Map(ins.map((x) => [x.uuid, x.id]));
        return batch
          .filter((r) => byUuid.has(r.uuid))
          .map((r) => [r.id as number, byUuid.get(r.uuid)!] as [number, number]);
      };
      const bad = new Set<number>();
      const onBad = (r: T, reason: string) => {
        bad.add(r.id as number);
        ctx.report.skip("tickets", r.id as number, reason);
      };
      const first = await insertSafely(c, fresh, (b) => insert(b, false), onBad);
      // Left out by ON CONFLICT: an open ticket whose contact has one open on that connection already.
      const inFirst = new Set(first.map(([old]) => old));
      const again = fresh.filter(
        (r) => !inFirst.has(r.id as number) && !bad.has(r.id as number) && r.newStatus !== "closed",
      );
      const second = await insertSafely(c, again, (b) => insert(b, true), onBad);
      if (second.length)
        ctx.report.note(
          "tickets",
          "imported closed: the contact already had an open ticket on that connection",
          second.length,
        );
      const made = [...first, ...second];
      await ctx.maps.put(c, ctx.companyId, "ticket", made);
      ctx.report.imported("tickets", made.length);
      const pairs = await tagPairs(
        ctx,
        c,
        "TicketTags",
        "ticketId",
        new Map(made.map(([o, n]) => [String(o), String(n)])),
      );
      if (pairs.length) {
        const { rowCount } = await c.query(
          `INSERT INTO ticket_tags (ticket_id, tag_id, company_id)
           SELECT tk, tg, $1 FROM unnest($2::int[], $3::int[]) AS t(tk, tg) ON CONFLICT DO NOTHING`,
          [ctx.companyId, pairs.map((p) => p[0]), pairs.map((p) => p[1])],
        );
        ctx.report.imported("ticket tags", rowCount ?? 0);
      }
    });
    done += rows.length;
    ctx.progress(`tickets: ${done} read`);
  }
}
