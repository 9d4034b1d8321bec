// The company's reference lists: users (made to reset their password: Whaticket's bcrypt hashes are never
// carried, decision 0123), queues with their chatbot options, connections (Cloud API ones with their ids and
// tokens, WhatsApp-by-QR ones disconnected, to be paired again), tags, and the settings Chat-flow also has.
import type pg from "pg";
import { ZQueueSchedulesSchema } from "../../core/src/contract/queues.ts";
import { companySettingValueError, isCompanySettingKey } from "../../core/src/contract/settings.ts";
import { OUTBOUND_CHANNEL } from "../../core/src/contract/topics.ts";
import { setCompanySetting } from "../../core/src/settings/company-settings.ts";
import { generateConnectionToken } from "../../core/src/whatsapps/connection-token.ts";
import { companyWhere, type ImportContext, orNull, text } from "./context.ts";
import { hasColumn, hasTable, pages, pick, pickFirst } from "./source.ts";
import { insertSafely } from "./target.ts";

/**
 * What an imported user's password hash is: no argon2 hash parses it, so no password matches and the person sets
 * one through "forgot my password" (core verifies argon2 only; Whaticket's are bcrypt).
 */
export const IMPORTED_PASSWORD_HASH = "!imported-from-whaticket:password-reset-required";

type Row = Record<string, unknown>;

/** Rows of a small table of the source company, all at once in batches (keyset on id). */
async function* companyRows(ctx: ImportContext, table: string, columns: string[]): AsyncGenerator<Row[]> {
  const where = hasColumn(ctx.schema, table, "companyId") ? companyWhere(ctx) : { sql: "true", values: [] };
  yield* pages<Row>(
    ctx.src,
    { text: `SELECT x."id", ${columns.join(", ")} FROM "${table}" x WHERE ${where.sql}`, values: where.values },
    ["id"],
    ctx.batch,
  );
}

export async function importUsers(ctx: ImportContext): Promise<void> {
  const s = ctx.schema;
  const cols = [`x."name"`, `x."email"`, pick(s, "Users", "x", "profile", "'user'")];
  for await (const rows of companyRows(ctx, "Users", cols)) {
    await ctx.target.batch(async (c) => {
      const known = await ctx.maps.get(
        c,
        ctx.companyId,
        "user",
        rows.map((r) => r.id as number),
      );
      const fresh: Row[] = [];
      for (const r of rows) {
        if (known.has(String(r.id))) ctx.report.existing("users");
        else if (!/^[^\s@]+@[^\s@]+$/.test(text(r.email).trim()))
          ctx.report.skip("users", r.id as number, "no valid e-mail");
        else if (!text(r.name).trim()) ctx.report.skip("users", r.id as number, "no name");
        else fresh.push(r);
      }
      // A person who already has a Chat-flow login in this company is linked to it; one in another company is not
      // taken over (e-mails are unique across the platform).
      const emails = fresh.map((r) => text(r.email).trim().toLowerCase());
      const { rows: taken } = await c.query<{ id: number; company_id: number; email: string }>(
        `SELECT id, company_id, lower(email) AS email FROM users /* all-companies: e-mails are unique across the platform */
         WHERE lower(email) = ANY($1::text[])`,
        [emails],
      );
      const byEmail = new Map(taken.map((t) => [t.email, t]));
      const links: [number, number][] = [];
      const toInsert: Row[] = [];
      // Two source users whose e-mails differ only in case are one Chat-flow user (e-mails match case-blind).
      const sameAs = new Map<number, string>();
      const firstOf = new Map<string, number>();
      for (const r of fresh) {
        const email = text(r.email).trim().toLowerCase();
        const t = byEmail.get(email);
        if (t && t.company_id === ctx.companyId) links.push([r.id as number, t.id]);
        else if (t)
          ctx.report.skip("users", r.id as number, "e-mail already used by a user of another Chat-flow company");
        else if (firstOf.has(email)) sameAs.set(r.id as number, email);
        else {
          firstOf.set(email, r.id as number);
          toInsert.push(r);
        }
      }
      const made = await insertSafely(
        c,
        toInsert,
        async (batch) => {
          const { rows: ins } = await c.query<{ id: number; email: string }>(
            `INSERT INTO users (company_id, name, email, password_hash, profile)
             SELECT $1, n, e, $2, p FROM unnest($3::text[], $4::text[], $5::text[]) AS t(n, e, p)
             RETURNING id, lower(email) AS email`,
            [
              ctx.companyId,
              IMPORTED_PASSWORD_HASH,
              batch.map((r) => text(r.name).trim().slice(0, 255)),
              batch.map((r) => text(r.email).trim()),
              batch.map((r) => (r.profile === "admin" ? "admin" : "user")),
            ],
          );
          const idOf = new Map(ins.map((row) => [row.email, row.id]));
          return batch.map((r) => [r.id as number, idOf.get(text(r.email).trim().toLowerCase())!] as [number, number]);
        },
        (r, reason) => ctx.report.skip("users", r.id as number, reason),
      );
      const madeByEmail = new Map(
        made.map(([old, id]) => [
          text(fresh.find((r) => r.id === old)!.email)
            .trim()
            .toLowerCase(),
          id,
        ]),
      );
      for (const [old, email] of sameAs) {
        const id = madeByEmail.get(email);
        if (id === undefined) ctx.report.skip("users", old, "its e-mail's user could not be imported");
        else links.push([old, id]);
      }
      await ctx.maps.put(c, ctx.companyId, "user", [...links, ...made]);
      ctx.report.linked("users", links.length);
      ctx.report.imported("users", made.length);
    });
  }
}

/** Ticketz's schedules ({weekday, weekdayEn, startTime, endTime}) as Chat-flow's windows A (B unused), or null. */
function queueSchedules(value: unknown): unknown[] | null {
  if (!Array.isArray(value)) return [];
  const mapped = value.map((d: Record<string, unknown>) => ({
    weekday: text(d.weekday),
    weekdayEn: text(d.weekdayEn),
    startTimeA: text(d.startTimeA ?? d.startTime),
    endTimeA: text(d.endTimeA ?? d.endTime),
    startTimeB: text(d.startTimeB),
    endTimeB: text(d.endTimeB),
  }));
  const parsed = ZQueueSchedulesSchema.safeParse(mapped);
  return parsed.success ? parsed.data : null;
}

export async function importQueues(ctx: ImportContext): Promise<void> {
  const s = ctx.schema;
  const cols = [
    `x."name"`,
    `x."color"`,
    `x."greetingMessage"`,
    pick(s, "Queues", "x", "outOfHoursMessage"),
    pick(s, "Queues", "x", "schedules"),
  ];
  for await (const rows of companyRows(ctx, "Queues", cols)) {
    await ctx.target.batch(async (c) => {
      const known = await ctx.maps.get(
        c,
        ctx.companyId,
        "queue",
        rows.map((r) => r.id as number),
      );
      const { rows: same } = await c.query<{ id: number; name: string }>(
        "SELECT id, name FROM queues WHERE company_id = $1 AND name = ANY($2::text[])",
        [ctx.companyId, rows.map((r) => text(r.name).trim())],
      );
      const byName = new Map(same.map((q) => [q.name, q.id]));
      const links: [number, number][] = [];
      const toInsert: Row[] = [];
      for (const r of rows) {
        const name = text(r.name).trim();
        if (known.has(String(r.id))) ctx.report.existing("queues");
        else if (!name) ctx.report.skip("queues", r.id as number, "no name");
        else if (byName.has(name)) links.push([r.id as number, byName.get(name)!]);
        else toInsert.push(r);
      }
      const made = await insertSafely(
        c,
        toInsert,
        async (batch) => {
          const out: [number, number][] = [];
          for (const r of batch) {
            const schedules = queueSchedules(r.schedules);
            if (schedules === null)
              ctx.report.note("queues", "opening hours not carried (not in a shape Chat-flow reads)");
            const { rows: ins } = await c.query<{ id: number }>(
              `INSERT INTO queues (company_id, name, color, greeting_message, out_of_hours_message, schedules)
               VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
              [
                ctx.companyId,
                text(r.name).trim(),
                text(r.color).trim() || "#7c7c7c",
                orNull(r.greetingMessage),
                orNull(r.outOfHoursMessage),
                JSON.stringify(schedules ?? []),
              ],
            );
            out.push([r.id as number, ins[0]!.id]);
          }
          return out;
        },
        (r, reason) => ctx.report.skip("queues", r.id as number, reason),
      );
      await ctx.maps.put(c, ctx.companyId, "queue", [...links, ...made]);
      ctx.report.linked("queues", links.length);
      ctx.report.imported("queues", made.length);
    });
  }
  await importChatbotOptions(ctx);
  await importUserQueues(ctx);
}

/** Ticketz's QueueOptions (a tree under each queue) as Chat-flow's chatbot options, parents first. */
async function importChatbotOptions(ctx: ImportContext): Promise<void> {
  const s = ctx.schema;
  if (!hasTable(s, "QueueOptions")) return;
  const where = companyWhere(ctx, "q");
  const { rows } = await ctx.src.query<Row>(
    `SELECT x."id", x."title", x."message", x."option", x."queueId", x."parentId",
       ${pick(s, "QueueOptions", "x", "forwardQueueId")}
     FROM "QueueOptions" x JOIN "Queues" q ON q."id" = x."queueId" WHERE ${where.sql}
     ORDER BY x."queueId", x."option", x."id"`,
    where.values,
  );
  await ctx.target.batch(async (c) => {
    const queues = await ctx.maps.all(c, ctx.companyId, "queue");
    const done = await ctx.maps.all(c, ctx.companyId, "chatbot");
    let pending = rows.filter((r) => {
      if (!done.has(String(r.id))) return true;
      ctx.report.existing("chatbot options");
      return false;
    });
    // Rounds: an option goes in once its parent is in; what is left has a parent that could not be imported.
    for (;;) {
      const ready = pending.filter((r) => r.parentId === null || done.has(String(r.parentId)));
      if (ready.length === 0) break;
      pending = pending.filter((r) => !ready.includes(r));
      for (const r of ready) {
        const queueId = queues.get(String(r.queueId));
        if (!queueId) {
          ctx.report.skip("chatbot options", r.id as number, "its queue was not imported");
          continue;
        }
        const forward = r.forwardQueueId ? (queues.get(String(r.forwardQueueId)) ?? null) : null;
        const made = await insertSafely(
          c,
          [r],
          async () => {
            const { rows: ins } = await c.query<{ id: number }>(
              `INSERT INTO chatbots (company_id, queue_id, chatbot_id, name, greeting_message, queue_type, opt_queue_id)
               VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
              [
                ctx.companyId,
                Number(queueId),
                r.parentId === null ? null : Number(done.get(String(r.parentId))),
                text(r.title).trim() || text(r.option),
                orNull(r.message),
                forward ? "queue" : "text",
                forward ? Number(forward) : null,
              ],
            );
            return [ins[0]!.id];
          },
          (row, reason) => ctx.report.skip("chatbot options", row.id as number, reason),
        );
        if (made[0] !== undefined) {
          done.set(String(r.id), String(made[0]));
          await ctx.maps.put(c, ctx.companyId, "chatbot", [[r.id as number, made[0]]]);
          ctx.report.imported("chatbot options");
        }
      }
    }
    for (const r of pending) ctx.report.skip("chatbot options", r.id as number, "its parent option was not imported");
  });
}

async function importUserQueues(ctx: ImportContext): Promise<void> {
  if (!hasTable(ctx.schema, "UserQueues")) return;
  const where = companyWhere(ctx, "u");
  const { rows } = await ctx.src.query<{ userId: number; queueId: number }>(
    `SELECT uq."userId", uq."queueId" FROM "UserQueues" uq JOIN "Users" u ON u."id" = uq."userId" WHERE ${where.sql}`,
    where.values,
  );
  await ctx.target.batch(async (c) => {
    const users = await ctx.maps.all(c, ctx.companyId, "user");
    const queues = await ctx.maps.all(c, ctx.companyId, "queue");
    const pairs = rows
      .map((r) => [users.get(String(r.userId)), queues.get(String(r.queueId))])
      .filter((p): p is [string, string] => p[0] !== undefined && p[1] !== undefined);
    const { rowCount } = await c.query(
      `INSERT INTO user_queues (user_id, queue_id, company_id)
       SELECT u, q, $1 FROM unnest($2::int[], $3::int[]) AS t(u, q)
       JOIN users ON users.id = t.u AND users.company_id = $1
       ON CONFLICT DO NOTHING`,
      [ctx.companyId, pairs.map((p) => Number(p[0])), pairs.map((p) => Number(p[1]))],
    );
    ctx.report.imported("user queues", rowCount ?? 0);
  });
}

export async function importConnections(ctx: ImportContext): Promise<void> {
  const s = ctx.schema;
  const t = "Whatsapps";
  const cols = [
    `x."name"`,
    `x."isDefault"`,
    pick(s, t, "x", "greetingMessage"),
    pickFirst(s, t, "x", ["farewellMessage", "complationMessage"], "farewellMessage"),
    pick(s, t, "x", "outOfHoursMessage"),
    pick(s, t, "x", "ratingMessage"),
    pick(s, t, "x", "token"),
    pick(s, t, "x", "channel", "'whatsapp'"),
    // Cloud API columns as the SaaS forks that have them name them (Ticketz has none).
    pickFirst(s, t, "x", ["phoneNumberId", "phone_number_id"], "phoneNumberId"),
    pickFirst(s, t, "x", ["accessToken", "metaAccessToken", "send_token"], "accessToken"),
    pickFirst(s, t, "x", ["businessAccountId", "wabaId", "waba_id", "metaBusinessAccountId"], "businessAccountId"),
    pickFirst(s, t, "x", ["verifyToken", "webhookVerifyToken"], "verifyToken"),
    pickFirst(s, t, "x", ["appSecret"], "appSecret"),
  ];
  for await (const rows of companyRows(ctx, t, cols)) {
    await ctx.target.batch(async (c) => {
      const known = await ctx.maps.get(
        c,
        ctx.companyId,
        "connection",
        rows.map((r) => r.id as number),
      );
      const { rows: same } = await c.query<{ id: number; name: string }>(
        "SELECT id, name FROM whatsapps WHERE company_id = $1 AND name = ANY($2::text[])",
        [ctx.companyId, rows.map((r) => text(r.name).trim())],
      );
      const byName = new Map(same.map((w) => [w.name, w.id]));
      const links: [number, number][] = [];
      const toInsert: Row[] = [];
      for (const r of rows) {
        const name = text(r.name).trim();
        if (known.has(String(r.id))) ctx.report.existing("connections");
        else if (!name) ctx.report.skip("connections", r.id as number, "no name");
        else if (byName.has(name)) links.push([r.id as number, byName.get(name)!]);
        else toInsert.push(r);
      }
      const cloudIds: number[] = [];
      const made = await insertSafely(
        c,
        toInsert,
        async (batch) => {
          const out: [number, number][] = [];
          for (const r of batch) {
            const cloud = Boolean(orNull(r.phoneNumberId) && orNull(r.accessToken));
            const source = text(r.channel) || "whatsapp";
            const channel = cloud
              ? "whatsappapi"
              : source === "facebook" || source === "instagram"
                ? source
                : "whatsapp";
            if (channel === "whatsapp")
              ctx.report.note("connections", "WhatsApp-by-QR connection imported disconnected: pair it again");
            if (channel === "facebook" || channel === "instagram")
              ctx.report.note("connections", `${channel} connection imported without its page token: connect it again`);
            const { rows: ins } = await c.query<{ id: number }>(
              `INSERT INTO whatsapps (company_id, name, channel, status, greeting_message, farewell_message,
                 out_of_hours_message, rating_message, token, phone_number_id, access_token, business_account_id,
                 verify_token, app_secret)
               VALUES ($1, $2, $3, 'DISCONNECTED', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
              [
                ctx.companyId,
                text(r.name).trim(),
                channel,
                orNull(r.greetingMessage),
                orNull(r.farewellMessage),
                orNull(r.outOfHoursMessage),
                orNull(r.ratingMessage),
                orNull(r.token) ?? generateConnectionToken(),
                cloud ? orNull(r.phoneNumberId) : null,
                cloud ? orNull(r.accessToken) : null,
                cloud ? orNull(r.businessAccountId) : null,
                cloud ? orNull(r.verifyToken) : null,
                cloud ? orNull(r.appSecret) : null,
              ],
            );
            if (cloud) cloudIds.push(ins[0]!.id);
            out.push([r.id as number, ins[0]!.id]);
          }
          return out;
        },
        (r, reason) => ctx.report.skip("connections", r.id as number, reason),
      );
      await ctx.maps.put(c, ctx.companyId, "connection", [...links, ...made]);
      ctx.report.linked("connections", links.length);
      ctx.report.imported("connections", made.length);
      // The source's default becomes this company's default when it has none yet.
      const defaults = made.filter(([old]) => rows.find((r) => r.id === old)?.isDefault).map(([, id]) => id);
      if (defaults[0] !== undefined) {
        await c.query(
          `UPDATE whatsapps SET is_default = true WHERE company_id = $1 AND id = $2
             AND NOT EXISTS (SELECT 1 FROM whatsapps d WHERE d.company_id = $1 AND d.is_default)`,
          [ctx.companyId, defaults[0]],
        );
      }
      // The channel worker takes up connections it does not hold when told (a Cloud API one checks its token).
      for (const id of cloudIds) await c.query("SELECT pg_notify($1, $2)", [OUTBOUND_CHANNEL, String(id)]);
    });
  }
  await importConnectionQueues(ctx);
  await importUserConnections(ctx);
}

/** A user's default connection (Users.whatsappId, where the version has it), for users that have none here yet. */
async function importUserConnections(ctx: ImportContext): Promise<void> {
  if (!hasColumn(ctx.schema, "Users", "whatsappId")) return;
  const where = companyWhere(ctx);
  const { rows } = await ctx.src.query<{ id: number; whatsappId: number }>(
    `SELECT x."id", x."whatsappId" FROM "Users" x WHERE ${where.sql} AND x."whatsappId" IS NOT NULL`,
    where.values,
  );
  if (rows.length === 0) return;
  await ctx.target.batch(async (c) => {
    const users = await ctx.maps.all(c, ctx.companyId, "user");
    const conns = await ctx.maps.all(c, ctx.companyId, "connection");
    const pairs = rows
      .map((r) => [users.get(String(r.id)), conns.get(String(r.whatsappId))])
      .filter((p): p is [string, string] => p[0] !== undefined && p[1] !== undefined);
    await c.query(
      `UPDATE users u SET whatsapp_id = t.w FROM unnest($2::int[], $3::int[]) AS t(u, w)
       WHERE u.id = t.u AND u.company_id = $1 AND u.whatsapp_id IS NULL`,
      [ctx.companyId, pairs.map((p) => Number(p[0])), pairs.map((p) => Number(p[1]))],
    );
  });
}

async function importConnectionQueues(ctx: ImportContext): Promise<void> {
  if (!hasTable(ctx.schema, "WhatsappQueues")) return;
  const where = companyWhere(ctx, "w");
  const { rows } = await ctx.src.query<{ whatsappId: number; queueId: number }>(
    `SELECT wq."whatsappId", wq."queueId" FROM "WhatsappQueues" wq JOIN "Whatsapps" w ON w."id" = wq."whatsappId"
     WHERE ${where.sql}`,
    where.values,
  );
  await ctx.target.batch(async (c) => {
    const conns = await ctx.maps.all(c, ctx.companyId, "connection");
    const queues = await ctx.maps.all(c, ctx.companyId, "queue");
    const pairs = rows
      .map((r) => [conns.get(String(r.whatsappId)), queues.get(String(r.queueId))])
      .filter((p): p is [string, string] => p[0] !== undefined && p[1] !== undefined);
    const { rowCount } = await c.query(
      `INSERT INTO whatsapp_queues (whatsapp_id, queue_id, company_id)
       SELECT w, q, $1 FROM unnest($2::int[], $3::int[]) AS t(w, q)
       JOIN whatsapps ON whatsapps.id = t.w AND whatsapps.company_id = $1
       ON CONFLICT DO NOTHING`,
      [ctx.companyId, pairs.map((p) => Number(p[0])), pairs.map((p) => Number(p[1]))],
    );
    ctx.report.imported("connection queues", rowCount ?? 0);
  });
}

export async function importTags(ctx: ImportContext): Promise<void> {
  if (!hasTable(ctx.schema, "Tags")) return;
  const cols = [`x."name"`, `x."color"`, pick(ctx.schema, "Tags", "x", "kanban", "0")];
  for await (const rows of companyRows(ctx, "Tags", cols)) {
    await ctx.target.batch(async (c) => {
      const known = await ctx.maps.get(
        c,
        ctx.companyId,
        "tag",
        rows.map((r) => r.id as number),
      );
      const { rows: same } = await c.query<{ id: number; name: string }>(
        "SELECT id, name FROM tags WHERE company_id = $1 AND name = ANY($2::text[])",
        [ctx.companyId, rows.map((r) => text(r.name).trim())],
      );
      const byName = new Map(same.map((t) => [t.name, t.id]));
      const links: [number, number][] = [];
      const toInsert: Row[] = [];
      for (const r of rows) {
        const name = text(r.name).trim();
        if (known.has(String(r.id))) ctx.report.existing("tags");
        else if (!name) ctx.report.skip("tags", r.id as number, "no name");
        else if (byName.has(name)) links.push([r.id as number, byName.get(name)!]);
        else toInsert.push(r);
      }
      const made = await insertSafely(
        c,
        toInsert,
        async (batch) => {
          const out: [number, number][] = [];
          for (const r of batch) {
            const { rows: ins } = await c.query<{ id: number }>(
              "INSERT INTO tags (company_id, name, color, kanban) VALUES ($1, $2, COALESCE($3, '#A4CCCC'), $4) RETURNING id",
              [ctx.companyId, text(r.name).trim(), orNull(r.color), Number(r.kanban) ? 1 : 0],
            );
            out.push([r.id as number, ins[0]!.id]);
          }
          return out;
        },
        (r, reason) => ctx.report.skip("tags", r.id as number, reason),
      );
      await ctx.maps.put(c, ctx.companyId, "tag", [...links, ...made]);
      ctx.report.linked("tags", links.length);
      ctx.report.imported("tags", made.length);
    });
  }
}

/** The source's settings that Chat-flow also has, with a value it accepts (spec 2 §9's list), take their values. */
export async function importSettings(ctx: ImportContext): Promise<void> {
  if (!hasTable(ctx.schema, "Settings")) return;
  const where = hasColumn(ctx.schema, "Settings", "companyId") ? companyWhere(ctx) : { sql: "true", values: [] };
  const { rows } = await ctx.src.query<{ key: string; value: string }>(
    `SELECT x."key", x."value" FROM "Settings" x WHERE ${where.sql} ORDER BY x."key"`,
    where.values,
  );
  await ctx.target.batch(async (c: pg.ClientBase) => {
    for (const r of rows) {
      if (!isCompanySettingKey(r.key)) {
        ctx.report.skip("settings", r.key, "Chat-flow has no such setting");
        continue;
      }
      const problem = companySettingValueError(r.key, r.value);
      if (problem) {
        ctx.report.skip("settings", r.key, `value not accepted (${problem})`);
        continue;
      }
      await setCompanySetting(c, ctx.companyId, r.key, r.value);
      ctx.report.imported("settings");
    }
  });
}
