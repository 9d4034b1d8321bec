// A Cloud API, Facebook or Instagram connection's state is what its token proves (issue 22; decision 0093): CONNECTED
// once the Graph API confirmed it at save time, and 'try again' re-checks the token, answering the connection up, or
// down with Meta's reason (190 with subcode 463 expired, 460 revoked; unreachable), never 409. Against the Graph API
// stand-in on loopback, answering as Meta's "Handling Errors" guide shows.
import { describe, expect, it } from "vitest";
import { buildCompany, buildWhatsapp } from "../testing/factories.ts";
import { startFakeGraphPhoneNumbers } from "../testing/fake-graph-phone-numbers.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";

const graph = forFile(startFakeGraphPhoneNumbers, {
  stop: (g) => g.close(),
  afterEach: (g) => {
    g.mode = "ok";
    g.lookups.length = 0;
  },
});
const core = coreForFile(() => ({ graphApiUrl: graph.url }));

let seq = 0;
const newNumber = () => `2${process.pid}${Date.now() % 1_000_000}${++seq}`;

async function admin() {
  const c = await buildCompany(core.db.pool);
  return { companyId: c.id, token: (await signedIn(core, { companyId: c.id, profile: "admin" })).token };
}

async function cloudConnection(a: { token: string }, accessToken: string) {
  const number = newNumber();
  graph.grant(number, accessToken);
  const res = await core.api("POST", "/whatsapp", {
    token: a.token,
    body: { name: `Cloud ${++seq}`, channel: "whatsappapi", phoneNumberId: number, accessToken },
  });
  expect(res.status).toBe(201);
  return { id: res.body.id as number, number };
}

const row = async (id: number) =>
  (
    await core.db.pool.query<{ status: string; status_reason: Record<string, unknown> | null }>(
      "SELECT status, status_reason FROM whatsapps WHERE id = $1",
      [id],
    )
  ).rows[0]!;

describe("#whatsapp Cloud API connection state", () => {
  it("is CONNECTED once saved with a number and token the Graph API confirmed, and answers its number in clear", async () => {
    const a = await admin();
    const { id, number } = await cloudConnection(a, "good-token");
    const res = await core.api("GET", `/whatsapp/${id}`, { token: a.token });
    expect(res.body).toMatchObject({ status: "CONNECTED", statusReason: null, phoneNumberId: number });
    expect(res.body).not.toHaveProperty("accessToken");
  });

  it("'try again' re-checks the token: 190/463 reads expired, 190/460 revoked, and a good token brings it back", async () => {
    const a = await admin();
    const { id, number } = await cloudConnection(a, "soon-expired");
    graph.revoke("soon-expired", 463);
    const expired = await core.api("POST", `/whatsappsession/${id}`, { token: a.token });
    expect(expired.status).toBe(200);
    expect(expired.body.status).toBe("DISCONNECTED");
    expect(expired.body.statusReason).toMatchObject({ reason: "token-expired", retryAt: null });
    expect(expired.body.statusReason.detail).toContain("code 190/463");
    expect(graph.lookups.at(-1)).toEqual({ path: `/v21.0/${number}?fields=id`, authorization: "Bearer soon-expired" });
    const since = expired.body.statusReason.since;

    // The same reason again keeps its start.
    const again = await core.api("POST", `/whatsappsession/${id}`, { token: a.token });
    expect(again.body.statusReason).toMatchObject({ reason: "token-expired", since });

    // An edit with a new token the Graph API confirms brings the connection back at once.
    graph.grant(number, "fresh-token");
    const edited = await core.api("PUT", `/whatsapp/${id}`, { token: a.token, body: { accessToken: "fresh-token" } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: "CONNECTED", statusReason: null });

    graph.revoke("fresh-token", 460);
    const revoked = await core.api("POST", `/whatsappsession/${id}`, { token: a.token });
    expect(revoked.body.statusReason).toMatchObject({ reason: "token-revoked" });
  });

  it("refuses an edit whose new token does not reach the number, and changes nothing", async () => {
    const a = await admin();
    const { id } = await cloudConnection(a, "kept-token");
    const res = await core.api("PUT", `/whatsapp/${id}`, { token: a.token, body: { accessToken: "not-granted" } });
    expect(res.status).toBe(400);
    const { rows } = await core.db.pool.query("SELECT access_token FROM whatsapps WHERE id = $1", [id]);
    expect(rows[0].access_token).toBe("kept-token");
  });

  it("reads graph-unreachable when the Graph API fails, and up again once it answers", async () => {
    const a = await admin();
    const { id } = await cloudConnection(a, "tok-unreach");
    graph.mode = "error";
    const down = await core.api("POST", `/whatsappsession/${id}`, { token: a.token });
    expect(down.body).toMatchObject({ status: "DISCONNECTED", statusReason: { reason: "graph-unreachable" } });
    graph.mode = "ok";
    const up = await core.api("POST", `/whatsappsession/${id}`, { token: a.token });
    expect(up.body).toMatchObject({ status: "CONNECTED", statusReason: null });
    expect(await row(id)).toEqual({ status: "CONNECTED", status_reason: null });
  });

  it("the super user's overview reads the same state and reason", async () => {
    const a = await admin();
    const { id } = await cloudConnection(a, "tok-overview");
    graph.revoke("tok-overview", 463);
    await core.api("POST", `/whatsappsession/${id}`, { token: a.token });
    const su = await core.login("admin@chatflow.local", "chatflow");
    const all = await core.api("GET", "/whatsapp/all", { token: su.token });
    expect(all.body.find((r: { id: number }) => r.id === id)).toMatchObject({
      status: "DISCONNECTED",
      statusReason: { reason: "token-expired" },
    });
  });

  it("answers 404 for another company's connection, and checks nothing", async () => {
    const a = await admin();
    const other = await buildCompany(core.db.pool);
    const theirs = await buildWhatsapp(core.db.pool, {
      companyId: other.id,
      phoneNumberId: newNumber(),
      accessToken: "theirs",
    });
    const res = await core.api("POST", `/whatsappsession/${theirs.id}`, { token: a.token });
    expect(res.status).toBe(404);
    expect(graph.lookups).toEqual([]);
    expect((await row(theirs.id)).status).toBe("CONNECTED");
  });

  it("a plain user may not re-check a connection", async () => {
    const a = await admin();
    const { id } = await cloudConnection(a, "tok-user");
    const user = await signedIn(core, { companyId: a.companyId, profile: "user" });
    expect((await core.api("POST", `/whatsappsession/${id}`, { token: user.token })).status).toBe(403);
  });
});
