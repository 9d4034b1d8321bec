// Facebook and Instagram tokens that last and tell when they stop (issue 22; decision 0093), against the pages
// stand-in on loopback answering as Meta documents: with FACEBOOK_APP_ID and the app secret the social login's user
// token is exchanged for a long-lived one (GET /oauth/access_token, grant_type fb_exchange_token) and the pages are
// read with it; a page token Meta refuses (190) takes its connections down with the reason and 'try again' says so;
// connecting again ('Reconectar') brings them back.
import { describe, expect, it } from "vitest";
import { buildCompany } from "../testing/factories.ts";
import { startFakeGraphPages } from "../testing/fake-graph-pages.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";

const APP = { id: "424242424242", secret: "e2e-app-secret" };
const graph = forFile(() => startFakeGraphPages(), { afterEach: (g) => g.reset(), stop: (g) => g.close() });
const core = coreForFile(() => ({ graphApiUrl: graph.url, facebookAppId: APP.id, facebookAppSecret: APP.secret }));

let n = 0;
async function world() {
  const c = await buildCompany(core.db.pool);
  const k = `${Date.now() % 1e9}${++n}`;
  const page = { id: `5${k}`, name: `Loja ${k}`, accessToken: `page-${k}` };
  const userId = `8${k}`;
  graph.user(userId, `short-${k}`, [page]);
  graph.app(APP.id, APP.secret);
  return {
    page,
    body: { facebookUserId: userId, facebookUserToken: `short-${k}` },
    admin: await signedIn(core, { companyId: c.id, profile: "admin" }),
  };
}

describe("#facebook.token", () => {
  it("exchanges the user token for a long-lived one and lists the pages with it", async () => {
    const w = await world();
    const res = await core.api("POST", "/facebook", { token: w.admin.token, body: w.body });
    expect(res.status).toBe(201);
    expect(graph.exchanges).toEqual([{ from: w.body.facebookUserToken, to: `long-${w.body.facebookUserToken}` }]);
    const exchange = graph.calls.find((c) => c.startsWith("GET /v21.0/oauth/access_token"))!;
    const q = new URL(`http://x${exchange.slice(4)}`).searchParams;
    expect(Object.fromEntries(q)).toEqual({
      grant_type: "fb_exchange_token",
      client_id: APP.id,
      client_secret: APP.secret,
      fb_exchange_token: w.body.facebookUserToken,
    });
    // The pages were read with the long-lived token, after the exchange.
    expect(graph.calls.findIndex((c) => c.includes("/accounts"))).toBeGreaterThan(graph.calls.indexOf(exchange));
    expect(res.body.whatsapps[0]).toMatchObject({ status: "CONNECTED", statusReason: null });
  });

  it("refuses a user token Meta will not exchange, and connects nothing", async () => {
    const w = await world();
    const res = await core.api("POST", "/facebook", {
      token: w.admin.token,
      body: { ...w.body, facebookUserToken: "not-a-token-of-this-user" },
    });
    expect(res.status).toBe(400);
    expect(graph.calls.some((c) => c.includes("/accounts"))).toBe(false);
  });

  it("a page token Meta refuses (190/460) reads token-revoked on 'try again'; connecting again brings it back", async () => {
    const w = await world();
    const res = await core.api("POST", "/facebook", { token: w.admin.token, body: w.body });
    const id = res.body.whatsapps[0].id as number;
    graph.revoke(w.page.accessToken, 460);
    const down = await core.api("POST", `/whatsappsession/${id}`, { token: w.admin.token });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ status: "DISCONNECTED", statusReason: { reason: "token-revoked" } });
    expect(graph.calls).toContain(`GET /v21.0/${w.page.id}?fields=id`);

    // 'Reconectar': the social login again stores the page's token afresh and the connection is up.
    graph.reset();
    graph.app(APP.id, APP.secret);
    // A new login gives a new short-lived token.
    graph.user(w.body.facebookUserId, `${w.body.facebookUserToken}-again`, [w.page]);
    const again = await core.api("POST", "/facebook", {
      token: w.admin.token,
      body: { ...w.body, facebookUserToken: `${w.body.facebookUserToken}-again` },
    });
    expect(again.status).toBe(201);
    expect(again.body.whatsapps[0]).toMatchObject({ id, status: "CONNECTED", statusReason: null });
    const up = await core.api("POST", `/whatsappsession/${id}`, { token: w.admin.token });
    expect(up.body).toMatchObject({ status: "CONNECTED", statusReason: null });
  });
});
