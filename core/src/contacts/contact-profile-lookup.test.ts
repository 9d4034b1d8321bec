// GET /contacts/profile/{number} as an oracle (issue 7, decision 0044): a plain user who reads
// numbers masked under LGPD must not learn, number by number, which full numbers are contacts,
// and nobody may ask without limit.
import { beforeEach, describe, expect, it } from "vitest";
import { hideNumbersForTest } from "../testing/contacts-factories.ts";
import { buildCompany, buildContact, buildUser } from "../testing/factories.ts";
import { TEST_LIMITS } from "../testing/test-core.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const LOOKUPS = 8;
const core = coreForFile({
  limits: { ...TEST_LIMITS, contactLookupPerUser: { max: LOOKUPS, windowSeconds: 600 } },
});

const person = "5511987654321";
const twinA = "5521911112233";
const twinB = "5521922222233";
const group = "120363012345678901";

const w = forFile(async () => {
  const pool = core.db.pool;
  const companyId = (await buildCompany(pool)).id;
  const token = async (profile: "admin" | "user") => {
    const u = await buildUser(pool, { companyId, profile });
    return (await core.login(u.email, u.password)).token;
  };
  const personId = (await buildContact(pool, { companyId, number: person, name: "Pessoa" })).id;
  await buildContact(pool, { companyId, number: twinA, name: "Gêmeo A" });
  await buildContact(pool, { companyId, number: twinB, name: "Gêmeo B" });
  const groupId = (await buildContact(pool, { companyId, number: group, name: "Grupo" })).id;
  await pool.query("UPDATE contacts SET is_group = true WHERE id = $1 AND company_id = $2", [groupId, companyId]);
  return {
    companyId,
    admin: await token("admin"),
    agent: await token("user"),
    other: await token("user"),
    personId,
    groupId,
  };
});

const lookup = (number: string, token: string) => core.api("GET", `/contacts/profile/${number}`, { token });

beforeEach(async () => {
  await core.db.pool.query("DELETE FROM rate_limits");
});

describe("#contacts.profile under LGPD number hiding", () => {
  it("answers a masked user's whole number exactly as a number that is no contact", async () => {
    await hideNumbersForTest(core.db.pool, w.companyId);
    const known = await lookup(person, w.agent);
    const unknown = await lookup("5511987654320", w.agent);
    expect(known.status).toBe(404);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toMatchObject({ error: "ERR_NO_CONTACT_FOUND" });
    // The admin reads whole numbers, so the whole number finds the contact for them.
    const admin = await lookup(person, w.admin);
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ id: w.personId, contactId: w.personId, number: person });
  });

  it("finds the contact for a masked user by the masked number they see, or a group by its id", async () => {
    await hideNumbersForTest(core.db.pool, w.companyId);
    const seen = await lookup("5511*******21", w.agent);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: w.personId, number: "5511*******21" });
    const grp = await lookup(group, w.agent);
    expect(grp.status).toBe(200);
    expect(grp.body).toMatchObject({ id: w.groupId, number: group });
    // Two contacts behind one mask: neither is answered (a ticket must not go to the wrong person).
    expect((await lookup("5521*******33", w.agent)).status).toBe(404);
    // A star stands only where the mask hides: a guess with a visible digit replaced is no match.
    expect((await lookup("551*********21", w.agent)).status).toBe(404);
  });

  it("finds the whole number for a plain user when numbers are not hidden", async () => {
    const res = await lookup(person, w.agent);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: w.personId, number: person });
  });
});

describe("#contacts.profile rate limit", () => {
  it("answers a user past the limit 429 with Retry-After, whatever the number, and counts each user apart", async () => {
    for (let i = 0; i < LOOKUPS; i++) {
      expect((await lookup(`55119000000${String(i).padStart(2, "0")}`, w.agent)).status).toBe(404);
    }
    const refused = await lookup(person, w.agent);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error: "ERR_TOO_MANY_REQUESTS" });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another user of the same company has a count of their own.
    expect((await lookup(person, w.other)).status).toBe(200);
    // The window passes: the user may ask again.
    await core.db.pool.query("UPDATE rate_limits SET window_start = window_start - interval '1 hour'");
    expect((await lookup(person, w.agent)).status).toBe(200);
  });
});
