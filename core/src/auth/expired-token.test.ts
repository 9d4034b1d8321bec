// An access token that merely expired is refreshed, not a sign-out (403 then
// refresh); a token whose session ended signs the client out (401) — on REST,
// the sync endpoints and the realtime socket alike (spec 1 §4 Session).
import { randomUUID } from "node:crypto";
import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { buildCompany, buildUser } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";

const core = coreForFile();

/** A signed-in user of a fresh company. */
async function signedIn() {
  const company = await buildCompany(core.db.pool);
  const u = await buildUser(core.db.pool, { companyId: company.id });
  const session = await core.login(u.email, u.password);
  return { user: u, token: session.token, cookie: session.cookie };
}

/** The same session's token as core signed it, but expired a minute ago. */
async function expiredTwin(token: string): Promise<string> {
  const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ cid: claims.cid, sid: claims.sid, prof: claims.prof, sup: claims.sup })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.sub)
    .setIssuedAt(now - 1000)
    .setExpirationTime(now - 60)
    .sign(new TextEncoder().encode(core.config.jwtSecret));
}

/** The three ways a client reaches core with its token: REST, pull and push. */
const calls = (token: string) => [
  core.api("GET", "/auth/me", { token }),
  core.api("GET", "/sync/pull", { token }),
  core.api("POST", "/sync/push", { token, body: { clientId: `client-${randomUUID()}`, mutations: [] } }),
];

/** The HTTP status a /ws upgrade with this token gets (101 when it opens). */
function upgradeStatus(token: string): Promise<number> {
  const ws = new WebSocket(`${core.url.replace("http", "ws")}/ws?token=${token}`);
  return new Promise((resolve) => {
    ws.once("open", () => {
      ws.close();
      resolve(101);
    });
    ws.once("unexpected-response", (_req, res) => resolve(res.statusCode ?? 0));
  });
}

describe("#auth an expired access token", () => {
  it("answers 403 ERR_INVALID_TOKEN everywhere, and the refreshed token then works everywhere", async () => {
    const s = await signedIn();
    const expired = await expiredTwin(s.token);

    for (const res of await Promise.all(calls(expired))) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        error: "ERR_INVALID_TOKEN",
        message: "Invalid token. We'll try to assign a new one on next request",
      });
    }
    expect(await upgradeStatus(expired)).toBe(403);

    // What the PWA does on a 403: one refresh with its cookie, then the retry.
    const refreshed = await core.api("POST", "/auth/refresh_token", { cookie: s.cookie });
    expect(refreshed.status).toBe(200);
    const fresh = refreshed.body.token as string;
    const [me, pull, push] = await Promise.all(calls(fresh));
    expect(me!.status).toBe(200);
    expect(me!.body.id).toBe(s.user.id);
    expect(pull!.status).toBe(200);
    expect(push!.body).toEqual({ results: [] });
    expect(await upgradeStatus(fresh)).toBe(101);
  });
});

describe("#auth a token whose session ended", () => {
  const expectSignedOut = async (token: string) => {
    for (const res of await Promise.all(calls(token))) {
      expect(res.status).toBe(401);
      expect(res.body.error).toBe("ERR_SESSION_EXPIRED");
    }
    expect(await upgradeStatus(token)).toBe(401);
  };

  it("answers 401 ERR_SESSION_EXPIRED after a second login", async () => {
    const s = await signedIn();
    await core.login(s.user.email, s.user.password);
    await expectSignedOut(s.token);
  });

  it("answers 401 ERR_SESSION_EXPIRED after a logout", async () => {
    const s = await signedIn();
    expect((await core.api("DELETE", "/auth/logout", { token: s.token })).status).toBe(204);
    await expectSignedOut(s.token);
  });

  it("answers 401 ERR_SESSION_EXPIRED once the user is deleted", async () => {
    const s = await signedIn();
    await core.db.pool.query("DELETE FROM users WHERE id = $1", [s.user.id]);
    await expectSignedOut(s.token);
  });

  it("an expired token of an ended session is refused by the refresh that follows its 403", async () => {
    const s = await signedIn();
    const expired = await expiredTwin(s.token);
    await core.login(s.user.email, s.user.password);

    // The token alone cannot tell: expired is expired. The refresh cookie can.
    expect((await core.api("GET", "/auth/me", { token: expired })).status).toBe(403);
    const refreshed = await core.api("POST", "/auth/refresh_token", { cookie: s.cookie });
    expect(refreshed.status).toBe(401);
    expect(refreshed.body.error).toBe("ERR_SESSION_EXPIRED");
  });
});
