// Tenant isolation: a second company, signed up through the API, walks every
// route with the first company's ids. Each answers 404 (or, for lists, leaves
// the other company out), and nothing of the first company is read or changed.
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { buildContact, buildQueue, buildTicket, buildUser, buildWhatsapp } from "./testing/factories.ts";
import { useTestCore } from "./testing/use-test-core.ts";

const core = useTestCore();
let tokenB: string;
const a = {} as {
  queueId: number;
  whatsappId: number;
  contactId: number;
  contactNumber: string;
  ticketId: number;
  ticketUuid: string;
  pendingTicketId: number;
  closedTicketId: number;
  messageId: string;
  tagId: number;
  noteId: number;
  userId: number;
};

// A 1x1 PNG: the upload must get past the image check to reach the user lookup.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);

const TABLES = [
  "queues",
  "whatsapps",
  "contacts",
  "tickets",
  "messages",
  "tags",
  "ticket_tags",
  "contact_tags",
  "ticket_notes",
  "users",
  "settings",
];

async function snapshot(companyId: number): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of TABLES) {
    const { rows } = await core.db.pool.query(`SELECT to_jsonb(x) AS r FROM ${t} x WHERE company_id = $1 ORDER BY 1`, [
      companyId,
    ]);
    out[t] = rows.map((r) => r.r).sort((p, q) => JSON.stringify(p).localeCompare(JSON.stringify(q)));
  }
  return out;
}

beforeAll(async () => {
  const pool = core.db.pool;
  a.queueId = (await buildQueue(pool, { companyId: 1 })).id;
  a.whatsappId = (await buildWhatsapp(pool, { companyId: 1, phoneNumberId: "1111", accessToken: "t" })).id;
  a.contactNumber = "5511911112222";
  a.contactId = (await buildContact(pool, { companyId: 1, number: a.contactNumber })).id;
  const ticket = await buildTicket(pool, {
    companyId: 1,
    contactId: a.contactId,
    whatsappId: a.whatsappId,
    queueId: a.queueId,
    status: "open",
    userId: 1,
  });
  a.ticketId = ticket.id;
  a.ticketUuid = ticket.uuid;
  // One ticket per state the PUT bodies below act on: accept (pending) and reopen (closed).
  const waiting = await buildContact(pool, { companyId: 1 });
  a.pendingTicketId = (
    await buildTicket(pool, { companyId: 1, contactId: waiting.id, whatsappId: a.whatsappId, queueId: a.queueId })
  ).id;
  a.closedTicketId = (
    await buildTicket(pool, {
      companyId: 1,
      contactId: a.contactId,
      whatsappId: a.whatsappId,
      queueId: a.queueId,
      status: "closed",
      userId: 1,
    })
  ).id;
  a.messageId = randomUUID();
  await pool.query(
    `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, user_id, body, from_me)
     VALUES ($1, 1, $2, $3, $4, 1, 'segredo da empresa 1', true)`,
    [a.messageId, a.ticketId, a.contactId, a.whatsappId],
  );
  a.tagId = (await pool.query("INSERT INTO tags (company_id, name) VALUES (1, 'vip') RETURNING id")).rows[0].id;
  await pool.query("INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES ($1, $2, 1)", [a.ticketId, a.tagId]);
  // Company 1's quick messages (the sync server's projection of its document).
  await pool.query(
    "INSERT INTO quick_messages (company_id, item_id, shortcode, message) VALUES (1, 'qm-1', 'vip-preco', 'segredo da empresa 1')",
  );
  await pool.query("INSERT INTO contact_tags (contact_id, tag_id, company_id) VALUES ($1, $2, 1)", [
    a.contactId,
    a.tagId,
  ]);
  a.noteId = (
    await pool.query(
      "INSERT INTO ticket_notes (company_id, ticket_id, contact_id, user_id, note) VALUES (1, $1, $2, 1, 'nota') RETURNING id",
      [a.ticketId, a.contactId],
    )
  ).rows[0].id;
  a.userId = (await buildUser(pool, { companyId: 1, profile: "user" })).id;

  const plans = await core.api("GET", "/plans/list");
  expect(plans.status).toBe(200);
  const email = `owner-${randomUUID().slice(0, 8)}@company-b.test`;
  const signup = await core.api("POST", "/auth/signup", {
    body: {
      name: "Owner B",
      email,
      password: "Secret-b1",
      phone: "5511999990000",
      companyName: "Company B",
      planId: plans.body[0].id,
    },
  });
  expect(signup.status).toBeLessThan(300);
  tokenB = (await core.login(email, "Secret-b1")).token;
});

describe("tenant isolation", () => {
  it("answers 404 for every route given another company's ids, and changes nothing", async () => {
    const before = await snapshot(1);
    const t = a.ticketId;
    const notFound: [string, string, unknown?][] = [
      ["GET", `/tickets/u/${a.ticketUuid}`],
      ["PUT", `/tickets/${t}`, { status: "closed" }],
      ["PUT", `/tickets/${t}`, { status: "pending" }],
      ["PUT", `/tickets/${a.pendingTicketId}`, { status: "open" }],
      ["PUT", `/tickets/${t}`, { queueId: a.queueId, userId: a.userId, isTransfered: true }],
      ["PUT", `/tickets/${a.closedTicketId}`, { status: "open", queueId: a.queueId }],
      ["DELETE", `/tickets/${t}`],
      ["GET", `/tickets-log/${t}`],
      ["GET", `/messages/${t}`],
      ["POST", `/messages/${t}`, { body: "intrusion" }],
      ["POST", `/messages/edit/${a.messageId}`, { body: "edited" }],
      ["DELETE", `/messages/${a.messageId}`],
      ["GET", `/messages/transcribeAudio/${a.messageId}`],
      ["POST", "/message/forward", { messageId: a.messageId, contactId: a.contactId }],
      ["POST", `/messages/lista/${t}`, { title: "t", sections: [{ title: "s", rows: [{ title: "r" }] }] }],
      [
        "POST",
        `/messages/PIX/${t}`,
        { title: "t", sendvalue: "1", sendkey_type: "EVP", sendmerchant_name: "m", sendKey: randomUUID() },
      ],
      ["POST", `/messages/call/${t}`, { title: "t", buttonText: "Ligar", copyText: "5511999990000" }],
      ["POST", `/messages/URL/${t}`, { title: "t", buttonText: "Abrir", copyText: "https://example.com/" }],
      ["POST", `/messages/copy/${t}`, { title: "t", buttonText: "Copiar", copyText: "CUPOM10" }],
      ["GET", `/contacts/${a.contactId}`],
      ["PUT", `/contacts/${a.contactId}`, { name: "Hacked", number: "5511900000000" }],
      ["DELETE", `/contacts/${a.contactId}`],
      ["PUT", `/contacts/toggleAcceptAudio/${a.contactId}`],
      ["PUT", `/contacts/toggleDisableBot/${a.contactId}`],
      ["PUT", `/contacts/block/${a.contactId}`, { active: false }],
      ["GET", `/contactTags/${a.contactId}`],
      ["POST", "/tags/sync", { contactId: a.contactId, tags: [] }],
      ["PUT", `/ticket-tags/${t}/${a.tagId}`],
      ["DELETE", `/ticket-tags/${t}`],
      ["GET", `/tags/${a.tagId}`],
      ["PUT", `/tags/${a.tagId}`, { name: "hacked" }],
      ["DELETE", `/tags/${a.tagId}`],
      ["DELETE", `/tags-contacts/${a.tagId}/${a.contactId}`],
      ["POST", "/ticket-notes", { note: "intrusion", ticketId: t, contactId: a.contactId }],
      ["DELETE", `/ticket-notes/${a.noteId}`],
      ["GET", `/ticket-notes/list?ticketId=${t}`],
      ["GET", `/ticket-notes/list?contactId=${a.contactId}`],
      ["GET", `/ticket-notes/list?ticketId=${t}&contactId=${a.contactId}`],
      ["GET", `/contacts/profile/${a.contactNumber}`],
      ["POST", "/tickets", { contactId: a.contactId, queueId: a.queueId, whatsappId: a.whatsappId }],
      ["GET", `/users/${a.userId}`],
      ["PUT", `/users/${a.userId}`, { name: "Hacked" }],
      ["DELETE", `/users/${a.userId}`],
      ["GET", `/queue/${a.queueId}`],
      ["PUT", `/queue/${a.queueId}`, { name: "Hacked" }],
      ["DELETE", `/queue/${a.queueId}`],
      ["GET", `/whatsapp/${a.whatsappId}`],
      ["PUT", `/whatsapp/${a.whatsappId}`, { name: "Hacked" }],
      ["DELETE", `/whatsapp/${a.whatsappId}`],
      ["GET", "/companySettings/1"],
      ["GET", `/media/1/${a.messageId}.png`],
    ];
    const wrong: string[] = [];
    for (const [method, path, body] of notFound) {
      const res = await core.api(method, path, { token: tokenB, body });
      if (res.status !== 404 || !String(res.body?.error ?? "").startsWith("ERR_")) {
        wrong.push(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
      }
    }
    // The avatar upload is multipart, which api() does not send.
    const form = new FormData();
    form.append("profileImage", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "a.png");
    const upload = await fetch(`${core.url}/users/${a.userId}/media-upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokenB}` },
      body: form,
    });
    const uploaded = await upload.json();
    if (upload.status !== 404 || uploaded.error !== "ERR_NO_USER_FOUND") {
      wrong.push(`POST /users/${a.userId}/media-upload -> ${upload.status} ${JSON.stringify(uploaded)}`);
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(1)).toEqual(before);
  });

  it("closes nothing of the other company when close-all names that company's queue", async () => {
    const before = await snapshot(1);
    for (const status of ["open", "pending"]) {
      const res = await core.api("POST", "/tickets/closeAll", {
        token: tokenB,
        body: { status, selectedQueueIds: [a.queueId] },
      });
      expect(res.status, status).toBe(200);
      expect(res.body, status).toEqual({ closed: 0 });
    }
    const open = await core.db.pool.query("SELECT status FROM tickets WHERE id = ANY($1) ORDER BY id", [
      [a.ticketId, a.pendingTicketId],
    ]);
    expect(open.rows.map((r) => r.status)).toEqual(["open", "pending"]);
    expect(await snapshot(1)).toEqual(before);
  });

  it("counts only the caller's company's messages in /messages-allMe", async () => {
    const range = "dateStart=2000-01-01&dateEnd=2999-12-31";
    const theirs = await core.api("GET", `/messages-allMe?${range}`, { token: tokenB });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ count: 0 });
    // The same range counts company 1's message for its own admin: the zero above is the scoping.
    const own = await core.login("admin@chatflow.local", "chatflow");
    const mine = await core.api("GET", `/messages-allMe?${range}`, { token: own.token });
    expect(mine.body.count).toBeGreaterThanOrEqual(1);
  });

  it("leaves the other company out of every list", async () => {
    const lists = [
      "/tickets?showAll=true",
      "/tickets?showAll=true&status=open",
      `/tickets?searchParam=${a.contactNumber.slice(-6)}&showAll=true`,
      "/contacts",
      "/contacts/list",
      "/tags/list",
      "/tags",
      "/users/",
      "/users/list",
      "/queue",
      "/whatsapp",
      "/whatsapp/filter?channel=whatsappapi",
      "/messages-allMe?dateStart=2000-01-01&dateEnd=2999-12-31",
      "/quick-messages/list?companyId=1",
      "/sync/pull",
    ];
    const leaks: string[] = [];
    const secrets = [a.contactNumber, "segredo da empresa 1", a.ticketUuid, "vip"];
    for (const path of lists) {
      const res = await core.api("GET", path, { token: tokenB });
      const text = JSON.stringify(res.body);
      // A refused request shows nothing and so proves nothing: every list must answer.
      if (res.status !== 200) leaks.push(`${path} -> ${res.status}`);
      for (const s of secrets) if (text.includes(s)) leaks.push(`${path} shows ${s}`);
    }
    expect(leaks).toEqual([]);
  });
});
