// Spec 1 §3 User fields the answers carry beyond the form's (ticket list width,
// darkMode), the width each user sets for themself, and the name's 'Required'.
import { describe, expect, it } from "vitest";
import { buildCompany } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { changeCount, signedIn } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const pool = core.db.pool;
  const companyId = (await buildCompany(pool)).id;
  const admin = await signedIn(core, { companyId, profile: "admin" });
  return { pool, companyId, admin };
});

const width = async (id: number) =>
  (await w.pool.query("SELECT default_tickets_manager_width AS w FROM users WHERE id = $1", [id])).rows[0].w as number;

describe("#users.fields", () => {
  it("answers the ticket list width and darkMode in the user, the login and the sync replica", async () => {
    const me = await signedIn(core, { companyId: w.companyId, profile: "user" });
    await w.pool.query("UPDATE users SET default_tickets_manager_width = 720, default_theme = 'dark' WHERE id = $1", [
      me.id,
    ]);
    const one = await core.api("GET", `/users/${me.id}`, { token: me.token });
    expect(one.body).toMatchObject({ defaultTicketsManagerWidth: 720, darkMode: true, defaultTheme: "dark" });
    const listed = await core.api("GET", `/users?searchParam=${encodeURIComponent(me.email)}`, {
      token: w.admin.token,
    });
    expect(listed.body.users[0]).toMatchObject({ id: me.id, defaultTicketsManagerWidth: 720, darkMode: true });
    const login = await core.login(me.email, me.password);
    expect(login.user).toMatchObject({ defaultTicketsManagerWidth: 720, darkMode: true });
    const pull = await core.api("GET", "/sync/pull", { token: login.token });
    const replica = pull.body.put.users.find((u: { id: number }) => u.id === me.id);
    expect(replica).toMatchObject({ defaultTicketsManagerWidth: 720, darkMode: true });
  });

  it("starts a new user at the 550-pixel list and light theme", async () => {
    const res = await core.api("POST", "/users", {
      token: w.admin.token,
      body: { name: "Nova", email: `nova-${Date.now()}@example.com`, password: "Secret12" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ defaultTicketsManagerWidth: 550, darkMode: false });
  });

  it("lets a plain user set their own list width, records it for sync, and follows the theme in darkMode", async () => {
    const me = await signedIn(core, { companyId: w.companyId, profile: "user" });
    const before = await changeCount(w.pool, w.companyId, "users", me.id);
    const res = await core.api("PUT", `/users/${me.id}`, {
      token: me.token,
      body: { defaultTicketsManagerWidth: 640, defaultTheme: "dark" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ defaultTicketsManagerWidth: 640, darkMode: true });
    expect(await width(me.id)).toBe(640);
    expect(await changeCount(w.pool, w.companyId, "users", me.id)).toBeGreaterThan(before);
  });

  it("refuses a width out of bounds or not a whole number, and keeps the stored one", async () => {
    const me = await signedIn(core, { companyId: w.companyId, profile: "user" });
    const cases: [unknown, string][] = [
      [249, "Too Small!"],
      [2001, "Too Large!"],
      [600.5, "Invalid width"],
      ["600", "Invalid width"],
    ];
    for (const [value, message] of cases) {
      const res = await core.api("PUT", `/users/${me.id}`, {
        token: me.token,
        body: { defaultTicketsManagerWidth: value },
      });
      expect(res.status, String(value)).toBe(400);
      expect(res.body.fields, String(value)).toEqual({ defaultTicketsManagerWidth: message });
    }
    expect(await width(me.id)).toBe(550);
  });

  it("refuses a plain user setting another user's width", async () => {
    const me = await signedIn(core, { companyId: w.companyId, profile: "user" });
    const other = await signedIn(core, { companyId: w.companyId, profile: "user" });
    const res = await core.api("PUT", `/users/${other.id}`, {
      token: me.token,
      body: { defaultTicketsManagerWidth: 900 },
    });
    expect(res.status).toBe(403);
    expect(await width(other.id)).toBe(550);
  });
});

describe("#users.validation name", () => {
  it("answers 'Required' for an empty or blank name, on create and on update", async () => {
    for (const name of ["", "   "]) {
      const created = await core.api("POST", "/users", {
        token: w.admin.token,
        body: { name, email: `blank-${Date.now()}@example.com`, password: "Secret12" },
      });
      expect(created.status, JSON.stringify(name)).toBe(400);
      expect(created.body.fields, JSON.stringify(name)).toEqual({ name: "Required" });
      const updated = await core.api("PUT", `/users/${w.admin.id}`, { token: w.admin.token, body: { name } });
      expect(updated.status, JSON.stringify(name)).toBe(400);
      expect(updated.body.fields, JSON.stringify(name)).toEqual({ name: "Required" });
    }
    const stored = await w.pool.query("SELECT name FROM users WHERE id = $1", [w.admin.id]);
    expect(stored.rows[0].name).toBe("User");
  });

  it("still answers 'Too Short!' for a one-letter name", async () => {
    const res = await core.api("PUT", `/users/${w.admin.id}`, { token: w.admin.token, body: { name: "A" } });
    expect(res.body.fields).toEqual({ name: "Too Short!" });
  });
});
