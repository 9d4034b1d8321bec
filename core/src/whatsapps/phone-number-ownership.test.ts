// A Cloud API phone number id is bound only when the Graph API confirms it for the access token given with it
// (decision 0027), and no answer says whether another company holds the number.
import { describe, expect, it } from "vitest";
import { buildCompany } from "../testing/factories.ts";
import { startFakeGraphPhoneNumbers } from "../testing/fake-graph-phone-numbers.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { changeCount, signedIn } from "../testing/users-factories.ts";
import { phoneNumberToProve } from "./phone-number-ownership.ts";

// The fake first: core is configured with its address.
const graph = forFile(startFakeGraphPhoneNumbers, {
  stop: (g) => g.close(),
  afterEach: (g) => {
    g.mode = "ok";
    g.lookups.length = 0;
  },
});
const core = coreForFile(() => ({ graphApiUrl: graph.url }));

let seq = 0;
/** A phone number id no other test uses. */
const newNumber = () => `1${process.pid}${Date.now() % 1_000_000}${++seq}`;

async function admin() {
  const c = await buildCompany(core.db.pool);
  return { companyId: c.id, token: (await signedIn(core, { companyId: c.id, profile: "admin" })).token };
}

const createCloud = (token: string, body: Record<string, unknown>) =>
  core.api("POST", "/whatsapp", { token, body: { name: `Cloud ${++seq}`, channel: "whatsappapi", ...body } });

const holderOf = async (phoneNumberId: string) =>
  (
    await core.db.pool.query<{ id: number; company_id: number; access_token: string }>(
      "SELECT id, company_id, access_token FROM whatsapps WHERE phone_number_id = $1",
      [phoneNumberId],
    )
  ).rows;

const connectionsOf = async (companyId: number) =>
  (
    await core.db.pool.query<{ n: number }>("SELECT count(*)::int AS n FROM whatsapps WHERE company_id = $1", [
      companyId,
    ])
  ).rows[0]!.n;

describe("#whatsapp Cloud API phone number ownership", () => {
  it("binds a number the Graph API confirms for the access token, asking with that token", async () => {
    const a = await admin();
    const number = newNumber();
    graph.grant(number, "token-a");
    const res = await createCloud(a.token, { phoneNumberId: number, accessToken: "token-a" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ hasPhoneNumberId: true, hasAccessToken: true });
    expect(graph.lookups).toEqual([{ path: `/v21.0/${number}?fields=id`, authorization: "Bearer token-a" }]);
    expect(await holderOf(number)).toEqual([{ id: res.body.id, company_id: a.companyId, access_token: "token-a" }]);
  });

  it("answers the same neutral refusal whether or not another company holds the number, and stores nothing", async () => {
    const holder = await admin();
    const held = newNumber();
    graph.grant(held, "holder-token");
    expect((await createCloud(holder.token, { phoneNumberId: held, accessToken: "holder-token" })).status).toBe(201);
    const free = newNumber();
    graph.grant(free, "someone-else");

    const a = await admin();
    const onHeld = await createCloud(a.token, { phoneNumberId: held, accessToken: "guess" });
    const onFree = await createCloud(a.token, { phoneNumberId: free, accessToken: "guess" });
    const onUnknown = await createCloud(a.token, { phoneNumberId: newNumber(), accessToken: "guess" });
    const withBadToken = await createCloud(a.token, { phoneNumberId: held, accessToken: "invalid-token" });
    const answers = [onHeld, onFree, onUnknown, withBadToken];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        error: "ERR_VALIDATION",
        message: "Meta did not confirm this phone number id for this access token",
        fields: { phoneNumberId: "Meta did not confirm this phone number id for this access token" },
      });
    }
    expect(await connectionsOf(a.companyId)).toBe(0);
    expect((await holderOf(held)).map((r) => r.company_id)).toEqual([holder.companyId]);
  });

  it("refuses without asking when there is no access token or the id is not a phone number id", async () => {
    const a = await admin();
    const cases = [{ phoneNumberId: newNumber() }, { phoneNumberId: "../../me", accessToken: "t" }];
    for (const body of cases) {
      const res = await createCloud(a.token, body);
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({
        phoneNumberId: "Meta did not confirm this phone number id for this access token",
      });
    }
    expect(graph.lookups).toEqual([]);
    // No number at all, or another channel, needs no proof.
    expect((await createCloud(a.token, { accessToken: "t" })).status).toBe(201);
    const baileys = await core.api("POST", "/whatsapp", {
      token: a.token,
      body: { name: `Phone ${++seq}`, channel: "whatsapp", phoneNumberId: newNumber(), accessToken: "t" },
    });
    expect(baileys.status).toBe(201);
    expect(baileys.body.hasPhoneNumberId).toBe(false);
    expect(graph.lookups).toEqual([]);
  });

  it("answers ERR_GRAPH_API_UNAVAILABLE when the Graph API fails or cannot be reached, and stores nothing", async () => {
    const a = await admin();
    const number = newNumber();
    graph.grant(number, "token-a");
    for (const mode of ["error", "reset"] as const) {
      graph.mode = mode;
      const res = await createCloud(a.token, { phoneNumberId: number, accessToken: "token-a" });
      expect(res.status, mode).toBe(502);
      expect(res.body.error).toBe("ERR_GRAPH_API_UNAVAILABLE");
    }
    expect(await connectionsOf(a.companyId)).toBe(0);
  });

  it("takes a confirmed number from the company that held it: its connection loses the number, and is told", async () => {
    const before = await admin();
    const number = newNumber();
    graph.grant(number, "old-token");
    const old = await createCloud(before.token, { phoneNumberId: number, accessToken: "old-token" });
    expect(old.status).toBe(201);

    // The number moved to another Meta account; the new owner's token reaches it.
    const now = await admin();
    graph.grant(number, "new-token");
    const res = await createCloud(now.token, { phoneNumberId: number, accessToken: "new-token" });
    expect(res.status).toBe(201);
    expect(await holderOf(number)).toEqual([{ id: res.body.id, company_id: now.companyId, access_token: "new-token" }]);
    const left = await core.api("GET", `/whatsapp/${old.body.id}`, { token: before.token });
    expect(left.body).toMatchObject({ hasPhoneNumberId: false, hasAccessToken: true });
    // Created, then changed by the move: the other company's replicas hear of it.
    expect(await changeCount(core.db.pool, before.companyId, "whatsapps", old.body.id)).toBe(2);
  });

  it("answers ERR_WAPP_PHONE_NUMBER_ID_IN_USE when another connection of the caller's own company holds it", async () => {
    const a = await admin();
    const number = newNumber();
    graph.grant(number, "token-a");
    expect((await createCloud(a.token, { phoneNumberId: number, accessToken: "token-a" })).status).toBe(201);
    const again = await createCloud(a.token, { phoneNumberId: number, accessToken: "token-a" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("ERR_WAPP_PHONE_NUMBER_ID_IN_USE");
    expect(await connectionsOf(a.companyId)).toBe(1);
  });

  it("proves on update a new number, with the token sent or the one stored, and a new token for the number kept", async () => {
    const a = await admin();
    const first = newNumber();
    graph.grant(first, "stored-token");
    const created = await createCloud(a.token, { phoneNumberId: first, accessToken: "stored-token" });
    const put = (body: Record<string, unknown>) =>
      core.api("PUT", `/whatsapp/${created.body.id}`, { token: a.token, body });
    graph.lookups.length = 0;

    // The same number again, a rename: nothing new is bound, nothing is asked.
    expect((await put({ phoneNumberId: first, name: "Renamed" })).status).toBe(200);
    expect(graph.lookups).toEqual([]);
    // A new token for the number kept is proven (decision 0093): one that does not reach it is refused.
    expect((await put({ accessToken: "rotated-token" })).status).toBe(400);
    graph.grant(first, "rotated-token");
    expect((await put({ accessToken: "rotated-token" })).status).toBe(200);
    expect(graph.lookups.map((l) => l.authorization)).toEqual(["Bearer rotated-token", "Bearer rotated-token"]);
    graph.lookups.length = 0;

    const second = newNumber();
    const refused = await put({ phoneNumberId: second });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toHaveProperty("phoneNumberId");
    expect(graph.lookups).toEqual([{ path: `/v21.0/${second}?fields=id`, authorization: "Bearer rotated-token" }]);
    expect((await holderOf(first)).map((r) => r.id)).toEqual([created.body.id]);

    graph.grant(second, "rotated-token");
    expect((await put({ phoneNumberId: second })).status).toBe(200);
    expect((await holderOf(second)).map((r) => r.id)).toEqual([created.body.id]);
    expect(await holderOf(first)).toEqual([]);
  });

  it("answers 404 for another company's connection before asking the Graph API anything", async () => {
    const owner = await admin();
    const number = newNumber();
    graph.grant(number, "t");
    const theirs = await createCloud(owner.token, { phoneNumberId: number, accessToken: "t" });
    graph.lookups.length = 0;
    const a = await admin();
    const res = await core.api("PUT", `/whatsapp/${theirs.body.id}`, {
      token: a.token,
      body: { phoneNumberId: newNumber(), accessToken: "t" },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_WAPP_FOUND");
    expect(graph.lookups).toEqual([]);
  });
});

describe("phoneNumberToProve", () => {
  const stored = { channel: "whatsappapi", phoneNumberId: "111", accessToken: "tok" };
  it("names the pair a write would bind, and nothing when it binds no new number", () => {
    expect(phoneNumberToProve(null, { channel: "whatsappapi", phoneNumberId: "222", accessToken: "t" })).toEqual({
      phoneNumberId: "222",
      accessToken: "t",
    });
    expect(phoneNumberToProve(stored, { phoneNumberId: "222" })).toEqual({ phoneNumberId: "222", accessToken: "tok" });
    expect(
      phoneNumberToProve({ ...stored, channel: "whatsapp", phoneNumberId: null }, { channel: "whatsappapi" }),
    ).toBe(null);
    expect(phoneNumberToProve(stored, { phoneNumberId: "111", accessToken: "new" })).toBe(null);
    expect(phoneNumberToProve(stored, { phoneNumberId: null })).toBe(null);
    expect(phoneNumberToProve(stored, { channel: "facebook", phoneNumberId: "222" })).toBe(null);
    expect(phoneNumberToProve(null, { channel: "whatsapp", phoneNumberId: "222", accessToken: "t" })).toBe(null);
  });
});
