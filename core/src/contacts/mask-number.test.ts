import { beforeAll, describe, expect, it } from "vitest";
import { setCompanySetting } from "../settings/company-settings.ts";
import { setHideNumbers } from "../testing/contacts-factories.ts";
import { buildCompany, buildContact, buildUser } from "../testing/factories.ts";
import { useTestCore } from "../testing/use-test-core.ts";
import { maskNumber } from "./mask-number.ts";

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

describe("#contacts LGPD number masking", () => {
  const core = useTestCore();
  let companyId: number;
  let admin: string;
  let agent: string;
  let personId: number;
  let groupId: number;
  const person = "5511987654321";
  const group = "120363012345678901";

  beforeAll(async () => {
    const pool = core.db.pool;
    companyId = (await buildCompany(pool)).id;
    const a = await buildUser(pool, { companyId, profile: "admin" });
    const u = await buildUser(pool, { companyId, profile: "user" });
    admin = (await core.login(a.email, a.password)).token;
    agent = (await core.login(u.email, u.password)).token;
    personId = (await buildContact(pool, { companyId, number: person, name: "Pessoa" })).id;
    groupId = (await buildContact(pool, { companyId, number: group, name: "Grupo" })).id;
    await pool.query("UPDATE contacts SET is_group = true WHERE id = $1", [groupId]);
  });

  /** The numbers one caller sees in every contact answer. */
  async function seen(token: string) {
    const list = await core.api("GET", "/contacts", { token });
    const picker = await core.api("GET", "/contacts/list", { token });
    const show = await core.api("GET", `/contacts/${personId}`, { token });
    const showGroup = await core.api("GET", `/contacts/${groupId}`, { token });
    const profile = await core.api("GET", `/contacts/profile/${person}`, { token });
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
    await setHideNumbers(core.db.pool, companyId, true);
    expect(await seen(agent)).toEqual({
      list: { Pessoa: "5511*******21", Grupo: group },
      picker: { Pessoa: "5511*******21", Grupo: group },
      show: "5511*******21",
      showGroup: group,
      profile: "5511*******21",
    });
  });

  it("never masks for an admin", async () => {
    await setHideNumbers(core.db.pool, companyId, true);
    const s = await seen(admin);
    expect([s.list.Pessoa, s.picker.Pessoa, s.show, s.profile]).toEqual([person, person, person, person]);
  });

  it("shows numbers in full when either setting is off", async () => {
    await setHideNumbers(core.db.pool, companyId, true);
    await setCompanySetting(core.db.pool, companyId, "lgpdHideNumber", "disabled");
    expect((await seen(agent)).show).toBe(person);
    await setHideNumbers(core.db.pool, companyId, true);
    await setCompanySetting(core.db.pool, companyId, "enableLGPD", "disabled");
    expect((await seen(agent)).show).toBe(person);
  });

  it("keeps the real number when a masked form is saved back, and masks the answer", async () => {
    await setHideNumbers(core.db.pool, companyId, true);
    const res = await core.api("PUT", `/contacts/${personId}`, {
      token: agent,
      body: { name: "Pessoa Editada", number: "5511*******21", email: "" },
    });
    expect(res.status).toBe(200);
    expect(res.body.number).toBe("5511*******21");
    const { rows } = await core.db.pool.query("SELECT name, number FROM contacts WHERE id = $1", [personId]);
    expect(rows[0]).toEqual({ name: "Pessoa Editada", number: person });
  });

  it("masks the contact a plain user creates in the answer, storing the real number", async () => {
    await setHideNumbers(core.db.pool, companyId, true);
    const res = await core.api("POST", "/contacts", { token: agent, body: { name: "Nova", number: "5521912345678" } });
    expect(res.status).toBe(200);
    expect(res.body.number).toBe("5521*******78");
    const { rows } = await core.db.pool.query("SELECT number FROM contacts WHERE id = $1", [res.body.id]);
    expect(rows[0].number).toBe("5521912345678");
  });
});
