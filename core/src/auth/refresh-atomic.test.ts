// A token refresh is one transaction: it rotates the refresh token or changes
// nothing, even when it fails after marking the old token used.
import { describe, expect, it } from "vitest";
import { buildCompany, buildUser } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";

const core = coreForFile();

const tokensOf = async (userId: number) =>
  (
    await core.db.pool.query<{ used: boolean }>(
      "SELECT used_at IS NOT NULL AS used FROM refresh_tokens WHERE user_id = $1 ORDER BY created_at",
      [userId],
    )
  ).rows;

describe("#auth.refresh_token atomicity", () => {
  it("a refresh that fails after the rotation step leaves the old refresh token valid and nothing written", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await buildUser(core.db.pool, { companyId: company.id });
    const s = await core.login(u.email, u.password);
    expect(await tokensOf(u.id)).toEqual([{ used: false }]);

    // The refresh marks the old token used, then stores its successor: make that second write fail.
    await core.db.pool.query(`CREATE FUNCTION refuse_refresh_token() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'successor refused'; END $$`);
    await core.db.pool.query(`CREATE TRIGGER refuse_refresh_token BEFORE INSERT ON refresh_tokens
      FOR EACH ROW EXECUTE FUNCTION refuse_refresh_token()`);
    try {
      const failed = await core.api("POST", "/auth/refresh_token", { cookie: s.cookie });
      expect(failed.status).toBe(500);
      expect(failed.headers.get("set-cookie")).toBeNull();
    } finally {
      await core.db.pool.query("DROP TRIGGER refuse_refresh_token ON refresh_tokens");
      await core.db.pool.query("DROP FUNCTION refuse_refresh_token()");
    }
    // Not marked used: a used one would live only on the reuse grace and, past it, end the session.
    expect(await tokensOf(u.id)).toEqual([{ used: false }]);

    const retried = await core.api("POST", "/auth/refresh_token", { cookie: s.cookie });
    expect(retried.status).toBe(200);
    expect(retried.headers.get("set-cookie")).toMatch(/jrt=.+HttpOnly/i);
    expect(await tokensOf(u.id)).toEqual([{ used: true }, { used: false }]);
    expect((await core.api("GET", "/auth/me", { token: retried.body.token })).body.id).toBe(u.id);
  });

  it("a replayed rotated token ends the session for good, though the refresh itself is refused", async () => {
    const company = await buildCompany(core.db.pool);
    const u = await buildUser(core.db.pool, { companyId: company.id });
    const s = await core.login(u.email, u.password);
    const rotated = await core.api("POST", "/auth/refresh_token", { cookie: s.cookie });
    expect(rotated.status).toBe(200);
    await core.db.pool.query("UPDATE refresh_tokens SET used_at = used_at - interval '31 seconds' WHERE user_id = $1", [
      u.id,
    ]);

    const replay = await core.api("POST", "/auth/refresh_token", { cookie: s.cookie });
    expect(replay.status).toBe(401);
    expect(replay.body.error).toBe("ERR_SESSION_EXPIRED");
    expect(replay.headers.get("set-cookie")).toMatch(/^jrt=;/);
    // The ending was committed before the refusal: no session, no refresh token left.
    const { rows } = await core.db.pool.query<{ session_id: string | null }>(
      "SELECT session_id FROM users WHERE id = $1",
      [u.id],
    );
    expect(rows[0]?.session_id).toBeNull();
    expect(await tokensOf(u.id)).toEqual([]);
  });
});
