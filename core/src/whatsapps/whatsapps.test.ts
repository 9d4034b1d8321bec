import { describe, expect, it } from "vitest";
import { buildCompany, buildContact, buildQueue, buildTicket, buildWhatsapp } from "../testing/factories.ts";
import { startFakeGraphPhoneNumbers } from "../testing/fake-graph-phone-numbers.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildPlan, changeCount, setCompanyPlan, signedIn } from "../testing/users-factories.ts";

// The fake first: core proves Cloud API numbers against it (phone-number-ownership.test.ts tests the proof).
const graph = forFile(() => startFakeGraphPhoneNumbers(), { stop: (fake) => fake.close() });
const core = coreForFile(() => ({ graphApiUrl: graph.url }));

/** A fresh company with an admin and a plain user. */
async function company() {
  const c = await buildCompany(core.db.pool);
  return {
    id: c.id,
    admin: await signedIn(core, { companyId: c.id, profile: "admin" }),
    agent: await signedIn(core, { companyId: c.id, profile: "user" }),
  };
}

const defaults = async (companyId: number) =>
  (
    await core.db.pool.query<{ id: number }>(
      "SELECT id FROM whatsapps WHERE company_id = $1 AND is_default ORDER BY id",
      [companyId],
    )
  ).rows.map((r) => r.id);

describe("#whatsapp.create", () => {
  it("creates the company's first connection as its default, with a 30-character API token", async () => {
    const c = await company();
    const q = await buildQueue(core.db.pool, { companyId: c.id });
    const res = await core.api("POST", "/whatsapp", {
      token: c.admin.token,
      body: {
        name: "Loja",
        queueIds: [q.id],
        greetingMessage: "Oi",
        farewellMessage: "Tchau",
        groupAsTicket: "enabled",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Loja",
      channel: "whatsapp",
      status: "DISCONNECTED",
      isDefault: true,
      greetingMessage: "Oi",
      farewellMessage: "Tchau",
      groupAsTicket: "enabled",
      companyId: c.id,
    });
    expect(res.body.queues.map((x: { id: number }) => x.id)).toEqual([q.id]);
    expect(res.body.token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(await changeCount(core.db.pool, c.id, "whatsapps", res.body.id)).toBe(1);
  });

  it("keeps one default: a new default unsets the old one", async () => {
    const c = await company();
    const first = await core.api("POST", "/whatsapp", { token: c.admin.token, body: { name: "First" } });
    const second = await core.api("POST", "/whatsapp", { token: c.admin.token, body: { name: "Second" } });
    expect(second.body.isDefault).toBe(false);
    const third = await core.api("POST", "/whatsapp", {
      token: c.admin.token,
      body: { name: "Third", isDefault: true },
    });
    expect(third.body.isDefault).toBe(true);
    expect(await defaults(c.id)).toEqual([third.body.id]);
    // The old default's replica row changes too.
    expect(await changeCount(core.db.pool, c.id, "whatsapps", first.body.id)).toBe(2);
  });

  it("stores Cloud API credentials and never answers them back", async () => {
    const c = await company();
    const phoneNumberId = `98765432${c.id}`;
    graph.grant(phoneNumberId, "EAAG-secret");
    const res = await core.api("POST", "/whatsapp", {
      token: c.admin.token,
      body: {
        name: "Cloud",
        channel: "whatsappapi",
        phoneNumberId,
        accessToken: "EAAG-secret",
        appSecret: "app-secret",
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      hasPhoneNumberId: true,
      hasAccessToken: true,
      hasAppSecret: true,
      hasVerifyToken: false,
    });
    const text = JSON.stringify([
      res.body,
      (await core.api("GET", `/whatsapp/${res.body.id}`, { token: c.admin.token })).body,
    ]);
    expect(text).not.toContain("EAAG-secret");
    expect(text).not.toContain("app-secret");
    // The phone number id is no secret: the admin reads it in clear (issue 22; decision 0093).
    expect(res.body.phoneNumberId).toBe(phoneNumberId);
    const asAgent = await core.api("GET", `/whatsapp/${res.body.id}`, { token: c.agent.token });
    expect(asAgent.body).not.toHaveProperty("phoneNumberId");
    expect(asAgent.body).not.toHaveProperty("verifyToken");
    const row = (
      await core.db.pool.query("SELECT access_token, app_secret FROM whatsapps WHERE id = $1", [res.body.id])
    ).rows[0];
    expect(row).toEqual({ access_token: "EAAG-secret", app_secret: "app-secret" });
  });

  it("answers ERR_WAPP_GREETING_REQUIRED for more than one queue without a greeting", async () => {
    const c = await company();
    const q1 = await buildQueue(core.db.pool, { companyId: c.id });
    const q2 = await buildQueue(core.db.pool, { companyId: c.id });
    const res = await core.api("POST", "/whatsapp", {
      token: c.admin.token,
      body: { name: "Two", queueIds: [q1.id, q2.id] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_WAPP_GREETING_REQUIRED");
    expect(await defaults(c.id)).toEqual([]);
  });

  it("refuses a plain user, another company's queue, a taken name and a full plan", async () => {
    const c = await company();
    expect((await core.api("POST", "/whatsapp", { token: c.agent.token, body: { name: "Mine" } })).status).toBe(403);
    const foreignQueue = await buildQueue(core.db.pool, { companyId: (await buildCompany(core.db.pool)).id });
    const byQueue = await core.api("POST", "/whatsapp", {
      token: c.admin.token,
      body: { name: "Qq", queueIds: [foreignQueue.id] },
    });
    expect(byQueue.status).toBe(404);
    expect(byQueue.body.error).toBe("ERR_NO_QUEUE_FOUND");
    await setCompanyPlan(
      core.db.pool,
      c.id,
      (await buildPlan(core.db.pool, { connections: 1, useFacebook: false })).id,
    );
    expect((await core.api("POST", "/whatsapp", { token: c.admin.token, body: { name: "Only" } })).status).toBe(201);
    const dup = await core.api("POST", "/whatsapp", { token: c.admin.token, body: { name: "Only" } });
    expect(dup.body.error).toBe("ERR_PLAN_LIMIT_REACHED");
    await core.db.pool.query(
      "UPDATE plans SET connections = 5 WHERE id = (SELECT plan_id FROM companies WHERE id = $1)",
      [c.id],
    );
    const taken = await core.api("POST", "/whatsapp", { token: c.admin.token, body: { name: "Only" } });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe("ERR_WAPP_NAME_ALREADY_EXISTS");
    const facebook = await core.api("POST", "/whatsapp", {
      token: c.admin.token,
      body: { name: "FB", channel: "facebook" },
    });
    expect(facebook.status).toBe(403);
  });

  it("validates the name", async () => {
    const c = await company();
    const res = await core.api("POST", "/whatsapp", { token: c.admin.token, body: { name: "x", channel: "telegram" } });
    expect(res.status).toBe(400);
    expect(res.body.fields.name).toBe("Too Short!");
    expect(res.body.fields.channel).toBeDefined();
  });
});

describe("#whatsapp.list", () => {
  it("lists the caller's company only, whatever companyId says; the token only to admins", async () => {
    const c = await company();
    const other = await buildCompany(core.db.pool);
    const mine = await buildWhatsapp(core.db.pool, { companyId: c.id, channel: "whatsapp" });
    const cloud = await buildWhatsapp(core.db.pool, { companyId: c.id, channel: "whatsappapi" });
    await buildWhatsapp(core.db.pool, { companyId: other.id });
    await core.db.pool.query("UPDATE whatsapps SET token = 'tok-' || id WHERE company_id = $1", [c.id]);
    const res = await core.api("GET", `/whatsapp?companyId=${other.id}&session=0`, { token: c.agent.token });
    expect(res.status).toBe(200);
    expect(res.body.map((w: { id: number }) => w.id).sort()).toEqual([mine.id, cloud.id].sort());
    expect(res.body.every((w: { token?: string }) => w.token === undefined)).toBe(true);
    const slash = await core.api("GET", "/whatsapp/?session=0", { token: c.admin.token });
    expect(slash.body.map((w: { token: string }) => w.token).sort()).toEqual(
      [`tok-${mine.id}`, `tok-${cloud.id}`].sort(),
    );
    const filtered = await core.api("GET", "/whatsapp/filter?session=0&channel=whatsappapi", { token: c.agent.token });
    expect(filtered.body.map((w: { id: number }) => w.id)).toEqual([cloud.id]);
  });

  it("answers 404 ERR_NO_WAPP_FOUND for another company's connection", async () => {
    const c = await company();
    const foreign = await buildWhatsapp(core.db.pool, { companyId: (await buildCompany(core.db.pool)).id });
    const res = await core.api("GET", `/whatsapp/${foreign.id}`, { token: c.admin.token });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_WAPP_FOUND");
  });
});

describe("#whatsapp.update", () => {
  it("edits fields and queues, keeps secrets unless sent, clears one sent as null", async () => {
    const c = await company();
    const q1 = await buildQueue(core.db.pool, { companyId: c.id });
    const q2 = await buildQueue(core.db.pool, { companyId: c.id });
    const created = await core.api("POST", "/whatsapp", {
      token: c.admin.token,
      body: { name: "Cloud", channel: "whatsappapi", accessToken: "a1", appSecret: "s1", verifyToken: "v1" },
    });
    const id = created.body.id;
    const res = await core.api("PUT", `/whatsapp/${id}`, {
      token: c.admin.token,
      body: {
        name: "Cloud 2",
        queueIds: [q1.id, q2.id],
        greetingMessage: "Escolha",
        accessToken: "a2",
        verifyToken: null,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Cloud 2",
      greetingMessage: "Escolha",
      hasAccessToken: true,
      hasVerifyToken: false,
    });
    expect(res.body.queues).toHaveLength(2);
    const row = (
      await core.db.pool.query("SELECT access_token, app_secret, verify_token FROM whatsapps WHERE id = $1", [id])
    ).rows[0];
    expect(row).toEqual({ access_token: "a2", app_secret: "s1", verify_token: null });
    expect(await changeCount(core.db.pool, c.id, "whatsapps", id)).toBe(2);
  });

  it("answers ERR_WAPP_GREETING_REQUIRED when queues grow past one with no greeting", async () => {
    const c = await company();
    const w = await core.api("POST", "/whatsapp", { token: c.admin.token, body: { name: "Conn W" } });
    const q1 = await buildQueue(core.db.pool, { companyId: c.id });
    const q2 = await buildQueue(core.db.pool, { companyId: c.id });
    const res = await core.api("PUT", `/whatsapp/${w.body.id}`, {
      token: c.admin.token,
      body: { queueIds: [q1.id, q2.id] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_WAPP_GREETING_REQUIRED");
  });

  it("moves the default, and refuses unsetting the only default (ERR_NO_OTHER_WHATSAPP)", async () => {
    const c = await company();
    const a = await core.api("POST", "/whatsapp", { token: c.admin.token, body: { name: "Conn A" } });
    const b = await core.api("POST", "/whatsapp", { token: c.admin.token, body: { name: "Conn B" } });
    const unset = await core.api("PUT", `/whatsapp/${a.body.id}`, { token: c.admin.token, body: { isDefault: false } });
    expect(unset.status).toBe(400);
    expect(unset.body.error).toBe("ERR_NO_OTHER_WHATSAPP");
    expect(
      (await core.api("PUT", `/whatsapp/${b.body.id}`, { token: c.admin.token, body: { isDefault: true } })).status,
    ).toBe(200);
    expect(await defaults(c.id)).toEqual([b.body.id]);
  });

  it("regenerates the API token when sent as null", async () => {
    const c = await company();
    const w = await core.api("POST", "/whatsapp", {
      token: c.admin.token,
      body: { name: "Conn T", token: "my-own-token" },
    });
    expect(w.body.token).toBe("my-own-token");
    const res = await core.api("PUT", `/whatsapp/${w.body.id}`, { token: c.admin.token, body: { token: null } });
    expect(res.body.token).toMatch(/^[A-Za-z0-9]{30}$/);
  });

  it("refuses a plain user and another company's connection", async () => {
    const c = await company();
    const w = await buildWhatsapp(core.db.pool, { companyId: c.id });
    expect((await core.api("PUT", `/whatsapp/${w.id}`, { token: c.agent.token, body: { name: "Mine" } })).status).toBe(
      403,
    );
    const foreign = await buildWhatsapp(core.db.pool, { companyId: (await buildCompany(core.db.pool)).id });
    const res = await core.api("PUT", `/whatsapp/${foreign.id}`, { token: c.admin.token, body: { name: "Stolen" } });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_WAPP_FOUND");
  });
});

describe("#whatsapp.delete", () => {
  it("refuses removing the default while other connections exist (ERR_NO_OTHER_WHATSAPP)", async () => {
    const c = await company();
    const a = await core.api("POST", "/whatsapp", { token: c.admin.token, body: { name: "Conn A" } });
    await core.api("POST", "/whatsapp", { token: c.admin.token, body: { name: "Conn B" } });
    const res = await core.api("DELETE", `/whatsapp/${a.body.id}`, { token: c.admin.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_NO_OTHER_WHATSAPP");
    expect((await core.db.pool.query("SELECT 1 FROM whatsapps WHERE id = $1", [a.body.id])).rowCount).toBe(1);
  });

  it("deletes a connection: its tickets in progress close and lose it, queued messages fail", async () => {
    const c = await company();
    await core.api("POST", "/whatsapp", { token: c.admin.token, body: { name: "Main" } });
    const gone = await core.api("POST", "/whatsapp", { token: c.admin.token, body: { name: "Gone" } });
    const id = gone.body.id;
    const contact = await buildContact(core.db.pool, { companyId: c.id });
    await core.db.pool.query("UPDATE contacts SET whatsapp_id = $2 WHERE id = $1", [contact.id, id]);
    const t = await buildTicket(core.db.pool, {
      companyId: c.id,
      contactId: contact.id,
      whatsappId: id,
      status: "open",
    });
    const { rows } = await core.db.pool.query<{ id: string }>(
      `INSERT INTO messages (id, company_id, ticket_id, whatsapp_id, body, from_me, send_state)
       VALUES (gen_random_uuid(), $1, $2, $3, 'hi', true, 'queued') RETURNING id`,
      [c.id, t.id, id],
    );
    const res = await core.api("DELETE", `/whatsapp/${id}`, { token: c.admin.token });
    expect(res.status).toBe(204);
    expect((await core.db.pool.query("SELECT status, whatsapp_id FROM tickets WHERE id = $1", [t.id])).rows[0]).toEqual(
      {
        status: "closed",
        whatsapp_id: null,
      },
    );
    expect(
      (await core.db.pool.query("SELECT whatsapp_id FROM contacts WHERE id = $1", [contact.id])).rows[0].whatsapp_id,
    ).toBeNull();
    expect(
      (await core.db.pool.query("SELECT send_state, ack FROM messages WHERE id = $1", [rows[0]!.id])).rows[0],
    ).toEqual({
      send_state: "failed",
      ack: -1,
    });
    expect(await changeCount(core.db.pool, c.id, "tickets", t.id)).toBe(1);
    expect(await changeCount(core.db.pool, c.id, "contacts", contact.id)).toBe(1);
    expect(await changeCount(core.db.pool, c.id, "messages", rows[0]!.id)).toBe(1);
  });

  it("deletes the last connection even though it is the default", async () => {
    const c = await company();
    const only = await core.api("POST", "/whatsapp", { token: c.admin.token, body: { name: "Only" } });
    expect((await core.api("DELETE", `/whatsapp/${only.body.id}`, { token: c.admin.token })).status).toBe(204);
  });

  it("refuses a plain user and another company's connection", async () => {
    const c = await company();
    const w = await buildWhatsapp(core.db.pool, { companyId: c.id });
    expect((await core.api("DELETE", `/whatsapp/${w.id}`, { token: c.agent.token })).status).toBe(403);
    const foreign = await buildWhatsapp(core.db.pool, { companyId: (await buildCompany(core.db.pool)).id });
    expect((await core.api("DELETE", `/whatsapp/${foreign.id}`, { token: c.admin.token })).status).toBe(404);
    expect(
      (await core.db.pool.query("SELECT count(*)::int AS n FROM whatsapps WHERE id = ANY($1)", [[w.id, foreign.id]]))
        .rows[0].n,
    ).toBe(2);
  });
});
