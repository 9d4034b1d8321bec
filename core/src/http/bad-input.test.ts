// Bad input answers 4xx with the error body, through the real core (issue 7): ids out of
// range, NUL bytes, impossible dates, forged cursors, oversized, mis-encoded and truncated
// bodies. Each one writes nothing and logs no stack (no error line reaches the log).
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import express from "express";
import { describe, expect, it } from "vitest";
import { captureLogs } from "../kernel/logger.ts";
import { buildContact, buildTicket, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { errorHandler } from "./error-handler.ts";

const core = coreForFile();
const BIG = 3_000_000_000;
const w = forFile(async () => {
  const token = (await core.login("admin@chatflow.local", "chatflow")).token;
  const pool = core.db.pool;
  const wa = await buildWhatsapp(pool, { companyId: 1 });
  const contact = await buildContact(pool, { companyId: 1 });
  const ticketId = (
    await buildTicket(pool, { companyId: 1, contactId: contact.id, whatsappId: wa.id, status: "open", userId: 1 })
  ).id;
  return { token, ticketId };
});
forFile(captureLogs, {
  stop(logs) {
    try {
      // None of these requests is an outage: no error line, no stack, reached the log.
      expect(logs.lines.filter((l) => l.level === "error" || l.err)).toEqual([]);
    } finally {
      logs.restore();
    }
  },
});

const TABLES = ["contacts", "tickets", "messages", "queues", "tags", "ticket_notes", "users", "companies"];

/** Row counts of the tables a refused request could have written to. */
async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = (await core.db.pool.query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n;
  return out;
}

/** Calls the API and expects a 4xx with the error body. */
async function refused(method: string, url: string, body?: unknown, status = 400, code = "ERR_VALIDATION") {
  const res = await core.api(method, url, { token: w.token, body });
  expect(res.status, `${method} ${url}`).toBe(status);
  expect(res.body.error, `${method} ${url}`).toBe(code);
  return res;
}

/** A raw request with the caller's token. */
function raw(url: string, headers: Record<string, string>, body: BodyInit) {
  return fetch(`${core.url}${url}`, {
    method: "POST",
    headers: { authorization: `Bearer ${w.token}`, ...headers },
    body,
  });
}

describe("#input ids", () => {
  it("answers 400 ERR_VALIDATION for ids above 2^31 in paths, queries and bodies", async () => {
    const before = await counts();
    const res = await refused("PUT", `/tickets/${BIG}`, { status: "closed" });
    expect(res.body.message).toBe("Invalid id");
    await refused("DELETE", `/tickets/${BIG}`);
    await refused("GET", `/tickets-log/${BIG}`);
    await refused("GET", `/messages/${BIG}`);
    await refused("GET", `/contacts/${BIG}`);
    await refused("PUT", `/ticket-tags/${BIG}/${BIG}`);
    await refused("PUT", "/tickets/1e3", {});
    await refused("PUT", "/tickets/%20", {});
    await refused("GET", `/tickets?queueIds=[${BIG}]`);
    await refused("GET", `/tickets?tags=[${BIG}]`);
    await refused("GET", `/tickets?users=[${BIG}]`);
    await refused("POST", "/tickets", { contactId: BIG, queueId: BIG, whatsappId: BIG });
    await refused("POST", "/tickets/closeAll", { status: "open", selectedQueueIds: [BIG] });
    await refused("POST", "/tags/sync", { contactId: BIG, tags: [{ id: BIG }] });
    await refused("POST", "/ticket-notes", { note: "nota", ticketId: BIG });
    await refused("POST", "/message/forward", { messageId: "0190e0f0-0000-7000-8000-000000000000", contactId: BIG });
    expect(await counts()).toEqual(before);
  });

  it("answers 400 for a signup planId above 2^31, without a session", async () => {
    const before = await counts();
    const res = await core.api("POST", "/auth/signup", {
      body: {
        name: "Owner",
        email: "owner-big@example.com",
        password: "secret-1",
        phone: "5511999990000",
        companyName: "Big Plan",
        planId: BIG,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.fields.planId).toBe("Obrigatório");
    expect(await counts()).toEqual(before);
  });
});

describe("#input NUL bytes", () => {
  it("refuses a NUL in any text field of a JSON body, query string, path or multipart field", async () => {
    const before = await counts();
    const nul = (res: { body: { message: string } }) =>
      expect(res.body.message).toBe("Text must not contain NUL characters");
    nul(await refused("POST", "/contacts", { name: "An\u0000a", number: "5511988887777" }));
    nul(await refused("POST", "/queue", { name: "q\u0000", color: "#0a0b0c" }));
    nul(await refused("POST", "/tags", { name: "vip\u0000" }));
    nul(await refused("POST", `/messages/${w.ticketId}`, { body: "oi\u0000" }));
    nul(await refused("PUT", `/tickets/${w.ticketId}`, { msgTransfer: "x", nested: { deep: ["a\u0000"] } }));
    nul(await refused("GET", "/tickets?searchParam=a%00b"));
    nul(await refused("GET", "/contacts?searchParam=%00"));
    nul(await refused("GET", "/contacts/profile/55%0011"));
    const form = new FormData();
    form.append("body", "legenda\u0000");
    form.append("medias", new Blob(["abc"], { type: "text/plain" }), "a.txt");
    const multipart = await raw(`/messages/${w.ticketId}`, {}, form);
    expect(multipart.status).toBe(400);
    expect((await multipart.json()).fields).toEqual({ body: "Text must not contain NUL characters" });
    expect(await counts()).toEqual(before);
  });
});

describe("#input dates and cursors", () => {
  it("refuses impossible dates", async () => {
    await refused("GET", "/tickets?date=2026-02-30");
    await refused("GET", "/tickets?updatedAt=2025-02-29");
    await refused("GET", "/messages-allMe?dateStart=2026-02-30&dateEnd=2026-03-31");
    expect((await core.api("GET", "/tickets?date=2024-02-29", { token: w.token })).status).toBe(200);
  });

  it("refuses a forged or tampered /tickets cursor and a malformed /messages cursor with 400", async () => {
    const pool = core.db.pool;
    const wa = await buildWhatsapp(pool, { companyId: 1 });
    for (let i = 0; i < 41; i++) {
      const c = await buildContact(pool, { companyId: 1 });
      await buildTicket(pool, { companyId: 1, contactId: c.id, whatsappId: wa.id, status: "closed", userId: 1 });
    }
    const page = await core.api("GET", "/tickets?status=closed&showAll=true", { token: w.token });
    expect(page.status).toBe(200);
    const cursor: string = page.body.nextCursor;
    expect(cursor).toBeTruthy();
    expect(
      (await core.api("GET", `/tickets?status=closed&showAll=true&cursor=${cursor}`, { token: w.token })).status,
    ).toBe(200);

    const parts = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    const forge = (at: number, v: unknown) => {
      const p = [...parts];
      p[at] = v;
      return Buffer.from(JSON.stringify(p)).toString("base64url");
    };
    for (const forged of [
      "abc",
      Buffer.from("null").toString("base64url"),
      forge(3, "2026-13-45 99:99:99+00"),
      forge(3, "2026-02-30 10:00:00+00"),
      forge(3, "0000-01-01 00:00:00+00"),
      forge(4, 1e300),
      forge(4, BIG),
      forge(2, 1e12),
    ]) {
      await refused("GET", `/tickets?status=closed&showAll=true&cursor=${forged}`);
    }
    await refused("GET", `/messages/${w.ticketId}?cursor=zzz`);
    await refused("GET", `/messages/${w.ticketId}?cursor=${"1".repeat(5000)}`);
  });
});

describe("#input transport", () => {
  it("answers 413 to a 12 MB JSON body, compressed or not, and writes nothing", async () => {
    const before = await counts();
    const big = JSON.stringify({ name: "x".repeat(12 * 1024 * 1024), number: "5511977776666" });
    const plain = await raw("/contacts", { "content-type": "application/json" }, big);
    expect(plain.status).toBe(413);
    expect((await plain.json()).error).toBe("ERR_PAYLOAD_TOO_LARGE");
    const gz = await raw(
      "/contacts",
      { "content-type": "application/json", "content-encoding": "gzip" },
      gzipSync(big),
    );
    expect(gz.status).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it("reads gzip bodies and answers 400 to corrupt ones and 415 to unknown encodings or charsets", async () => {
    const json = { "content-type": "application/json" };
    const ok = await raw(
      "/contacts",
      { ...json, "content-encoding": "gzip" },
      gzipSync(JSON.stringify({ name: "Gzip", number: "5511966665555" })),
    );
    expect(ok.status).toBe(200);
    const before = await counts();
    for (const encoding of ["gzip", "deflate", "br"]) {
      const res = await raw("/contacts", { ...json, "content-encoding": encoding }, "not compressed at all");
      expect(res.status, encoding).toBe(400);
      expect((await res.json()).error).toBe("ERR_VALIDATION");
    }
    const unknown = await raw("/contacts", { ...json, "content-encoding": "x-klingon" }, "{}");
    expect(unknown.status).toBe(415);
    expect((await unknown.json()).error).toBe("ERR_UNSUPPORTED_MEDIA_TYPE");
    const charset = await raw("/contacts", { "content-type": "application/json; charset=klingon" }, "{}");
    expect(charset.status).toBe(415);
    expect(await counts()).toEqual(before);
  });

  it("answers 400 to truncated multipart bodies on the upload routes", async () => {
    const before = await counts();
    const truncated = (field: string) =>
      `--XB\r\nContent-Disposition: form-data; name="body"\r\n\r\nhello\r\n--XB\r\n` +
      `Content-Disposition: form-data; name="${field}"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nabc`;
    const type = { "content-type": "multipart/form-data; boundary=XB" };
    for (const [url, field] of [
      [`/messages/${w.ticketId}`, "medias"],
      ["/contacts/upload", "file"],
      ["/users/1/media-upload", "profileImage"],
    ] as const) {
      const res = await raw(url, type, truncated(field));
      expect(res.status, url).toBe(400);
      expect((await res.json()).error).toBe("ERR_VALIDATION");
    }
    expect(await counts()).toEqual(before);
  });
});

describe("#input database data errors", () => {
  it("answers 400 ERR_VALIDATION for PostgreSQL's data exceptions, logged as a warning without stack", async () => {
    const logs = captureLogs();
    const sql = [
      "SELECT 'x'::int",
      "SELECT 3000000000::int",
      "SELECT '2026-02-30'::date",
      "SELECT E'a\\\\000'::text::int",
    ];
    const app = express();
    app.get("/:i", async (req) => {
      await core.db.pool.query(sql[Number(req.params.i)]!);
    });
    app.use(errorHandler);
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      for (const i of [0, 1, 2]) {
        const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/${i}`);
        expect(res.status, sql[i]).toBe(400);
        expect((await res.json()).error).toBe("ERR_VALIDATION");
      }
    } finally {
      server.close();
    }
    logs.restore();
    const warnings = logs.lines.filter((l) => l.msg === "input refused by PostgreSQL");
    expect(warnings).toHaveLength(3);
    for (const line of warnings) expect(line).toMatchObject({ level: "warn", method: "GET" });
    for (const line of warnings) expect(JSON.stringify(line)).not.toContain("    at ");
  });
});
