// GET /messages-search (issue 21, decision 0089; issue 25, decision 0115): message text across the conversations the
// caller may see, as messages with the matched words as ranges, grouped by ticket; accents folded and Portuguese
// stems; newest or best first by cursor; scoped to the company and, for an agent, to what their list shows; LGPD;
// bounded.
import { describe, expect, it } from "vitest";
import type { Actor } from "../auth/authenticate.ts";
import { loadUserById } from "../auth/load-user.ts";
import type { AccessClaims } from "../auth/tokens.ts";
import { SEARCH_MAX_LIMIT, type SearchOrder } from "../contract/search.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { settingForTest } from "../testing/flags.ts";
import { buildInbox, buildMessage } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { type SearchBounds, searchMessages, searchQuery, WALK_BACK } from "./search-messages.ts";

const core = coreForFile();
const w = forFile(async () => {
  const s = await buildInbox(core);
  const pool = core.db.pool;
  const finance = await buildQueue(pool, { companyId: s.company.id, name: "Finance" });
  const ticket = async (o: { status: string; queueId: number | null; userId: number | null; name: string }) => {
    const contact = await buildContact(pool, { companyId: s.company.id, name: o.name });
    return buildTicket(pool, {
      companyId: s.company.id,
      contactId: contact.id,
      whatsappId: s.wa.id,
      status: o.status as "open",
      queueId: o.queueId,
      userId: o.userId,
    });
  };
  // Waiting in the agent's queue: the agent sees it.
  const waiting = await ticket({ status: "pending", queueId: s.queue.id, userId: null, name: "Paula Pix" });
  // Another queue's conversation: only the admin.
  const otherQueue = await ticket({ status: "pending", queueId: finance.id, userId: null, name: "Fabio Finance" });
  // The admin's conversation in progress, in the agent's queue: not the agent's (no allUserChat).
  const adminsWork = await ticket({ status: "open", queueId: s.queue.id, userId: s.admin.id, name: "Alice Admin" });
  const say = (ticketId: number, body: string, o: { minutesAgo?: number; fromMe?: boolean } = {}) =>
    buildMessage(pool, {
      companyId: s.company.id,
      ticketId,
      body,
      fromMe: o.fromMe ?? false,
      minutesAgo: o.minutesAgo,
    });
  const hit = await say(waiting.id, "Quero pagar com pix amanhã, pedido 12345", { minutesAgo: 3 });
  const reply = await say(waiting.id, "Pode pagar pelo PIX sim", { minutesAgo: 2, fromMe: true });
  const deleted = await say(waiting.id, "meu pix é a chave secreta 999", { minutesAgo: 1 });
  await pool.query("UPDATE messages SET is_deleted = true WHERE id = $1", [deleted.id]);
  const otherQueueHit = await say(otherQueue.id, "o pix do financeiro caiu");
  const adminsHit = await say(adminsWork.id, "pix enviado agora");
  // Issue 25: accents and stems, rank against recency, markup in the text, a contact card.
  const served = await say(waiting.id, "Os atendimentos de ontem foram concluídos", { minutesAgo: 40 });
  const servedElsewhere = await say(otherQueue.id, "atendimento do financeiro encerrado", { minutesAgo: 41 });
  const joao = await say(waiting.id, "Falei com o João sobre a troca", { minutesAgo: 39 });
  const dense = await say(waiting.id, "reembolso, reembolso: quero o reembolso", { minutesAgo: 30 });
  const sparse = await say(
    waiting.id,
    "ontem conversamos bastante sobre muitas coisas diferentes e no final do dia falamos de reembolso também",
    { minutesAgo: 29 },
  );
  const markup = await say(waiting.id, "<script>alert(1)</script> segue o boleto <b>pago</b> \u0001ok\u0002", {
    minutesAgo: 28,
  });
  const card = await say(
    waiting.id,
    "BEGIN:VCARD\nVERSION:3.0\nFN:Marta Cartao\nTEL;waid=5511987654321:+55 11 98765-4321\nEND:VCARD",
    {
      minutesAgo: 27,
    },
  );
  // Another company's conversation with the same words.
  const b = await buildCompany(pool);
  const bWa = await buildWhatsapp(pool, { companyId: b.id });
  const bContact = await buildContact(pool, { companyId: b.id, name: "Outra Empresa" });
  const bTicket = await buildTicket(pool, { companyId: b.id, contactId: bContact.id, whatsappId: bWa.id });
  await buildMessage(pool, { companyId: b.id, ticketId: bTicket.id, body: "pix segredo da outra empresa" });
  const bAdmin = await buildUser(pool, { companyId: b.id, profile: "admin" });
  const bToken = (await core.login(bAdmin.email, bAdmin.password)).token;
  return {
    ...s,
    waiting,
    otherQueue,
    adminsWork,
    hit,
    reply,
    deleted,
    otherQueueHit,
    adminsHit,
    bToken,
    served,
    servedElsewhere,
    joao,
    dense,
    sparse,
    markup,
    card,
  };
});

const search = (token: string, query: string) => core.api("GET", `/messages-search?${query}`, { token });
const ids = (body: { messages: { id: string }[] }) => body.messages.map((m) => m.id);

describe("#messages.search", () => {
  it("finds an admin every matching message of the company, newest first, as messages that open their ticket", async () => {
    const res = await search(w.adminToken, "searchParam=pix");
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([w.adminsHit.id, w.otherQueueHit.id, w.reply.id, w.hit.id]);
    expect(res.body.messages.find((m: { id: string }) => m.id === w.hit.id)).toEqual({
      id: w.hit.id,
      ticketId: w.waiting.id,
      ticketUuid: w.waiting.uuid,
      ticketStatus: "pending",
      body: "Quero pagar com pix amanhã, pedido 12345",
      fragment: "Quero pagar com pix amanhã, pedido 12345",
      highlights: [[16, 19]],
      rank: expect.any(Number),
      fromMe: false,
      isPrivate: false,
      createdAt: expect.any(String),
      contact: { id: expect.any(Number), name: "Paula Pix", urlPicture: null },
    });
    expect(res.body).toMatchObject({ hasMore: false, nextCursor: null, timedOut: false });
    // Grouped by ticket, tickets in the order of their first match.
    expect(res.body.groups.map((g: { ticketId: number; messageIds: string[] }) => [g.ticketId, g.messageIds])).toEqual([
      [w.adminsWork.id, [w.adminsHit.id]],
      [w.otherQueue.id, [w.otherQueueHit.id]],
      [w.waiting.id, [w.reply.id, w.hit.id]],
    ]);
    // A deleted message's text is never found, and another company's never shows.
    expect(JSON.stringify(res.body)).not.toContain("secreta");
    expect(JSON.stringify(res.body)).not.toContain("outra empresa");
  });

  it("finds an agent only what their list shows: not another queue's messages nor a colleague's work in progress", async () => {
    const res = await search(w.agentToken, "searchParam=pix");
    expect(res.status).toBe(200);
    expect(ids(res.body).sort()).toEqual([w.hit.id, w.reply.id].sort());
  });

  it("matches each word as the start of a word, in Portuguese (pagando and pedidos find pagar and pedido), and numbers", async () => {
    expect(ids((await search(w.adminToken, "searchParam=pagando%20pix")).body).sort()).toEqual(
      [w.hit.id, w.reply.id].sort(),
    );
    expect(ids((await search(w.adminToken, "searchParam=pedidos")).body)).toEqual([w.hit.id]);
    expect(ids((await search(w.adminToken, "searchParam=1234")).body)).toEqual([w.hit.id]);
    expect(ids((await search(w.adminToken, "searchParam=pix%20boleto")).body)).toEqual([]);
  });

  it("keeps to its bounds: 3 characters at least, a limit with hasMore, and no more than the most", async () => {
    const short = await search(w.adminToken, "searchParam=pi");
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("ERR_VALIDATION");
    const symbols = await search(w.adminToken, "searchParam=%21%21%21");
    expect(symbols.status).toBe(400);
    expect(symbols.body.error).toBe("ERR_VALIDATION");
    const missing = await search(w.adminToken, "");
    expect(missing.status).toBe(400);
    const one = await search(w.adminToken, "searchParam=pix&limit=1");
    expect(one.body.messages).toHaveLength(1);
    expect(one.body.hasMore).toBe(true);
    const tooMany = await search(w.adminToken, `searchParam=pix&limit=${SEARCH_MAX_LIMIT + 1}`);
    expect(tooMany.status).toBe(400);
  });

  it("answers another company only its own messages", async () => {
    const res = await search(w.bToken, "searchParam=pix");
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m: { body: string }) => m.body)).toEqual(["pix segredo da outra empresa"]);
  });

  it("is refused without a session", async () => {
    const res = await core.api("GET", "/messages-search?searchParam=pix");
    expect(res.status).toBe(401);
  });

  it("folds accents and stems in Portuguese: atendimento finds atendimentos, Joao finds João", async () => {
    expect(ids((await search(w.adminToken, "searchParam=atendimento")).body)).toEqual([
      w.served.id,
      w.servedElsewhere.id,
    ]);
    expect(ids((await search(w.adminToken, "searchParam=Joao")).body)).toEqual([w.joao.id]);
    expect(ids((await search(w.adminToken, "searchParam=concluidos%20ATENDIMENTOS")).body)).toEqual([w.served.id]);
    const marked = (await search(w.adminToken, "searchParam=joao")).body.messages[0];
    expect(marked.highlights.map(([a, b]: [number, number]) => marked.fragment.slice(a, b))).toEqual(["João"]);
  });

  it("shows an agent no match from a ticket of another queue, with accents folded too", async () => {
    expect(ids((await search(w.agentToken, "searchParam=atendimentos")).body)).toEqual([w.served.id]);
  });

  it("orders by rank or by recency, and pages by cursor through every match once", async () => {
    const recent = await search(w.adminToken, "searchParam=reembolso&order=recent");
    expect(ids(recent.body)).toEqual([w.sparse.id, w.dense.id]);
    const ranked = await search(w.adminToken, "searchParam=reembolso&order=rank");
    expect(ids(ranked.body)).toEqual([w.dense.id, w.sparse.id]);
    expect(ranked.body.messages[0].rank).toBeGreaterThan(ranked.body.messages[1].rank);
    for (const order of ["recent", "rank"]) {
      const all = ids((await search(w.adminToken, `searchParam=pix&order=${order}`)).body);
      const paged: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 10; i++) {
        const page: { body: { messages: { id: string }[]; nextCursor: string | null; hasMore: boolean } } =
          await search(
            w.adminToken,
            `searchParam=pix&order=${order}&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
          );
        paged.push(...ids(page.body));
        cursor = page.body.nextCursor;
        expect(page.body.hasMore).toBe(cursor !== null);
        if (!cursor) break;
      }
      expect(paged).toEqual(all);
      expect(all).toHaveLength(4);
    }
  });

  it("answers the matched words as ranges over plain text: markup in a message stays text", async () => {
    const res = await search(w.adminToken, "searchParam=boleto%20pago");
    expect(ids(res.body)).toEqual([w.markup.id]);
    const m = res.body.messages[0];
    expect(m.fragment).toBe("<script>alert(1)</script> segue o boleto <b>pago</b> \u0001ok\u0002");
    expect(m.highlights.map(([a, b]: [number, number]) => m.fragment.slice(a, b))).toEqual(["boleto", "pago"]);
  });

  it("finds a contact card for who reads whole numbers, and none for a user who reads them masked (LGPD)", async () => {
    expect(ids((await search(w.adminToken, "searchParam=5511987654321")).body)).toEqual([w.card.id]);
    expect(ids((await search(w.agentToken, "searchParam=Marta%20Cartao")).body)).toEqual([w.card.id]);
    await settingForTest(core.db.pool, w.company.id, "enableLGPD", "enabled");
    await settingForTest(core.db.pool, w.company.id, "lgpdHideNumber", "enabled");
    expect(ids((await search(w.agentToken, "searchParam=5511987654321")).body)).toEqual([]);
    expect(ids((await search(w.agentToken, "searchParam=Marta%20Cartao")).body)).toEqual([]);
    // The admin still reads whole numbers.
    expect(ids((await search(w.adminToken, "searchParam=5511987654321")).body)).toEqual([w.card.id]);
  });

  it("refuses too long a text, too many words, only stop words and a cursor it did not give, with ERR_VALIDATION", async () => {
    for (const q of [
      `searchParam=${"a".repeat(201)}`,
      "searchParam=um%20dois%20tres%20quatro%20cinco%20seis%20sete%20oito%20nove",
      "searchParam=de%20que%20para",
      "searchParam=pix&cursor=bm90LWEtY3Vyc29y",
      "searchParam=pix&order=best",
    ]) {
      const res = await search(w.adminToken, q);
      expect(res.status, q).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
    }
    // A cursor of newest-first refused for best-first.
    const first = await search(w.adminToken, "searchParam=pix&limit=1");
    const mixed = await search(
      w.adminToken,
      `searchParam=pix&order=rank&cursor=${encodeURIComponent(first.body.nextCursor)}`,
    );
    expect(mixed.status).toBe(400);
  });

  it("finds newest first a common word among the newest messages and a rare one past them alike", async () => {
    const pool = core.db.pool;
    const rare = await buildMessage(pool, {
      companyId: w.company.id,
      ticketId: w.waiting.id,
      body: "o xilofone chegou quebrado",
      minutesAgo: 5000,
    });
    // More newer messages than the search walks back through (WALK_BACK) before it asks the index.
    const newer = WALK_BACK + 200;
    await pool.query(
      `INSERT INTO messages (id, company_id, ticket_id, body, from_me, created_at, updated_at)
       SELECT gen_random_uuid(), $1, $2, 'lembrete numero ' || n, false, now() - make_interval(secs => $3 - n),
         now() - make_interval(secs => $3 - n)
       FROM generate_series(1, $3::int) n`,
      [w.company.id, w.waiting.id, newer],
    );
    expect(ids((await search(w.adminToken, "searchParam=xilofone")).body)).toEqual([rare.id]);
    expect(ids((await search(w.adminToken, "searchParam=xilofone&order=rank")).body)).toEqual([rare.id]);
    const common = await search(w.adminToken, "searchParam=lembrete&limit=3");
    expect(common.body.messages.map((m: { body: string }) => m.body)).toEqual([
      `lembrete numero ${newer}`,
      `lembrete numero ${newer - 1}`,
      `lembrete numero ${newer - 2}`,
    ]);
    expect(common.body.hasMore).toBe(true);
  });

  it("reads the accent-folding full-text index, not the whole messages table", async () => {
    const client = await core.db.pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SET LOCAL enable_seqscan = off");
      const plan = await client.query(
        "EXPLAIN SELECT m.id FROM messages m WHERE to_tsvector('portuguese_unaccent'::regconfig, m.body) @@ to_tsquery('portuguese_unaccent', $1)",
        [searchQuery("pix amanhã")],
      );
      expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("messages_search_text");
      await client.query("ROLLBACK");
    } finally {
      client.release();
    }
  });
});

// The ways a search finds its matches (decision 0124): walking back through the newest messages, testing each one's
// stored words, and the full-text index. A walk of 0 messages finds nothing, so the index answers; a long walk with a
// small window answers alone (newest first: a page of 1 among several matches; best first: a window of 2); a first
// walk of 1 message goes on to the longer walk when it found a match, to the index when not.
const walked: SearchBounds = { firstWalk: 1_000_000, walkBack: 1_000_000, rankWindow: 2 };
const walkedFurther: SearchBounds = { firstWalk: 1, walkBack: 1_000_000, rankWindow: 2 };
const indexed: SearchBounds = { firstWalk: 0, walkBack: 0, rankWindow: 2 };

async function actor(userId: number): Promise<Actor> {
  return { ...(await loadUserById(core.db.pool, w.company.id, userId))!, claims: {} as AccessClaims };
}

/** Every page of a search, one match a page, through the given bounds. */
async function allPages(who: Actor, searchParam: string, order: SearchOrder, bounds: SearchBounds) {
  const pages = [];
  let cursor: string | undefined;
  for (let i = 0; i < 20; i++) {
    const page = await searchMessages(core.db.pool, who, { searchParam, order, limit: 1, cursor }, bounds);
    pages.push(page);
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return pages;
}

describe("searchMessages: the walk back through the newest messages and the full-text index", () => {
  it("answer the same pages, newest first and best first, for an admin and for an agent", async () => {
    for (const who of [await actor(w.admin.id), await actor(w.agent.id)]) {
      for (const text of ["pix", "reembolso", "atendimentos", "boleto pago", "pedido amanhã pix"]) {
        for (const order of ["recent", "rank"] as const) {
          const byIndex = await allPages(who, text, order, indexed);
          expect(byIndex.flatMap((p) => p.messages).length, `${text} ${order}`).toBeGreaterThan(0);
          expect(await allPages(who, text, order, walked), `${text} ${order} ${who.profile}`).toEqual(byIndex);
          expect(await allPages(who, text, order, walkedFurther), `${text} ${order} ${who.profile}`).toEqual(byIndex);
        }
      }
    }
  });

  it("ranks best first only the newest matches of its window", async () => {
    const admin = await actor(w.admin.id);
    // reembolso: the dense message (30 minutes ago) outranks the sparse one (29); a window of 1 holds the newest.
    for (const bounds of [
      { firstWalk: 1_000_000, walkBack: 1_000_000, rankWindow: 1 },
      { firstWalk: 0, walkBack: 0, rankWindow: 1 },
    ]) {
      const page = await searchMessages(
        core.db.pool,
        admin,
        { searchParam: "reembolso", order: "rank", limit: 20 },
        bounds,
      );
      expect(page.messages.map((m) => m.id)).toEqual([w.sparse.id]);
    }
  });

  it("keeps each message's stored words with its text: written on insert, rewritten on an edit", async () => {
    const pool = core.db.pool;
    const admin = await actor(w.admin.id);
    const m = await buildMessage(pool, { companyId: w.company.id, ticketId: w.waiting.id, body: "Chegou a geladeira" });
    const stored = async () =>
      (
        await pool.query<{ same: boolean }>(
          `SELECT search_vector = to_tsvector('portuguese_unaccent'::regconfig, body) AS same
           FROM messages WHERE company_id = $1 AND id = $2`,
          [w.company.id, m.id],
        )
      ).rows[0]!.same;
    expect(await stored()).toBe(true);
    await pool.query("UPDATE messages SET body = 'Chegou o fogão' WHERE company_id = $1 AND id = $2", [
      w.company.id,
      m.id,
    ]);
    expect(await stored()).toBe(true);
    for (const bounds of [walked, indexed]) {
      const q = (searchParam: string) =>
        searchMessages(pool, admin, { searchParam, order: "recent", limit: 20 }, bounds).then((r) =>
          r.messages.map((x) => x.id),
        );
      expect(await q("fogao")).toEqual([m.id]);
      expect(await q("geladeira")).toEqual([]);
    }
    await pool.query("UPDATE messages SET is_deleted = true WHERE company_id = $1 AND id = $2", [w.company.id, m.id]);
  });

  it("finds and ranks messages stored before their words were (migration 0124) as it does the others", async () => {
    const pool = core.db.pool;
    const who = await actor(w.admin.id);
    const before = await allPages(who, "pix", "rank", walked);
    // As a row stored before migration 0124 is: no stored words (the trigger runs on writes of the text only).
    await pool.query("UPDATE messages SET search_vector = NULL WHERE company_id = $1", [w.company.id]);
    try {
      for (const order of ["recent", "rank"] as const) {
        for (const bounds of [walked, indexed]) {
          expect(await allPages(who, "pix", order, bounds)).toEqual(await allPages(who, "pix", order, indexed));
        }
      }
      expect(await allPages(who, "pix", "rank", walked)).toEqual(before);
    } finally {
      await pool.query("UPDATE messages SET body = body WHERE company_id = $1", [w.company.id]);
    }
    const { rows } = await pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM messages WHERE company_id = $1 AND search_vector IS NULL",
      [w.company.id],
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe("searchQuery", () => {
  it("keeps only letters and digits of each word, each as a prefix, all required", () => {
    expect(searchQuery("Pix: amanhã & 12'3")).toBe("pix:* & amanhã:* & 12:* & 3:*");
    expect(searchQuery("!!! ***")).toBeNull();
  });
});
