import argon2 from "argon2";
import { describe, expect, it } from "vitest";
import { PASSWORD_POLICY_MESSAGE } from "../contract/password-policy.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildPlan, changeCount, setCompanyPlan, signedIn } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const pool = core.db.pool;
  const companyId = (await buildCompany(pool)).id;
  const admin = await signedIn(core, { companyId, profile: "admin", name: "Alice Admin" });
  const agent = await signedIn(core, { companyId, profile: "user", name: "Bob Agent" });
  return { pool, companyId, admin, agent };
});

const newUser = (o: Record<string, unknown> = {}) => ({
  name: "Carol",
  email: `carol-${Math.random().toString(36).slice(2, 10)}@example.com`,
  password: "Secret12",
  ...o,
});

describe("#users.list", () => {
  it("answers the company's users a page at a time, searchable by name or e-mail", async () => {
    const other = await buildCompany(w.pool);
    await signedIn(core, { companyId: other.id, name: "Alice Elsewhere" });
    const res = await core.api("GET", "/users/?searchParam=ALICE&pageNumber=1", { token: w.admin.token });
    expect(res.status).toBe(200);
    expect(res.body.hasMore).toBe(false);
    expect(res.body.users.map((u: { id: number }) => u.id)).toEqual([w.admin.id]);
    expect(res.body.users[0].passwordHash).toBeUndefined();
    const byMail = await core.api("GET", `/users?searchParam=${encodeURIComponent(w.agent.email)}`, {
      token: w.admin.token,
    });
    expect(byMail.body.users.map((u: { id: number }) => u.id)).toEqual([w.agent.id]);
  });

  it("pages with hasMore", async () => {
    const c = await buildCompany(w.pool);
    const a = await signedIn(core, { companyId: c.id });
    for (let i = 0; i < 20; i++) {
      await w.pool.query("INSERT INTO users (company_id, name, email, password_hash) VALUES ($1, $2, $3, 'x')", [
        c.id,
        `Zed ${String(i).padStart(2, "0")}`,
        `zed${i}-${c.id}@example.com`,
      ]);
    }
    const first = await core.api("GET", "/users/?pageNumber=1", { token: a.token });
    expect(first.body.users).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    const second = await core.api("GET", "/users/?pageNumber=2", { token: a.token });
    expect(second.body.users).toHaveLength(1);
    expect(second.body.hasMore).toBe(false);
  });

  it("refuses a plain user (the no-permission view)", async () => {
    const res = await core.api("GET", "/users/", { token: w.agent.token });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_NO_PERMISSION");
  });

  it("gives every user the short list for pickers", async () => {
    const res = await core.api("GET", "/users/list", { token: w.agent.token });
    expect(res.status).toBe(200);
    const ids = res.body.map((u: { id: number }) => u.id);
    expect(ids).toContain(w.admin.id);
    expect(ids).toContain(w.agent.id);
    // A plain user reads colleagues' public view (issue 7: never their profile); an admin reads the profile too.
    const adminEntry = res.body.find((u: { id: number }) => u.id === w.admin.id);
    expect(Object.keys(adminEntry).sort()).toEqual(["color", "id", "name", "online"]);
    const asAdmin = await core.api("GET", "/users/list", { token: w.admin.token });
    expect(Object.keys(asAdmin.body[0]).sort()).toEqual(["color", "id", "name", "online", "profile"]);
  });
});

describe("#users.show", () => {
  it("answers a user of the company to an admin, and one's own record to a plain user", async () => {
    expect((await core.api("GET", `/users/${w.agent.id}`, { token: w.admin.token })).body.name).toBe("Bob Agent");
    const own = await core.api("GET", `/users/${w.agent.id}`, { token: w.agent.token });
    expect(own.status).toBe(200);
    expect(own.body.company.id).toBe(w.companyId);
    const other = await core.api("GET", `/users/${w.admin.id}`, { token: w.agent.token });
    expect(other.status).toBe(403);
  });

  it("answers 404 ERR_NO_USER_FOUND for another company's user", async () => {
    const res = await core.api("GET", "/users/1", { token: w.admin.token });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_USER_FOUND");
  });
});

describe("#users.create", () => {
  it("creates a user with the spec's defaults and a hashed password", async () => {
    const body = newUser({ email: "  Carol.New@Example.com " });
    const res = await core.api("POST", "/users", { token: w.admin.token, body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Carol",
      email: "carol.new@example.com",
      profile: "user",
      companyId: w.companyId,
      startWork: "00:00",
      endWork: "23:59",
      defaultTheme: "light",
      defaultMenu: "open",
      allTicket: "disabled",
      allowGroup: false,
      allHistoric: "disabled",
      allUserChat: "disabled",
      userClosePendingTicket: "disabled",
      showDashboard: "disabled",
      allowRealTime: "disabled",
      allowConnections: "disabled",
      queues: [],
    });
    const { rows } = await w.pool.query("SELECT password_hash FROM users WHERE id = $1", [res.body.id]);
    expect(rows[0].password_hash).not.toContain("Secret12");
    expect(await argon2.verify(rows[0].password_hash, "Secret12")).toBe(true);
    expect(await changeCount(w.pool, w.companyId, "users", res.body.id)).toBe(1);
    // The new user can sign in.
    expect((await core.login("carol.new@example.com", "Secret12")).token).toBeTruthy();
  });

  it("sets queues and permission flags an admin chooses", async () => {
    const q = await buildQueue(w.pool, { companyId: w.companyId });
    const res = await core.api("POST", "/users", {
      token: w.admin.token,
      body: newUser({
        profile: "admin",
        queueIds: [q.id],
        allowGroup: true,
        showDashboard: "enabled",
        allHistoric: null,
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body.profile).toBe("admin");
    expect(res.body.queues.map((x: { id: number }) => x.id)).toEqual([q.id]);
    expect(res.body.allowGroup).toBe(true);
    expect(res.body.showDashboard).toBe("enabled");
    expect(res.body.allHistoric).toBe("disabled");
  });

  it("validates with the user form's messages and creates nothing", async () => {
    const before = (await w.pool.query("SELECT count(*)::int AS n FROM users")).rows[0].n;
    const short = await core.api("POST", "/users", {
      token: w.admin.token,
      body: { name: "A", email: "nope", password: "123" },
    });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("ERR_VALIDATION");
    expect(short.body.fields).toEqual({
      name: "Too Short!",
      email: "Invalid email",
      password: PASSWORD_POLICY_MESSAGE.en,
    });
    const long = await core.api("POST", "/users", {
      token: w.admin.token,
      body: { name: "x".repeat(51), email: "a@b.co", password: "y".repeat(51) },
    });
    expect(long.body.fields).toEqual({ name: "Too Long!", password: "Too Long!" });
    const missing = await core.api("POST", "/users", { token: w.admin.token, body: {} });
    expect(missing.body.fields).toEqual({ name: "Required", email: "Required", password: "Required" });
    expect((await w.pool.query("SELECT count(*)::int AS n FROM users")).rows[0].n).toBe(before);
  });

  it("answers 409 ERR_EMAIL_ALREADY_EXISTS for an e-mail of the own company, in any letter case", async () => {
    const res = await core.api("POST", "/users", {
      token: w.admin.token,
      body: newUser({ email: w.agent.email.toUpperCase() }),
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("ERR_EMAIL_ALREADY_EXISTS");
  });

  it("answers another company's e-mail with a neutral validation refusal that names no account (decision 0044)", async () => {
    const before = (await w.pool.query("SELECT count(*)::int AS n FROM users")).rows[0].n;
    const res = await core.api("POST", "/users", {
      token: w.admin.token,
      body: newUser({ email: "ADMIN@chatflow.local" }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: "ERR_VALIDATION",
      message: "This e-mail cannot be used",
      fields: { email: "This e-mail cannot be used" },
    });
    expect((await w.pool.query("SELECT count(*)::int AS n FROM users")).rows[0].n).toBe(before);
  });

  it("refuses a plain user", async () => {
    const res = await core.api("POST", "/users", { token: w.agent.token, body: newUser() });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_NO_PERMISSION");
  });

  it("refuses another company's queue or connection with their not-found codes", async () => {
    const other = await buildCompany(w.pool);
    const q = await buildQueue(w.pool, { companyId: other.id });
    const wa = await buildWhatsapp(w.pool, { companyId: other.id });
    const byQueue = await core.api("POST", "/users", { token: w.admin.token, body: newUser({ queueIds: [q.id] }) });
    expect(byQueue.status).toBe(404);
    expect(byQueue.body.error).toBe("ERR_NO_QUEUE_FOUND");
    const byWapp = await core.api("POST", "/users", { token: w.admin.token, body: newUser({ whatsappId: wa.id }) });
    expect(byWapp.status).toBe(404);
    expect(byWapp.body.error).toBe("ERR_NO_WAPP_FOUND");
  });

  it("stops at the plan's user count with ERR_PLAN_LIMIT_REACHED", async () => {
    const c = await buildCompany(w.pool);
    await setCompanyPlan(w.pool, c.id, (await buildPlan(w.pool, { users: 2 })).id);
    const a = await signedIn(core, { companyId: c.id });
    expect((await core.api("POST", "/users", { token: a.token, body: newUser() })).status).toBe(201);
    const third = await core.api("POST", "/users", { token: a.token, body: newUser() });
    expect(third.status).toBe(409);
    expect(third.body.error).toBe("ERR_PLAN_LIMIT_REACHED");
    expect(third.body.data).toEqual({ resource: "users", limit: 2 });
  });
});

describe("#users.update", () => {
  it("lets a plain user change their own name, e-mail, password, theme and menu", async () => {
    const me = await signedIn(core, { companyId: w.companyId, profile: "user" });
    const email = `renamed-${me.id}@example.com`;
    const res = await core.api("PUT", `/users/${me.id}`, {
      token: me.token,
      body: { name: "Renamed", email, password: "Newpass1", defaultTheme: "dark", defaultMenu: "closed" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Renamed", email, defaultTheme: "dark", defaultMenu: "closed" });
    expect((await core.login(email, "Newpass1")).token).toBeTruthy();
  });

  it("accepts the whole form back from a plain user when only their own fields changed", async () => {
    const me = await signedIn(core, { companyId: w.companyId, profile: "user" });
    const current = (await core.api("GET", `/users/${me.id}`, { token: me.token })).body;
    const res = await core.api("PUT", `/users/${me.id}`, {
      token: me.token,
      body: { ...current, queueIds: [], password: "", name: "Same Form" },
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("Same Form");
  });

  it("refuses a plain user changing their profile, queues or permissions (user-modal:editProfile)", async () => {
    const me = await signedIn(core, { companyId: w.companyId, profile: "user" });
    const q = await buildQueue(w.pool, { companyId: w.companyId });
    for (const body of [{ profile: "admin" }, { queueIds: [q.id] }, { allUserChat: "enabled" }, { endWork: "18:00" }]) {
      const res = await core.api("PUT", `/users/${me.id}`, { token: me.token, body });
      expect(res.status, JSON.stringify(body)).toBe(403);
      expect(res.body.error).toBe("ERR_NO_PERMISSION");
    }
    const { rows } = await w.pool.query("SELECT profile, all_user_chat FROM users WHERE id = $1", [me.id]);
    expect(rows[0]).toEqual({ profile: "user", all_user_chat: "disabled" });
  });

  it("refuses a plain user editing someone else", async () => {
    const res = await core.api("PUT", `/users/${w.admin.id}`, { token: w.agent.token, body: { name: "Hacked" } });
    expect(res.status).toBe(403);
  });

  it("lets an admin change profile, queues and flags, and logs the change for sync", async () => {
    const target = await signedIn(core, { companyId: w.companyId, profile: "user" });
    const q1 = await buildQueue(w.pool, { companyId: w.companyId });
    const q2 = await buildQueue(w.pool, { companyId: w.companyId });
    const before = await changeCount(w.pool, w.companyId, "users", target.id);
    const res = await core.api("PUT", `/users/${target.id}`, {
      token: w.admin.token,
      body: { profile: "admin", queueIds: [q2.id, q1.id], allTicket: "enabled", startWork: "08:00", endWork: "18:00" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ profile: "admin", allTicket: "enabled", startWork: "08:00", endWork: "18:00" });
    expect(res.body.queues.map((q: { id: number }) => q.id).sort()).toEqual([q1.id, q2.id].sort());
    expect(await changeCount(w.pool, w.companyId, "users", target.id)).toBe(before + 1);
    // The change shows in the user's own next call: they now act as admin.
    expect((await core.api("GET", "/users/", { token: target.token })).status).toBe(200);
  });

  it("answers 409 for an e-mail another user of the company has, the neutral refusal for another company's, and 404 for another company's user", async () => {
    const taken = await core.api("PUT", `/users/${w.agent.id}`, {
      token: w.admin.token,
      body: { email: w.admin.email },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe("ERR_EMAIL_ALREADY_EXISTS");
    const elsewhere = await core.api("PUT", `/users/${w.agent.id}`, {
      token: w.admin.token,
      body: { email: "admin@chatflow.local" },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.fields).toEqual({ email: "This e-mail cannot be used" });
    const foreign = await core.api("PUT", "/users/1", { token: w.admin.token, body: { name: "Nope" } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("ERR_NO_USER_FOUND");
    expect((await w.pool.query("SELECT name FROM users WHERE id = 1")).rows[0].name).toBe("Admin");
  });
});

describe("#users.delete", () => {
  it("removes the user, returns their open tickets to the queue and ends their session", async () => {
    const leaving = await signedIn(core, { companyId: w.companyId, profile: "user" });
    const contact = await buildContact(w.pool, { companyId: w.companyId });
    const open = await buildTicket(w.pool, {
      companyId: w.companyId,
      contactId: contact.id,
      status: "open",
      userId: leaving.id,
    });
    const res = await core.api("DELETE", `/users/${leaving.id}`, { token: w.admin.token });
    expect(res.status).toBe(204);
    expect((await w.pool.query("SELECT 1 FROM users WHERE id = $1", [leaving.id])).rowCount).toBe(0);
    const t = (await w.pool.query("SELECT status, user_id FROM tickets WHERE id = $1", [open.id])).rows[0];
    expect(t).toEqual({ status: "pending", user_id: null });
    expect(await changeCount(w.pool, w.companyId, "tickets", open.id)).toBeGreaterThan(0);
    expect(await changeCount(w.pool, w.companyId, "users", leaving.id)).toBeGreaterThan(0);
    const log = await w.pool.query("SELECT type FROM ticket_logs WHERE ticket_id = $1", [open.id]);
    expect(log.rows.map((r) => r.type)).toContain("pending");
    expect((await core.api("GET", "/auth/me", { token: leaving.token })).status).toBe(401);
  });

  it("refuses deleting oneself, a plain user deleting, and another company's user", async () => {
    const self = await core.api("DELETE", `/users/${w.admin.id}`, { token: w.admin.token });
    expect(self.status).toBe(403);
    const plain = await core.api("DELETE", `/users/${w.admin.id}`, { token: w.agent.token });
    expect(plain.status).toBe(403);
    const foreign = await core.api("DELETE", "/users/1", { token: w.admin.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("ERR_NO_USER_FOUND");
    expect(
      (await w.pool.query("SELECT count(*)::int AS n FROM users WHERE id = ANY($1)", [[1, w.admin.id]])).rows[0].n,
    ).toBe(2);
  });

  it("keeps the super user out of a company admin's reach", async () => {
    const other = await signedIn(core, { companyId: 1, profile: "admin" });
    expect((await core.api("DELETE", "/users/1", { token: other.token })).status).toBe(403);
    expect((await core.api("PUT", "/users/1", { token: other.token, body: { name: "Taken" } })).status).toBe(403);
  });
});

describe("#users.media-upload", () => {
  const PNG = Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
      "1f15c4890000000d49444154789c6300010000050001" +
      "0d0a2db40000000049454e44ae426082",
    "hex",
  );
  const upload = (token: string, userId: number, bytes: Buffer, name: string, type: string) => {
    const form = new FormData();
    form.append("userId", String(userId));
    form.append("typeArch", "user");
    form.append("profileImage", new Blob([new Uint8Array(bytes)], { type }), name);
    return fetch(`${core.url}/users/${userId}/media-upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };

  it("stores an image under the company's media folder and sets profileImage", async () => {
    const res = await upload(w.agent.token, w.agent.id, PNG, "me photo.png", "image/png");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.profileImage).toMatch(new RegExp(`^/media/${w.companyId}/[0-9a-f-]+-me-photo\\.png$`));
    const file = body.profileImage.split("/").pop();
    const { readFile } = await import("node:fs/promises");
    const stored = await readFile(`${core.config.dataDir}/media/company-${w.companyId}/${file}`);
    expect(stored.equals(PNG)).toBe(true);
    const row = await w.pool.query("SELECT profile_image FROM users WHERE id = $1", [w.agent.id]);
    expect(row.rows[0].profile_image).toBe(body.profileImage);
    // Served back like message media, to the company only.
    const served = await fetch(`${core.url}${body.profileImage}`, {
      headers: { authorization: `Bearer ${w.admin.token}` },
    });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("refuses a file that is not an image, whatever its declared type", async () => {
    const res = await upload(w.agent.token, w.agent.id, Buffer.from("<svg onload=alert(1)>"), "x.png", "image/png");
    expect(res.status).toBe(400);
    expect((await res.json()).fields.profileImage).toBe("Only image files are accepted");
  });

  it("refuses a plain user setting someone else's picture", async () => {
    const res = await upload(w.agent.token, w.admin.id, PNG, "a.png", "image/png");
    expect(res.status).toBe(403);
  });
});

describe("password policy", () => {
  it("refuses a weak new password on create, on an admin's update and on the user's own profile", async () => {
    const policy = { password: PASSWORD_POLICY_MESSAGE.en };
    for (const weak of ["Secret1", "secret12", "SECRET12", "Secretsecret"]) {
      const created = await core.api("POST", "/users", { token: w.admin.token, body: newUser({ password: weak }) });
      expect(created.status, weak).toBe(400);
      expect(created.body.fields, weak).toEqual(policy);
    }
    const me = await signedIn(core, { companyId: w.companyId, profile: "user" });
    const byAdmin = await core.api("PUT", `/users/${me.id}`, { token: w.admin.token, body: { password: "weakpass" } });
    expect(byAdmin.status).toBe(400);
    expect(byAdmin.body.fields).toEqual(policy);
    const own = await core.api("PUT", `/users/${me.id}`, { token: me.token, body: { password: "short1A" } });
    expect(own.status).toBe(400);
    expect(own.body.fields).toEqual(policy);
    // The old password still signs in: nothing was changed.
    expect((await core.login(me.email, me.password)).token).toBeTruthy();
  });
});
