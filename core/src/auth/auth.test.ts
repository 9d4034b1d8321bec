import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { buildCompany, buildUser } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { createTokens } from "./tokens.ts";

const core = coreForFile();

/** A realtime socket of this session: the frames it receives and the close code it ends with. */
async function openSocket(token: string) {
  const ws = new WebSocket(`${core.url.replace("http", "ws")}/ws?token=${token}`);
  const frames: unknown[] = [];
  ws.on("message", (d) => frames.push(JSON.parse(String(d))));
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const closed = new Promise<number>((resolve) => ws.once("close", (code) => resolve(code)));
  return { frames, closed };
}

describe("#auth.login", () => {
  it("answers a token and the user with the company's due date", async () => {
    const res = await core.api("POST", "/auth/login", {
      body: { email: "ADMIN@chatflow.local", password: "chatflow" },
    });
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe("string");
    expect(res.body.user).toMatchObject({ id: 1, profile: "admin", super: true, companyId: 1 });
    expect(res.body.user.company).toMatchObject({ id: 1, name: "Empresa 1", dueDate: "2999-12-31" });
    // The seeded plan has every flag on (core/src/db/seed.ts).
    expect(res.body.user.company.plan).toMatchObject({ useKanban: true, useCampaigns: true, useOpenAi: true });
    expect(res.body.user.passwordHash).toBeUndefined();
    expect(res.headers.get("set-cookie")).toMatch(/jrt=.+HttpOnly/i);
  });

  it("refuses a wrong password and an unknown e-mail alike", async () => {
    for (const body of [
      { email: "admin@chatflow.local", password: "wrong" },
      { email: "nobody@chatflow.local", password: "chatflow" },
    ]) {
      const res = await core.api("POST", "/auth/login", { body });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("ERR_INVALID_CREDENTIALS");
    }
  });

  it("validates the request with the contract's messages", async () => {
    const res = await core.api("POST", "/auth/login", { body: { email: "not-an-email", password: "" } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_VALIDATION");
    expect(res.body.fields.email).toBe("Invalid email");
  });
});

describe("#auth.refresh_token", () => {
  it("rotates the refresh token and ends the session when an old one comes back", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await buildUser(core.db.pool, { companyId: company.id });
    const first = await core.login(u.email, u.password);

    const r1 = await core.api("POST", "/auth/refresh_token", { cookie: first.cookie });
    expect(r1.status).toBe(200);
    const second = (r1.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(second).not.toBe(first.cookie);
    expect((await core.api("GET", "/auth/me", { token: r1.body.token })).body.id).toBe(u.id);

    // Replayed within the grace (tabs refreshing together, a reload mid-refresh): an access token for the same
    // session and a cookie of its own, so the client no longer holds the used one.
    const race = await core.api("POST", "/auth/refresh_token", { cookie: first.cookie });
    expect(race.status).toBe(200);
    const raceCookie = (race.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(raceCookie).toMatch(/=.+/);
    expect([first.cookie, second]).not.toContain(raceCookie);
    expect((await core.api("GET", "/auth/me", { token: race.body.token })).body.id).toBe(u.id);

    // Replayed later, the rotated cookie is theft or a bug: the whole session ends, its sockets told.
    await core.db.pool.query("UPDATE refresh_tokens SET used_at = used_at - interval '31 seconds' WHERE user_id = $1", [
      u.id,
    ]);
    const { frames, closed } = await openSocket(r1.body.token);
    const replay = await core.api("POST", "/auth/refresh_token", { cookie: first.cookie });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe("ERR_SESSION_EXPIRED");
    expect(await closed).toBe(4001);
    expect(frames).toContainEqual({ type: "logout", reason: "LOGGED_OUT" });
    expect((await core.api("POST", "/auth/refresh_token", { cookie: second })).status).toBe(401);
    expect((await core.api("GET", "/auth/me", { token: r1.body.token })).status).toBe(401);
  });

  it("keeps the session of a page reloaded while its refresh was in flight (the answer's cookie never stored)", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await buildUser(core.db.pool, { companyId: company.id });
    const s = await core.login(u.email, u.password);
    // The first load's refresh rotated the cookie, but its answer was lost with the page.
    expect((await core.api("POST", "/auth/refresh_token", { cookie: s.cookie })).status).toBe(200);
    // The reloaded page presents the used cookie at once, and stores what it is answered.
    const reload = await core.api("POST", "/auth/refresh_token", { cookie: s.cookie });
    expect(reload.status).toBe(200);
    const kept = (reload.headers.get("set-cookie") ?? "").split(";")[0]!;
    expect(kept).not.toBe(s.cookie);
    // Long after the grace, the page's next refresh (its access token expired) keeps the session.
    await core.db.pool.query("UPDATE refresh_tokens SET used_at = used_at - interval '31 seconds' WHERE user_id = $1", [
      u.id,
    ]);
    const later = await core.api("POST", "/auth/refresh_token", { cookie: kept });
    expect(later.status).toBe(200);
    expect((await core.api("GET", "/auth/me", { token: later.body.token })).body.id).toBe(u.id);
  });

  it("keeps the session when several tabs refresh with the same cookie at once", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await buildUser(core.db.pool, { companyId: company.id });
    const s = await core.login(u.email, u.password);
    const answers = await Promise.all(
      [1, 2, 3].map(() => core.api("POST", "/auth/refresh_token", { cookie: s.cookie })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // One rotated the cookie, the others came inside the grace: each got a cookie of its own, and every token
    // and every cookie works (whichever cookie the browser keeps last).
    const cookies = answers.map((a) => (a.headers.get("set-cookie") ?? "").split(";")[0]!);
    expect(new Set(cookies).size).toBe(3);
    for (const a of answers) expect((await core.api("GET", "/auth/me", { token: a.body.token })).status).toBe(200);
    for (const cookie of cookies) {
      expect((await core.api("POST", "/auth/refresh_token", { cookie })).status).toBe(200);
    }
  });

  it("answers ERR_SESSION_EXPIRED without a cookie", async () => {
    const res = await core.api("POST", "/auth/refresh_token");
    expect(res.status).toBe(401);
    expect(res.body.error).toBe("ERR_SESSION_EXPIRED");
  });
});

describe("#auth.logout", () => {
  it("ends the session: the token and the refresh cookie stop working", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await buildUser(core.db.pool, { companyId: company.id });
    const s = await core.login(u.email, u.password);
    expect((await core.api("DELETE", "/auth/logout", { token: s.token })).status).toBe(204);
    expect((await core.api("GET", "/auth/me", { token: s.token })).body.error).toBe("ERR_SESSION_EXPIRED");
    expect((await core.api("POST", "/auth/refresh_token", { cookie: s.cookie })).status).toBe(401);
  });
});

describe("#auth tokens", () => {
  it("refuses expired, forged and malformed tokens with 403 ERR_INVALID_TOKEN, for the client to refresh", async () => {
    const s = await core.login("admin@chatflow.local", "chatflow");
    const claims = JSON.parse(Buffer.from(s.token.split(".")[1]!, "base64url").toString());
    const expired = await new SignJWT({ cid: 1, sid: claims.sid, prof: "admin", sup: true })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(core.config.jwtSecret));
    const forged = await createTokens("another-secret-entirely-0123456789", 900).sign({
      userId: 1,
      companyId: 1,
      sessionId: claims.sid,
      profile: "admin",
      super: true,
    });
    const unsigned = `${s.token.split(".").slice(0, 2).join(".")}.`;
    for (const token of [expired, forged, unsigned, "garbage"]) {
      const res = await core.api("GET", "/sync/pull", { token });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe("ERR_INVALID_TOKEN");
    }
    // No token at all is no session: nothing to refresh.
    const none = await core.api("GET", "/sync/pull");
    expect(none.status).toBe(401);
    expect(none.body.error).toBe("ERR_SESSION_EXPIRED");
    expect((await core.api("GET", "/sync/pull", { token: s.token })).status).toBe(200);
  });

  it("a second login ends the first session and tells its socket", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await buildUser(core.db.pool, { companyId: company.id });
    const first = await core.login(u.email, u.password);
    const { frames, closed } = await openSocket(first.token);

    const second = await core.login(u.email, u.password);
    expect(await closed).toBe(4001);
    expect(frames).toContainEqual({ type: "logout", reason: "ERR_SESSION_EXPIRED" });
    expect((await core.api("GET", "/auth/me", { token: first.token })).body.error).toBe("ERR_SESSION_EXPIRED");
    expect((await core.api("GET", "/auth/me", { token: second.token })).status).toBe(200);
  });

  it("a logout closes the session's other sockets telling them it was a logout", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await buildUser(core.db.pool, { companyId: company.id });
    const s = await core.login(u.email, u.password);
    const { frames, closed } = await openSocket(s.token);
    expect((await core.api("DELETE", "/auth/logout", { token: s.token })).status).toBe(204);
    expect(await closed).toBe(4001);
    expect(frames).toContainEqual({ type: "logout", reason: "LOGGED_OUT" });
    expect(frames).not.toContainEqual({ type: "logout", reason: "ERR_SESSION_EXPIRED" });
  });

  it("refuses a WebSocket with an unverifiable token (403) or none (401)", async () => {
    const refusal = (query: string) => {
      const ws = new WebSocket(`${core.url.replace("http", "ws")}/ws${query}`);
      return new Promise<number>((resolve) =>
        ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0)),
      );
    };
    expect(await refusal("?token=nope")).toBe(403);
    expect(await refusal("")).toBe(401);
  });
});

describe("#auth paths that need no session", () => {
  it("answers 404 under /assets without a session, also when core serves no build", async () => {
    for (const token of [undefined, "not-a-token"]) {
      const res = await core.api("GET", "/assets/index-Gone1234.js", { token });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("ERR_NOT_FOUND");
    }
    // Any other unknown path is still behind the session.
    expect((await core.api("GET", "/no-such-route")).status).toBe(401);
  });
});

describe("GET /version", () => {
  it("answers the product version", async () => {
    expect((await core.api("GET", "/version")).body).toEqual({ version: "3.5.0" });
  });
});
