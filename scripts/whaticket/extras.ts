// Quick messages (Ticketz's QuickMessages, the community version's QuickAnswers) into the company's general list,
// a Yjs document: written through the sync server's own store, which merges into the stored document and projects
// the rows, so an editor with the list open keeps its edits (decision 0048). And scheduled messages.
import { v7 as uuidv7 } from "uuid";
import * as Y from "yjs";
import { addQuickMessage, quickMessagesDocumentName } from "../../core/src/contract/documents/quick-messages.ts";
import { storeDocumentState } from "../../sync-server/src/persistence/document-store.ts";
import { companyWhere, type ImportContext, text } from "./context.ts";
import { hasColumn, hasTable, pages, pick } from "./source.ts";
import { insertSafely } from "./target.ts";

type Row = Record<string, unknown>;

export async function importQuickMessages(ctx: ImportContext): Promise<void> {
  const s = ctx.schema;
  const table = hasTable(s, "QuickMessages") ? "QuickMessages" : hasTable(s, "QuickAnswers") ? "QuickAnswers" : null;
  if (!table) return;
  const shortcode = table === "QuickMessages" ? `x."shortcode"` : `x."shortcut" AS "shortcode"`;
  const where = hasColumn(s, table, "companyId") ? companyWhere(ctx) : { sql: "true", values: [] };
  const users = await ctx.target.batch((c) => ctx.maps.all(c, ctx.companyId, "user"));
  for await (const rows of pages<Row>(
    ctx.src,
    {
      text: `SELECT x."id", ${shortcode}, x."message", ${pick(s, table, "x", "userId")} FROM "${table}" x WHERE ${where.sql}`,
      values: where.values,
    },
    ["id"],
    ctx.batch,
  )) {
    const known = await ctx.target.batch((c) =>
      ctx.maps.get(
        c,
        ctx.companyId,
        "quick message",
        rows.map((r) => r.id as number),
      ),
    );
    const doc = new Y.Doc();
    const made: [number, string][] = [];
    for (const r of rows) {
      if (known.has(String(r.id))) {
        ctx.report.existing("quick messages");
        continue;
      }
      const code = text(r.shortcode).trim();
      if (!code) {
        ctx.report.skip("quick messages", r.id as number, "no shortcut");
        continue;
      }
      const item = { id: uuidv7(), shortcode: code, message: text(r.message), visao: true } as Parameters<
        typeof addQuickMessage
      >[1];
      const owner = r.userId === null ? undefined : users.get(String(r.userId));
      if (owner) item.userId = Number(owner);
      addQuickMessage(doc, item);
      made.push([r.id as number, item.id]);
    }
    if (made.length && !ctx.target.dryRun) {
      await storeDocumentState(ctx.target.pool, quickMessagesDocumentName(ctx.companyId), Y.encodeStateAsUpdate(doc));
    }
    doc.destroy();
    await ctx.target.batch((c) => ctx.maps.put(c, ctx.companyId, "quick message", made));
    ctx.report.imported("quick messages", made.length);
  }
}

export async function importSchedules(ctx: ImportContext): Promise<void> {
  const s = ctx.schema;
  if (!hasTable(s, "Schedules")) return;
  const where = hasColumn(s, "Schedules", "companyId") ? companyWhere(ctx) : { sql: "true", values: [] };
  const now = Date.now();
  for await (const rows of pages<Row>(
    ctx.src,
    {
      text: `SELECT x."id", x."body", x."sendAt", x."sentAt", x."contactId", x."userId",
          ${pick(s, "Schedules", "x", "status")}
        FROM "Schedules" x WHERE ${where.sql}`,
      values: where.values,
    },
    ["id"],
    ctx.batch,
  )) {
    await ctx.target.batch(async (c) => {
      const known = await ctx.maps.get(
        c,
        ctx.companyId,
        "schedule",
        rows.map((r) => r.id as number),
      );
      const contacts = await ctx.maps.get(
        c,
        ctx.companyId,
        "contact",
        rows.filter((r) => r.contactId !== null).map((r) => r.contactId as number),
      );
      const users = await ctx.maps.all(c, ctx.companyId, "user");
      const fresh: (Row & { contact: number; status: string; lastError: string | null })[] = [];
      for (const r of rows) {
        const contact = r.contactId === null ? undefined : contacts.get(String(r.contactId));
        if (known.has(String(r.id))) ctx.report.existing("schedules");
        else if (!contact) ctx.report.skip("schedules", r.id as number, "its contact was not imported");
        else if (!r.sendAt) ctx.report.skip("schedules", r.id as number, "no send time");
        else if (!text(r.body).trim()) ctx.report.skip("schedules", r.id as number, "no text");
        else {
          // One never sent whose time has passed would go out at once here: it comes in as not sent instead.
          const sent = r.sentAt !== null;
          const overdue = !sent && (r.sendAt as Date).getTime() < now;
          if (overdue) ctx.report.note("schedules", "time passed without a send: imported as not sent (ERRO)");
          fresh.push({
            ...r,
            contact: Number(contact),
            status: sent ? "ENVIADA" : overdue || text(r.status) === "ERRO" ? "ERRO" : "PENDENTE",
            lastError: overdue ? "Not sent before the import from Whaticket" : null,
          });
        }
      }
      const made = await insertSafely(
        c,
        fresh,
        async (batch) => {
          const out: [number, number][] = [];
          for (const r of batch) {
            const { rows: ins } = await c.query<{ id: number }>(
              `INSERT INTO schedules (company_id, body, contact_id, send_at, sent_at, status, user_id, anchor_at,
                 last_error, sent_count)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $4, $8, $9) RETURNING id`,
              [
                ctx.companyId,
                text(r.body),
                r.contact,
                r.sendAt,
                r.sentAt,
                r.status,
                r.userId === null ? null : Number(users.get(String(r.userId))) || null,
                r.lastError,
                r.sentAt === null ? 0 : 1,
              ],
            );
            out.push([r.id as number, ins[0]!.id]);
          }
          return out;
        },
        (r, reason) => ctx.report.skip("schedules", r.id as number, reason),
      );
      await ctx.maps.put(c, ctx.companyId, "schedule", made);
      ctx.report.imported("schedules", made.length);
    });
  }
}
