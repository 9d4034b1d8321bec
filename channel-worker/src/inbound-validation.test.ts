// Cloud API webhook input (issue 7): each message is checked on its own with the
// contract's schema, so a bad one is skipped and the good ones of the same delivery kept;
// bodies that are not a delivery answer 400, signed or not, and write nothing.
import { createHmac } from "node:crypto";
import { gzipSync } from "node:zlib";
import { captureLogs } from "@chatflow/core/kernel/logger.ts";
import { buildCompany, buildWhatsapp } from "@chatflow/core/testing/factories.ts";
import { coreForFile } from "@chatflow/core/testing/test-world.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cloudDelivery, postSigned } from "./testing/cloud-webhook.ts";

const core = coreForFile();

const APP_SECRET = "validation-app-secret";
let seq = 0;
let logs: ReturnType<typeof captureLogs>;

beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => {
  logs.restore();
  // Bad input is not an outage: no error line, no stack, reaches the log (the error handler logs a 500 there).
  expect(logs.lines.filter((l) => l.level === "error" || l.err)).toEqual([]);
});

async function cloudConnection() {
  const company = await buildCompany(core.db.pool);
  const phoneNumberId = `88${Date.now() % 1_000_000}${++seq}`;
  const wa = await buildWhatsapp(core.db.pool, { companyId: company.id, phoneNumberId, appSecret: APP_SECRET });
  return { companyId: company.id, whatsappId: wa.id, phoneNumberId };
}

const text = (from: string, id: string | undefined, body: string) => ({
  from,
  ...(id === undefined ? {} : { id }),
  timestamp: "1718000000",
  type: "text",
  text: { body },
});

/** Posts a raw body, signed with the app secret or not. */
async function postRaw(raw: string, signed: boolean) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (signed) headers["x-hub-signature-256"] = `sha256=${createHmac("sha256", APP_SECRET).update(raw).digest("hex")}`;
  const res = await fetch(`${core.url}/webhooks/whatsapp`, { method: "POST", headers, body: raw });
  return { status: res.status, body: await res.json() };
}

async function stored(companyId: number) {
  const { rows } = await core.db.pool.query(
    `SELECT m.remote_id, m.body, ct.number FROM messages m JOIN contacts ct ON ct.id = m.contact_id
     WHERE m.company_id = $1 ORDER BY m.remote_id`,
    [companyId],
  );
  return rows;
}

async function totalMessages() {
  return (await core.db.pool.query("SELECT count(*)::int AS n FROM messages")).rows[0].n as number;
}

describe("#webhooks.whatsapp input", () => {
  it("answers 400 to null, arrays, non-objects and malformed JSON, signed or not, and writes nothing", async () => {
    await cloudConnection();
    const before = await totalMessages();
    for (const raw of ["null", "[]", "[{}]", "42", '"text"', "true", "{nope", "", '{"entry":{"changes":[]}}']) {
      for (const signed of [true, false]) {
        const res = await postRaw(raw, signed);
        expect(res.status, `${raw} signed=${signed}`).toBe(400);
        expect(res.body.error).toBe("ERR_VALIDATION");
      }
    }
    expect(await totalMessages()).toBe(before);
  });

  it("skips each message that cannot be stored, keeps the others (those it cannot read as unsupported), once across replays", async () => {
    const c = await cloudConnection();
    const payload = cloudDelivery(c.phoneNumberId, {
      contacts: [{ profile: { name: "Ana" }, wa_id: "5511911110001" }, { wa_id: "<script>" }],
      messages: [
        text("5511911110001", "wamid.GOOD1", "primeira"),
        text("5511911110001", undefined, "sem id"),
        text("<script>alert(1)</script>", "wamid.XSS", "from forjado"),
        text("5511911110001", "w".repeat(100_000), "id enorme"),
        text("5511911110001", "wamid.NUL", "nul \u0000 aqui"),
        { ...text("5511911110001", "wamid.TYPE", "?"), type: "teleport" },
        null,
        "not a message",
        text("5511911110002", "wamid.GOOD2", "segunda"),
      ],
    });
    for (let i = 0; i < 3; i++) {
      const res = await postSigned(core.url, payload, APP_SECRET);
      expect(res.status).toBe(200);
    }
    // A NUL or an unknown type is no reason to lose what the contact sent: kept as unsupported, without its text
    // (decision 0092); without an id or a sender, or with an id past its length, nothing can be stored.
    expect(await stored(c.companyId)).toEqual([
      { remote_id: "wamid.GOOD1", body: "primeira", number: "5511911110001" },
      { remote_id: "wamid.GOOD2", body: "segunda", number: "5511911110002" },
      { remote_id: "wamid.NUL", body: "", number: "5511911110001" },
      { remote_id: "wamid.TYPE", body: "", number: "5511911110001" },
    ]);
    const kinds = await core.db.pool.query(
      `SELECT remote_id, media_type, data_json->>'rawType' AS raw FROM messages WHERE company_id = $1
       AND remote_id IN ('wamid.NUL', 'wamid.TYPE') ORDER BY remote_id`,
      [c.companyId],
    );
    expect(kinds.rows).toEqual([
      { remote_id: "wamid.NUL", media_type: "unsupported", raw: "text" },
      { remote_id: "wamid.TYPE", media_type: "unsupported", raw: "teleport" },
    ]);
    const { rows } = await core.db.pool.query("SELECT number FROM contacts WHERE company_id = $1 ORDER BY number", [
      c.companyId,
    ]);
    expect(rows.map((r) => r.number)).toEqual(["5511911110001", "5511911110002"]);
    // Five messages that cannot be stored and one bad contact per delivery, each logged as skipped.
    const warned = (msg: string, what: string) =>
      logs.lines.filter((l) => l.level === "warn" && l.msg === msg && l.what === what).length;
    expect(warned("whatsapp webhook: skipped", "message")).toBe(5 * 3);
    expect(warned("whatsapp webhook: kept as unsupported", "message")).toBe(3);
  });

  it("skips a malformed entry or change and keeps the others", async () => {
    const c = await cloudConnection();
    const good = cloudDelivery(c.phoneNumberId, { messages: [text("5511911110003", "wamid.ENTRY1", "ok")] });
    const payload = {
      ...good,
      entry: [
        null,
        { changes: "nope" },
        { changes: [null, { value: { metadata: { phone_number_id: "<x>" } } }] },
        ...good.entry,
      ],
    };
    expect((await postSigned(core.url, payload, APP_SECRET)).status).toBe(200);
    expect(await stored(c.companyId)).toEqual([{ remote_id: "wamid.ENTRY1", body: "ok", number: "5511911110003" }]);
    // Each bad entry or change is logged as skipped, never silently.
    expect(logs.lines.filter((l) => l.msg === "whatsapp webhook: skipped").length).toBeGreaterThanOrEqual(3);
  });

  it("answers a plain delivery and a gzip one alike, with the same headers, and refuses a forged or oversized one", async () => {
    const c = await cloudConnection();
    const post = async (body: Buffer, headers: Record<string, string>, secret = APP_SECRET, signed = body) => {
      const signature = `sha256=${createHmac("sha256", secret).update(signed).digest("hex")}`;
      return fetch(`${core.url}/webhooks/whatsapp`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-hub-signature-256": signature, ...headers },
        body: new Uint8Array(body),
      });
    };
    const delivery = (id: string) =>
      Buffer.from(JSON.stringify(cloudDelivery(c.phoneNumberId, { messages: [text("5511911110004", id, id)] })));
    // Plain: read as it is (the fast path). Gzip: the general parser inflates it, and the signature is the raw JSON's.
    const plain = await post(delivery("wamid.PLAIN"), {});
    const gzipped = await post(
      gzipSync(delivery("wamid.GZIP")),
      { "content-encoding": "gzip" },
      APP_SECRET,
      delivery("wamid.GZIP"),
    );
    for (const res of [plain, gzipped]) {
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true });
      expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(res.headers.get("vary")).toBe("Accept-Encoding");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
    expect((await stored(c.companyId)).map((r) => r.remote_id)).toEqual(["wamid.GZIP", "wamid.PLAIN"]);

    const forged = await post(delivery("wamid.FORGED"), {}, "not-the-secret");
    expect(forged.status).toBe(401);
    expect((await forged.json()).error).toBe("ERR_INVALID_SIGNATURE");
    expect(forged.headers.get("x-content-type-options")).toBe("nosniff");
    const huge = await post(Buffer.alloc(5 * 1024 * 1024 + 1, 32), {});
    expect(huge.status).toBe(413);
    expect((await stored(c.companyId)).map((r) => r.remote_id)).toEqual(["wamid.GZIP", "wamid.PLAIN"]);
  });
});
