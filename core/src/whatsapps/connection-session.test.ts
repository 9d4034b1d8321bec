import pg from "pg";
import { describe, expect, it } from "vitest";
import { CONNECTION_SESSION_CHANNEL, type ConnectionSessionRequest } from "../contract/topics.ts";
import { IMPORT_CLOSE_READY } from "../contract/whatsapps.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { changeCount, signedIn } from "../testing/users-factories.ts";

const core = coreForFile();

/** The worker's side of the session channel: every NOTIFY in the order PostgreSQL delivers them. */
const worker = forFile(
  async () => {
    const client = new pg.Client({ connectionString: core.databaseUrl });
    await client.connect();
    const queue: string[] = [];
    const waiting: ((payload: string) => void)[] = [];
    client.on("notification", (n) => {
      const w = waiting.shift();
      if (w) w(n.payload ?? "");
      else queue.push(n.payload ?? "");
    });
    await client.query(`LISTEN ${CONNECTION_SESSION_CHANNEL}`);
    const next = () =>
      new Promise<string>((resolve) => {
        const q = queue.shift();
        if (q !== undefined) resolve(q);
        else waiting.push(resolve);
      });
    return {
      client,
      /** The next request the worker is told of. */
      next: async () => JSON.parse(await next()) as ConnectionSessionRequest | { sentinel: number },
      /** Proves nothing was told since the last read: a marker sent now must be the next thing heard. */
      nothingTold: async () => {
        const mark = Math.random();
        await core.db.pool.query("SELECT pg_notify($1, $2)", [
          CONNECTION_SESSION_CHANNEL,
          JSON.stringify({ sentinel: mark }),
        ]);
        return (await next()) === JSON.stringify({ sentinel: mark });
      },
    };
  },
  { stop: (w) => w.client.end() },
);

async function company() {
  const c = await buildCompany(core.db.pool);
  const wa = await buildWhatsapp(core.db.pool, { companyId: c.id, channel: "whatsapp", status: "DISCONNECTED" });
  return {
    id: c.id,
    wa,
    admin: await signedIn(core, { companyId: c.id, profile: "admin" }),
    agent: await signedIn(core, { companyId: c.id, profile: "user" }),
  };
}

const stored = async (id: number) =>
  (
    await core.db.pool.query(
      'SELECT status, qrcode, pairing_code AS "pairingCode" FROM whatsapps WHERE id = $1 AND company_id IS NOT NULL',
      [id],
    )
  ).rows[0];

describe("#whatsappsession.start", () => {
  it("sets OPENING, records the change and tells the worker in the same transaction", async () => {
    const c = await company();
    const res = await core.api("POST", `/whatsappsession/${c.wa.id}`, { token: c.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: c.wa.id, status: "OPENING" });
    expect(await worker.next()).toEqual({ whatsappId: c.wa.id, companyId: c.id, action: "start" });
    expect(await changeCount(core.db.pool, c.id, "whatsapps", c.wa.id)).toBe(1);
  });

  it("asks for a pairing code for the digits of the given phone number", async () => {
    const c = await company();
    const res = await core.api("POST", `/whatsappsession/${c.wa.id}`, {
      token: c.admin.token,
      body: { phoneNumber: "+55 (11) 99876-5432" },
    });
    expect(res.status).toBe(200);
    expect(await worker.next()).toEqual({
      whatsappId: c.wa.id,
      companyId: c.id,
      action: "start",
      pairingPhoneNumber: "5511998765432",
    });
    const short = await core.api("POST", `/whatsappsession/${c.wa.id}`, {
      token: c.admin.token,
      body: { phoneNumber: "123" },
    });
    expect(short.status).toBe(400);
    expect(short.body.fields).toEqual({ phoneNumber: "Too Short!" });
    expect(await worker.nothingTold()).toBe(true);
  });

  it("refuses a new QR code or a disconnect on a Cloud API connection: it has no QR code or session", async () => {
    const c = await company();
    const cloud = await buildWhatsapp(core.db.pool, { companyId: c.id, channel: "whatsappapi" });
    for (const [method, path] of [
      ["PUT", `/whatsappsession/${cloud.id}`],
      ["DELETE", `/whatsappsession/${cloud.id}`],
    ] as const) {
      const res = await core.api(method, path, { token: c.admin.token });
      expect(res.status, method).toBe(409);
      expect(res.body.error, method).toBe("ERR_WRONG_STATE");
    }
    expect((await stored(cloud.id)).status).toBe("CONNECTED");
    expect(await worker.nothingTold()).toBe(true);
  });
});

describe("#whatsappsession.newQr and .disconnect", () => {
  it("PUT forgets the QR and asks for a new one; DELETE logs out and shows DISCONNECTED", async () => {
    const c = await company();
    await core.db.pool.query(
      "UPDATE whatsapps SET status = 'qrcode', qrcode = 'old' WHERE id = $1 AND company_id = $2",
      [c.wa.id, c.id],
    );
    const put = await core.api("PUT", `/whatsappsession/${c.wa.id}`, { token: c.admin.token });
    expect(put.body).toMatchObject({ status: "OPENING", qrcode: null });
    expect(await worker.next()).toEqual({ whatsappId: c.wa.id, companyId: c.id, action: "new-qr" });

    await core.db.pool.query("UPDATE whatsapps SET status = 'CONNECTED' WHERE id = $1 AND company_id = $2", [
      c.wa.id,
      c.id,
    ]);
    const del = await core.api("DELETE", `/whatsappsession/${c.wa.id}`, { token: c.admin.token });
    expect(del.status).toBe(200);
    expect(del.body.status).toBe("DISCONNECTED");
    expect(await worker.next()).toEqual({ whatsappId: c.wa.id, companyId: c.id, action: "logout" });
    expect(await changeCount(core.db.pool, c.id, "whatsapps", c.wa.id)).toBe(2);
  });
});

describe("session rights", () => {
  it("refuses a plain user and accepts one with allowConnections enabled (spec 2 §6)", async () => {
    const c = await company();
    for (const [method, path] of [
      ["POST", `/whatsappsession/${c.wa.id}`],
      ["PUT", `/whatsappsession/${c.wa.id}`],
      ["DELETE", `/whatsappsession/${c.wa.id}`],
      ["POST", "/whatsapp-restart/"],
      ["POST", `/closedimported/${c.wa.id}`],
    ] as const) {
      const res = await core.api(method, path, { token: c.agent.token });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect(await worker.nothingTold()).toBe(true);

    const allowed = await signedIn(core, { companyId: c.id, profile: "user" });
    await core.db.pool.query("UPDATE users SET allow_connections = 'enabled' WHERE id = $1 AND company_id = $2", [
      allowed.id,
      c.id,
    ]);
    const res = await core.api("POST", `/whatsappsession/${c.wa.id}`, { token: allowed.token });
    expect(res.status).toBe(200);
    // The QR code is answered to them as to an admin.
    expect(res.body).toHaveProperty("qrcode");
    expect(await worker.next()).toMatchObject({ whatsappId: c.wa.id, action: "start" });
    const edit = await core.api("PUT", `/whatsapp/${c.wa.id}`, { token: allowed.token, body: { name: "Por ela" } });
    expect(edit.status).toBe(200);
  });

  it("answers another company's connection with 404 ERR_NO_WAPP_FOUND and tells nobody", async () => {
    const mine = await company();
    const theirs = await company();
    for (const [method, path] of [
      ["POST", `/whatsappsession/${theirs.wa.id}`],
      ["PUT", `/whatsappsession/${theirs.wa.id}`],
      ["DELETE", `/whatsappsession/${theirs.wa.id}`],
      ["POST", `/closedimported/${theirs.wa.id}`],
    ] as const) {
      const res = await core.api(method, path, { token: mine.admin.token });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.error).toBe("ERR_NO_WAPP_FOUND");
    }
    expect(await stored(theirs.wa.id)).toMatchObject({ status: "DISCONNECTED" });
    expect(await worker.nothingTold()).toBe(true);
  });
});

describe("#whatsappsession.admin", () => {
  it("lets the super user disconnect any company's session and refuses everyone else", async () => {
    const c = await company();
    await core.db.pool.query("UPDATE whatsapps SET status = 'CONNECTED' WHERE id = $1 AND company_id = $2", [
      c.wa.id,
      c.id,
    ]);
    const refused = await core.api("DELETE", `/whatsappsession/admin/${c.wa.id}`, { token: c.admin.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe("ERR_NO_PERMISSION");
    expect(await worker.nothingTold()).toBe(true);

    const platform = await core.login("admin@chatflow.local", "chatflow");
    const res = await core.api("DELETE", `/whatsappsession/admin/${c.wa.id}`, { token: platform.token });
    expect(res.status).toBe(204);
    expect(await worker.next()).toEqual({ whatsappId: c.wa.id, companyId: c.id, action: "logout" });
    expect((await stored(c.wa.id)).status).toBe("DISCONNECTED");
    const missing = await core.api("DELETE", "/whatsappsession/admin/99999999", { token: platform.token });
    expect(missing.status).toBe(404);
  });

  it("lists every company's connections with the company's name for the super user only", async () => {
    const c = await company();
    const d = await company();
    const platform = await core.login("admin@chatflow.local", "chatflow");
    const res = await core.api("GET", "/whatsapp/all/?session=0", { token: platform.token });
    expect(res.status).toBe(200);
    const row = res.body.find((r: { id: number }) => r.id === c.wa.id);
    expect(row).toMatchObject({ companyId: c.id, companyName: expect.any(String), status: "DISCONNECTED" });
    expect(row).not.toHaveProperty("qrcode");
    expect(res.body.some((r: { id: number; companyId: number }) => r.id === d.wa.id && r.companyId === d.id)).toBe(
      true,
    );
    expect((await core.api("GET", "/whatsapp/all", { token: c.admin.token })).status).toBe(403);
  });
});

describe("#whatsapp-restart", () => {
  it("restarts every WhatsApp session of the company except the disconnected ones", async () => {
    const c = await company();
    const up = await buildWhatsapp(core.db.pool, { companyId: c.id, channel: "whatsapp", status: "CONNECTED" });
    await buildWhatsapp(core.db.pool, { companyId: c.id, channel: "whatsappapi", status: "CONNECTED" });
    const other = await company();
    const res = await core.api("POST", "/whatsapp-restart/", { token: c.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ restarted: [up.id] });
    expect(await worker.next()).toEqual({ whatsappId: up.id, companyId: c.id, action: "restart" });
    expect(await worker.nothingTold()).toBe(true);
    expect((await stored(up.id)).status).toBe("OPENING");
    expect((await stored(other.wa.id)).status).toBe("DISCONNECTED");
  });
});

describe("#closedimported", () => {
  it("closes only the tickets the import opened and clears the import state", async () => {
    const c = await company();
    const queue = await buildQueue(core.db.pool, { companyId: c.id });
    const ticket = async (imported: boolean) => {
      const contact = await buildContact(core.db.pool, { companyId: c.id });
      const t = await buildTicket(core.db.pool, {
        companyId: c.id,
        contactId: contact.id,
        whatsappId: c.wa.id,
        status: "pending",
        queueId: queue.id,
      });
      if (imported) {
        await core.db.pool.query("UPDATE tickets SET imported_at = now() WHERE id = $1 AND company_id = $2", [
          t.id,
          c.id,
        ]);
      }
      return t.id;
    };
    const imported = await ticket(true);
    const live = await ticket(false);
    await core.db.pool.query("UPDATE whatsapps SET status_import_messages = $3 WHERE id = $1 AND company_id = $2", [
      c.wa.id,
      c.id,
      IMPORT_CLOSE_READY,
    ]);
    const res = await core.api("POST", `/closedimported/${c.wa.id}`, { token: c.admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ closed: 1 });
    const rows = await core.db.pool.query("SELECT id, status FROM tickets WHERE company_id = $1 ORDER BY id", [c.id]);
    expect(rows.rows).toEqual([
      { id: imported, status: "closed" },
      { id: live, status: "pending" },
    ]);
    expect(await changeCount(core.db.pool, c.id, "tickets", imported)).toBe(1);
    const wa = await core.api("GET", `/whatsapp/${c.wa.id}`, { token: c.admin.token });
    expect(wa.body.statusImportMessages).toBeNull();
  });
});

describe("#whatsapp.update with import", () => {
  it("resets a connected session when the import is turned on, and only then", async () => {
    const c = await company();
    const queue = await buildQueue(core.db.pool, { companyId: c.id });
    await core.db.pool.query("UPDATE whatsapps SET status = 'CONNECTED' WHERE id = $1 AND company_id = $2", [
      c.wa.id,
      c.id,
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const res = await core.api("PUT", `/whatsapp/${c.wa.id}`, {
      token: c.admin.token,
      body: { importOldMessages: today, queueIdImportMessages: queue.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("qrcode");
    expect(await worker.next()).toEqual({ whatsappId: c.wa.id, companyId: c.id, action: "new-qr" });

    await core.db.pool.query("UPDATE whatsapps SET status = 'CONNECTED' WHERE id = $1 AND company_id = $2", [
      c.wa.id,
      c.id,
    ]);
    const rename = await core.api("PUT", `/whatsapp/${c.wa.id}`, { token: c.admin.token, body: { name: "Outro" } });
    expect(rename.body.status).toBe("CONNECTED");
    expect(await worker.nothingTold()).toBe(true);
  });
});
