import { describe, expect, it } from "vitest";
import { buildCompany } from "../testing/factories.ts";
import { startFakeGraphPages } from "../testing/fake-graph-pages.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildPlan, setCompanyPlan, signedIn } from "../testing/users-factories.ts";

const graph = forFile(() => startFakeGraphPages(), { afterEach: (g) => g.reset(), stop: (g) => g.close() });
const core = coreForFile(() => ({ graphApiUrl: graph.url }));

let n = 0;
/** A fresh company with an admin and a plain user, and a Facebook user managing two pages (one with Instagram). */
async function world() {
  const c = await buildCompany(core.db.pool);
  const k = `${Date.now() % 1e9}${++n}`;
  const pages = [
    { id: `1${k}`, name: `Loja ${k}`, accessToken: `page-a-${k}` },
    {
      id: `2${k}`,
      name: `Outlet ${k}`,
      accessToken: `page-b-${k}`,
      instagram: { id: `3${k}`, username: `outlet${k}` },
    },
  ];
  const userId = `9${k}`;
  graph.user(userId, `user-token-${k}`, pages);
  return {
    id: c.id,
    pages,
    body: { facebookUserId: userId, facebookUserToken: `user-token-${k}` },
    admin: await signedIn(core, { companyId: c.id, profile: "admin" }),
    agent: await signedIn(core, { companyId: c.id, profile: "user" }),
  };
}

const stored = async (companyId: number) =>
  (
    await core.db.pool.query(
      `SELECT channel, name, status, page_id AS "pageId", account_id AS "accountId", access_token AS "accessToken"
       FROM whatsapps WHERE company_id = $1 ORDER BY id`,
      [companyId],
    )
  ).rows;

describe("#facebook.connect", () => {
  it("creates one facebook connection per page and one instagram per linked account, subscribed, tokens never answered", async () => {
    const w = await world();
    const res = await core.api("POST", "/facebook", { token: w.admin.token, body: { ...w.body, addInstagram: true } });
    expect(res.status).toBe(201);
    expect(res.body.whatsapps.map((x: { channel: string; name: string }) => [x.channel, x.name])).toEqual([
      ["facebook", w.pages[0]!.name],
      ["facebook", w.pages[1]!.name],
      ["instagram", `Insta ${w.pages[1]!.instagram!.username}`],
    ]);
    expect(res.body.whatsapps[0]).toMatchObject({ status: "CONNECTED", isDefault: true, hasAccessToken: true });
    const text = JSON.stringify(res.body);
    for (const p of w.pages) expect(text).not.toContain(p.accessToken);
    expect(text).not.toContain(w.body.facebookUserToken);
    expect(await stored(w.id)).toEqual([
      expect.objectContaining({ channel: "facebook", pageId: w.pages[0]!.id, accountId: w.pages[0]!.id }),
      expect.objectContaining({ channel: "facebook", pageId: w.pages[1]!.id, accessToken: w.pages[1]!.accessToken }),
      expect.objectContaining({ channel: "instagram", pageId: w.pages[1]!.id, accountId: w.pages[1]!.instagram!.id }),
    ]);
    expect(graph.subscriptions.map((s) => [s.pageId, s.authorization]).sort()).toEqual(
      w.pages.map((p) => [p.id, `Bearer ${p.accessToken}`]),
    );
    expect(graph.subscriptions[0]!.fields).toContain("message_echoes");
  });

  it("without addInstagram connects the pages only; connecting again refreshes the tokens, never doubles", async () => {
    const w = await world();
    expect((await core.api("POST", "/facebook", { token: w.admin.token, body: w.body })).status).toBe(201);
    expect((await stored(w.id)).map((r) => r.channel)).toEqual(["facebook", "facebook"]);
    w.pages[0]!.accessToken = "page-a-renewed";
    const again = await core.api("POST", "/facebook", { token: w.admin.token, body: w.body });
    expect(again.status).toBe(201);
    const rows = await stored(w.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.accessToken).toBe("page-a-renewed");
    // Editing the connection's settings keeps its page and token; leaving the channel drops them.
    const id = again.body.whatsapps[0].id;
    const edit = await core.api("PUT", `/whatsapp/${id}`, { token: w.admin.token, body: { greetingMessage: "Oi!" } });
    expect(edit.status).toBe(200);
    expect((await stored(w.id))[0]).toMatchObject({ pageId: w.pages[0]!.id, accessToken: "page-a-renewed" });
    await core.api("PUT", `/whatsapp/${id}`, { token: w.admin.token, body: { channel: "whatsapp" } });
    expect((await stored(w.id))[0]).toMatchObject({ pageId: null, accountId: null, accessToken: null });
  });

  it("refuses a user token Facebook does not accept with a clear error, and stores nothing", async () => {
    const w = await world();
    const res = await core.api("POST", "/facebook", {
      token: w.admin.token,
      body: { ...w.body, facebookUserToken: "expired-token" },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: "ERR_VALIDATION",
      fields: { facebookUserToken: "Facebook did not accept this user token" },
    });
    expect(await stored(w.id)).toEqual([]);
    expect(graph.subscriptions).toEqual([]);
  });

  it("answers ERR_GRAPH_API_UNAVAILABLE when the Graph API fails, and validates the input at the edge", async () => {
    const w = await world();
    graph.mode = "error";
    const down = await core.api("POST", "/facebook", { token: w.admin.token, body: w.body });
    expect(down.status).toBe(502);
    expect(down.body.error).toBe("ERR_GRAPH_API_UNAVAILABLE");
    graph.mode = "ok";
    for (const body of [
      { ...w.body, facebookUserId: "../me" },
      { ...w.body, facebookUserToken: "a b" },
      { ...w.body, facebookUserToken: "x".repeat(3000) },
      { facebookUserId: w.body.facebookUserId },
    ]) {
      const res = await core.api("POST", "/facebook", { token: w.admin.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect(graph.calls).toHaveLength(1);
  });

  it("applies the plan: the connection limit and the useInstagram flag refuse the whole request", async () => {
    const w = await world();
    await setCompanyPlan(core.db.pool, w.id, (await buildPlan(core.db.pool, { connections: 1 })).id);
    const res = await core.api("POST", "/facebook", { token: w.admin.token, body: w.body });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("ERR_PLAN_LIMIT_REACHED");
    expect(await stored(w.id)).toEqual([]);
    const noInstagram = await buildPlan(core.db.pool);
    await core.db.pool.query("UPDATE plans SET use_instagram = false WHERE id = $1", [noInstagram.id]);
    await setCompanyPlan(core.db.pool, w.id, noInstagram.id);
    const ig = await core.api("POST", "/facebook", { token: w.admin.token, body: { ...w.body, addInstagram: true } });
    expect(ig.status).toBe(403);
    expect(await stored(w.id)).toEqual([]);
  });

  it("refuses a plain user; a page another company held moves to the company whose admin proved it", async () => {
    const w = await world();
    const agent = await core.api("POST", "/facebook", { token: w.agent.token, body: w.body });
    expect(agent.status).toBe(403);
    expect(await stored(w.id)).toEqual([]);
    const other = await world();
    graph.user(other.body.facebookUserId, other.body.facebookUserToken, [w.pages[0]!]);
    expect((await core.api("POST", "/facebook", { token: w.admin.token, body: w.body })).status).toBe(201);
    const res = await core.api("POST", "/facebook", { token: other.admin.token, body: other.body });
    expect(res.status).toBe(201);
    expect(res.body.whatsapps).toHaveLength(1);
    expect((await stored(other.id))[0]).toMatchObject({ accountId: w.pages[0]!.id });
    expect((await stored(w.id))[0]).toMatchObject({ accountId: null, accessToken: null, status: "DISCONNECTED" });
    // The first company's own answer still lists its connection, without the page.
    const list = await core.api("GET", "/whatsapp", { token: w.admin.token });
    expect(list.body.map((x: { companyId: number }) => x.companyId)).toEqual([w.id, w.id]);
  });
});
