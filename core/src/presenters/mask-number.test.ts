import { describe, expect, it } from "vitest";
import { hideNumbersForTest } from "../testing/contacts-factories.ts";
import { buildCompany, buildContact, buildTicket, buildUser } from "../testing/factories.ts";
import { settingForTest } from "../testing/flags.ts";
import type { TestCore } from "../testing/test-core.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { maskedNumberSql, maskNumber } from "./mask-number.ts";

describe("maskNumber", () => {
  it("keeps the first four and last two characters and hides the middle", () => {
    expect(maskNumber("5511987654321")).toBe("5511*******21");
    expect(maskNumber("551199998888")).toBe("5511******88");
    expect(maskNumber("12345678")).toBe("1234**78");
  });

  it("never shows a short number whole", () => {
    expect(maskNumber("1234567")).toBe("1234*67");
    expect(maskNumber("123456")).toBe("****56");
    expect(maskNumber("123")).toBe("*23");
    expect(maskNumber("12")).toBe("12");
  });
});

const person = "5511987654321";
const group = "120363012345678901";

/** A company with a signed-in admin and agent, and two contacts: a person and a group (whose number is never masked). */
async function personAndGroup(core: TestCore) {
  const pool = core.db.pool;
  const companyId = (await buildCompany(pool)).id;
  const a = await buildUser(pool, { companyId, profile: "admin" });
  const u = await buildUser(pool, { companyId, profile: "user" });
  const admin = (await core.login(a.email, a.password)).token;
  const agent = (await core.login(u.email, u.password)).token;
  const personId = (await buildContact(pool, { companyId, number: person, name: "Pessoa" })).id;
  const groupId = (await buildContact(pool, { companyId, number: group, name: "Grupo" })).id;
  await pool.query("UPDATE contacts SET is_group = true WHERE id = $1 AND company_id = $2", [groupId, companyId]);
  return { companyId, admin, agent, agentId: u.id, personId, groupId };
}

describe("#contacts LGPD number masking", () => {
  const core = coreForFile();
  const w = forFile(() => personAndGroup(core));

  /** The numbers one caller sees in every contact answer. */
  async function seen(token: string) {
    const list = await core.api("GET", "/contacts", { token });
    const picker = await core.api("GET", "/contacts/list", { token });
    const show = await core.api("GET", `/contacts/${w.personId}`, { token });
    const showGroup = await core.api("GET", `/contacts/${w.groupId}`, { token });
    // The profile look-up by the number this caller is shown (a masked user knows only the masked one, decision 0044).
    const profile = await core.api("GET", `/contacts/profile/${show.body.number}`, { token });
    const byName = (rows: { name: string; number: string }[]) =>
      Object.fromEntries(rows.map((r) => [r.name, r.number]));
    return {
      list: byName(list.body.contacts),
      picker: byName(picker.body),
      show: show.body.number,
      showGroup: showGroup.body.number,
      profile: profile.body.number,
    };
  }

  it("masks numbers for a plain user when enableLGPD and lgpdHideNumber are on, never groups", async () => {
    await hideNumbersForTest(core.db.pool, w.companyId);
    expect(await seen(w.agent)).toEqual({
      list: { Pessoa: "5511*******21", Grupo: group },
      picker: { Pessoa: "5511*******21", Grupo: group },
      show: "5511*******21",
      showGroup: group,
      profile: "5511*******21",
    });
  });

  it("never masks for an admin", async () => {
    await hideNumbersForTest(core.db.pool, w.companyId);
    const s = await seen(w.admin);
    expect([s.list.Pessoa, s.picker.Pessoa, s.show, s.profile]).toEqual([person, person, person, person]);
  });

  it("shows numbers in full when either setting is off", async () => {
    await hideNumbersForTest(core.db.pool, w.companyId);
    await settingForTest(core.db.pool, w.companyId, "lgpdHideNumber", "disabled");
    expect((await seen(w.agent)).show).toBe(person);
    await hideNumbersForTest(core.db.pool, w.companyId);
    await settingForTest(core.db.pool, w.companyId, "enableLGPD", "disabled");
    expect((await seen(w.agent)).show).toBe(person);
  });

  it("keeps the real number when a masked form is saved back, and masks the answer", async () => {
    await hideNumbersForTest(core.db.pool, w.companyId);
    const res = await core.api("PUT", `/contacts/${w.personId}`, {
      token: w.agent,
      body: { name: "Pessoa Editada", number: "5511*******21", email: "" },
    });
    expect(res.status).toBe(200);
    expect(res.body.number).toBe("5511*******21");
    const { rows } = await core.db.pool.query("SELECT name, number FROM contacts WHERE id = $1", [w.personId]);
    expect(rows[0]).toEqual({ name: "Pessoa Editada", number: person });
  });

  it("masks the contact a plain user creates in the answer, storing the real number", async () => {
    await hideNumbersForTest(core.db.pool, w.companyId);
    const res = await core.api("POST", "/contacts", {
      token: w.agent,
      body: { name: "Nova", number: "5521912345678" },
    });
    expect(res.status).toBe(200);
    expect(res.body.number).toBe("5521*******78");
    const { rows } = await core.db.pool.query("SELECT number FROM contacts WHERE id = $1", [res.body.id]);
    expect(rows[0].number).toBe("5521912345678");
  });
});

describe("#search under LGPD number hiding (decision 0039)", () => {
  const core = coreForFile();
  const w = forFile(async () => {
    const world = await personAndGroup(core);
    const { companyId, personId, groupId, agentId } = world;
    await buildTicket(core.db.pool, { companyId, contactId: personId, status: "open", userId: agentId });
    await buildTicket(core.db.pool, { companyId, contactId: groupId, status: "open", userId: agentId });
    return world;
  });

  /** The contact names each search answers for one caller: list, picker, export and ticket list. */
  async function found(token: string, text: string) {
    const q = encodeURIComponent(text);
    const list = await core.api("GET", `/contacts?searchParam=${q}`, { token });
    const picker = await core.api("GET", `/contacts/list?searchParam=${q}`, { token });
    const tickets = await core.api("GET", `/tickets?searchParam=${q}&status=open`, { token });
    const names = (rows: { name: string }[]) => rows.map((r) => r.name).sort();
    return {
      list: names(list.body.contacts),
      picker: names(picker.body),
      tickets: names(tickets.body.tickets.map((t: { contact: { name: string } }) => t.contact)),
    };
  }
  const none = { list: [], picker: [], tickets: [] };
  const only = (name: string) => ({ list: [name], picker: [name], tickets: [name] });

  it("the SQL mask is the same as maskNumber", async () => {
    const numbers = ["5511987654321", "12345678", "1234567", "123456", "123", "12", "1", ""];
    const { rows } = await core.db.pool.query<{ n: string; m: string }>(
      `SELECT n, ${maskedNumberSql("n")} AS m FROM unnest($1::text[]) AS n`,
      [numbers],
    );
    expect(rows.map((r) => r.m)).toEqual(numbers.map(maskNumber));
  });

  it("a masked user's search never matches hidden digits", async () => {
    await hideNumbersForTest(core.db.pool, w.companyId);
    for (const probe of ["98765", "1198", "5511987654321", "4321", "7654"]) {
      expect(await found(w.agent, probe), probe).toEqual(none);
    }
  });

  it("a masked user finds a contact by the digits they can see, its name, and a group by its whole id", async () => {
    await hideNumbersForTest(core.db.pool, w.companyId);
    expect(await found(w.agent, "5511")).toEqual(only("Pessoa"));
    expect(await found(w.agent, "21")).toEqual(only("Pessoa"));
    expect(await found(w.agent, "pessoa")).toEqual(only("Pessoa"));
    expect(await found(w.agent, "0123456789")).toEqual(only("Grupo"));
  });

  it("an admin, and a user with hiding off, search the whole number", async () => {
    await hideNumbersForTest(core.db.pool, w.companyId);
    expect(await found(w.admin, "98765")).toEqual({ list: ["Pessoa"], picker: ["Pessoa"], tickets: [] });
    await settingForTest(core.db.pool, w.companyId, "lgpdHideNumber", "disabled");
    expect(await found(w.agent, "98765")).toEqual(only("Pessoa"));
  });
});
