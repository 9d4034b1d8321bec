import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { buildTag, changesAfter, lastSeq, tagContact } from "../testing/contacts-factories.ts";
import { buildCompany, buildContact, buildTicket, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { twoCompanies } from "../testing/users-factories.ts";
import { assertContactMayGetTicket } from "./contact-rules.ts";

const core = coreForFile();
const w = forFile(() => twoCompanies(core));

let seq = 0;
const uniqueNumber = () => `55119${String(Date.now() % 100000).padStart(5, "0")}${String(++seq).padStart(3, "0")}`;

async function contactRow(id: number) {
  const { rows } = await core.db.pool.query("SELECT * FROM contacts WHERE id = $1", [id]);
  return rows[0];
}

describe("#contacts.create", () => {
  it("creates a contact with extra info and answers it with its tags and connection", async () => {
    const wa = await buildWhatsapp(core.db.pool, { companyId: w.companyId, channel: "whatsapp" });
    const number = uniqueNumber();
    const before = await lastSeq(core.db.pool, w.companyId);
    const res = await core.api("POST", "/contacts", {
      token: w.agent,
      body: {
        name: "  Maria Souza ",
        number: `+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4, 9)}-${number.slice(9)}`,
        email: "Maria@Example.com",
        extraInfo: [
          { name: "CPF", value: "123" },
          { name: "Cidade", value: "Recife" },
        ],
        whatsappId: wa.id,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Maria Souza",
      number,
      email: "maria@example.com",
      active: true,
      acceptAudioMessage: true,
      disableBot: false,
      isGroup: false,
      channel: "whatsapp",
      whatsappId: wa.id,
      whatsapp: { id: wa.id, channel: "whatsapp" },
      tags: [],
      extraInfo: [
        { id: 1, name: "CPF", value: "123" },
        { id: 2, name: "Cidade", value: "Recife" },
      ],
      companyId: w.companyId,
    });
    expect(await changesAfter(core.db.pool, w.companyId, before)).toEqual([`contacts:${res.body.id}`]);
  });

  it("answers the form's messages for a bad name, number or e-mail and stores nothing", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ number: uniqueNumber() }, "name", "Required"],
      [{ name: "", number: uniqueNumber() }, "name", "Required"],
      [{ name: "A", number: uniqueNumber() }, "name", "Too Short!"],
      [{ name: "x".repeat(51), number: uniqueNumber() }, "name", "Too Long!"],
      [{ name: "Ana" }, "number", "Required"],
      [{ name: "Ana", number: "1234567" }, "number", "Too Short!"],
      [{ name: "Ana", number: "1".repeat(51) }, "number", "Too Long!"],
      [{ name: "Ana", number: uniqueNumber(), email: "not-an-email" }, "email", "Invalid email"],
    ];
    const { rows: before } = await core.db.pool.query("SELECT count(*)::int AS n FROM contacts");
    for (const [body, field, message] of cases) {
      const res = await core.api("POST", "/contacts", { token: w.admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
      expect(res.body.fields[field], JSON.stringify(body)).toBe(message);
    }
    const { rows: after } = await core.db.pool.query("SELECT count(*)::int AS n FROM contacts");
    expect(after[0].n).toBe(before[0].n);
  });

  it("takes a number and extra-info values sent as JSON numbers", async () => {
    const number = uniqueNumber();
    const res = await core.api("POST", "/contacts", {
      token: w.admin,
      body: { name: "Numérico", number: Number(number), extraInfo: [{ name: "Idade", value: 42 }] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ number, extraInfo: [{ id: 1, name: "Idade", value: "42" }] });
  });

  it("refuses a number the company already has with 409 ERR_DUPLICATED_CONTACT, but not another company's", async () => {
    const number = uniqueNumber();
    await buildContact(core.db.pool, { companyId: w.companyId, number, name: "First" });
    const dup = await core.api("POST", "/contacts", { token: w.admin, body: { name: "Second", number } });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toBe("ERR_DUPLICATED_CONTACT");
    const other = await core.api("POST", "/contacts", { token: w.otherAdmin, body: { name: "Elsewhere", number } });
    expect(other.status).toBe(200);
    const { rows } = await core.db.pool.query("SELECT company_id, name FROM contacts WHERE number = $1 ORDER BY id", [
      number,
    ]);
    expect(rows).toEqual([
      { company_id: w.companyId, name: "First" },
      { company_id: w.otherCompanyId, name: "Elsewhere" },
    ]);
  });

  it("refuses another company's connection as the origin with ERR_NO_WAPP_FOUND", async () => {
    const foreign = await buildWhatsapp(core.db.pool, { companyId: w.otherCompanyId });
    const number = uniqueNumber();
    const res = await core.api("POST", "/contacts", {
      token: w.admin,
      body: { name: "Ana", number, whatsappId: foreign.id },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_WAPP_FOUND");
    expect((await core.db.pool.query("SELECT 1 FROM contacts WHERE number = $1", [number])).rowCount).toBe(0);
  });
});

describe("#contacts.list", () => {
  const l = forFile(async () => {
    const pool = core.db.pool;
    const c = await buildCompany(pool);
    // A company of its own so counts are exact.
    const user = await buildUser(pool, { companyId: c.id, profile: "user" });
    const token = (await core.login(user.email, user.password)).token;
    const tagVip = (await buildTag(pool, { companyId: c.id, name: "VIP" })).id;
    const tagLead = (await buildTag(pool, { companyId: c.id, name: "Lead" })).id;
    for (let i = 0; i < 23; i++) {
      await buildContact(pool, {
        companyId: c.id,
        name: `Cliente ${String(i).padStart(2, "0")}`,
        number: `55219000000${String(i).padStart(2, "0")}`,
      });
    }
    const joana = await buildContact(pool, { companyId: c.id, name: "Joana Prado", number: "5581988887777" });
    await pool.query("UPDATE contacts SET email = 'joana@loja.com.br', channel = 'instagram' WHERE id = $1", [
      joana.id,
    ]);
    await tagContact(pool, { companyId: c.id, contactId: joana.id, tagId: tagVip });
    const group = await buildContact(pool, { companyId: c.id, name: "Grupo Vendas", number: "120363000000000001" });
    await pool.query("UPDATE contacts SET is_group = true WHERE id = $1", [group.id]);
    await tagContact(pool, { companyId: c.id, contactId: group.id, tagId: tagLead });
    await buildContact(pool, { companyId: w.otherCompanyId, name: "Joana de outra empresa", number: "5581988887777" });
    return { token, tagVip, tagLead };
  });

  const list = async (query: string) => {
    const res = await core.api("GET", `/contacts${query}`, { token: l.token });
    expect(res.status).toBe(200);
    return res.body;
  };

  it("answers pages of 20 by name with hasMore and the total count", async () => {
    const first = await list("");
    expect(first.count).toBe(25);
    expect(first.hasMore).toBe(true);
    expect(first.contacts).toHaveLength(20);
    expect(first.contacts[0].name).toBe("Cliente 00");
    const second = await list("?pageNumber=2");
    expect(second.hasMore).toBe(false);
    expect(second.contacts.map((c: { name: string }) => c.name)).toEqual([
      "Cliente 20",
      "Cliente 21",
      "Cliente 22",
      "Grupo Vendas",
      "Joana Prado",
    ]);
  });

  it("searches name, number and e-mail, lower-cased", async () => {
    expect((await list("?searchParam=JOANA")).contacts.map((c: { name: string }) => c.name)).toEqual(["Joana Prado"]);
    expect((await list("?searchParam=8888777")).contacts.map((c: { name: string }) => c.name)).toEqual(["Joana Prado"]);
    expect((await list("?searchParam=LOJA.COM")).contacts.map((c: { name: string }) => c.name)).toEqual([
      "Joana Prado",
    ]);
    expect((await list("?searchParam=100%25")).count).toBe(0);
  });

  it("filters by tags (JSON list), channel and groups, and carries each contact's tags", async () => {
    const vip = await list(`?contactTag=${encodeURIComponent(JSON.stringify([l.tagVip]))}`);
    expect(vip.contacts).toHaveLength(1);
    expect(vip.contacts[0]).toMatchObject({ name: "Joana Prado", tags: [{ id: l.tagVip, name: "VIP" }] });
    const either = await list(`?contactTag=${encodeURIComponent(JSON.stringify([l.tagVip, l.tagLead]))}`);
    expect(either.count).toBe(2);
    expect((await list("?channel=instagram")).contacts.map((c: { name: string }) => c.name)).toEqual(["Joana Prado"]);
    expect((await list("?isGroup=true")).contacts.map((c: { name: string }) => c.name)).toEqual(["Grupo Vendas"]);
    expect((await list("?isGroup=false")).count).toBe(24);
  });

  it("lists every contact with few fields for pickers", async () => {
    const res = await core.api("GET", "/contacts/list", { token: l.token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(25);
    expect(Object.keys(res.body[0]).sort()).toEqual([
      "channel",
      "email",
      "id",
      "isGroup",
      "name",
      "number",
      "urlPicture",
    ]);
  });
});

describe("#contacts.show", () => {
  it("answers a contact with extraInfo and tags, and another company's as ERR_NO_CONTACT_FOUND", async () => {
    const c = await buildContact(core.db.pool, { companyId: w.companyId, number: uniqueNumber() });
    const tag = await buildTag(core.db.pool, { companyId: w.companyId });
    await tagContact(core.db.pool, { companyId: w.companyId, contactId: c.id, tagId: tag.id });
    const mine = await core.api("GET", `/contacts/${c.id}`, { token: w.agent });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id: c.id, extraInfo: [], tags: [{ id: tag.id, name: tag.name }] });
    const theirs = await core.api("GET", `/contacts/${c.id}`, { token: w.otherAdmin });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe("ERR_NO_CONTACT_FOUND");
  });

  it("finds a contact by number for the profile call, only in the caller's company", async () => {
    const number = uniqueNumber();
    const c = await buildContact(core.db.pool, { companyId: w.companyId, number });
    const res = await core.api("GET", `/contacts/profile/${number}`, { token: w.agent });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: c.id, contactId: c.id, number });
    const theirs = await core.api("GET", `/contacts/profile/${number}`, { token: w.otherAdmin });
    expect(theirs.status).toBe(404);
    expect(theirs.body.error).toBe("ERR_NO_CONTACT_FOUND");
  });
});

describe("#contacts.update", () => {
  it("changes the fields sent, keeps extraInfo ids of kept items and records the change", async () => {
    const created = await core.api("POST", "/contacts", {
      token: w.admin,
      body: {
        name: "Pedro",
        number: uniqueNumber(),
        extraInfo: [
          { name: "A", value: "1" },
          { name: "B", value: "2" },
        ],
      },
    });
    const id = created.body.id;
    const before = await lastSeq(core.db.pool, w.companyId);
    const newNumber = uniqueNumber();
    const res = await core.api("PUT", `/contacts/${id}`, {
      token: w.agent,
      body: {
        name: "Pedro Alves",
        number: newNumber,
        extraInfo: [
          { id: 2, name: "B", value: "22" },
          { name: "C", value: "3" },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Pedro Alves",
      number: newNumber,
      extraInfo: [
        { id: 2, name: "B", value: "22" },
        { id: 3, name: "C", value: "3" },
      ],
    });
    expect(await changesAfter(core.db.pool, w.companyId, before)).toEqual([`contacts:${id}`]);
  });

  it("refuses a number another contact of the company has, changing nothing", async () => {
    const taken = uniqueNumber();
    await buildContact(core.db.pool, { companyId: w.companyId, number: taken });
    const c = await buildContact(core.db.pool, { companyId: w.companyId, number: uniqueNumber(), name: "Keeps" });
    const res = await core.api("PUT", `/contacts/${c.id}`, {
      token: w.admin,
      body: { name: "Changed", number: taken },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe("ERR_DUPLICATED_CONTACT");
    expect((await contactRow(c.id)).name).toBe("Keeps");
  });

  it("answers 400 for a bad name and 404 for another company's contact, changing nothing", async () => {
    const c = await buildContact(core.db.pool, { companyId: w.companyId, number: uniqueNumber(), name: "Same" });
    const bad = await core.api("PUT", `/contacts/${c.id}`, { token: w.admin, body: { name: "X" } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.name).toBe("Too Short!");
    const foreign = await core.api("PUT", `/contacts/${c.id}`, { token: w.otherAdmin, body: { name: "Stolen" } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("ERR_NO_CONTACT_FOUND");
    expect((await contactRow(c.id)).name).toBe("Same");
  });
});

describe("#contacts.delete", () => {
  it("lets an admin delete a contact with its tickets, and tells replicas", async () => {
    const c = await buildContact(core.db.pool, { companyId: w.companyId, number: uniqueNumber() });
    const t = await buildTicket(core.db.pool, { companyId: w.companyId, contactId: c.id });
    const before = await lastSeq(core.db.pool, w.companyId);
    const res = await core.api("DELETE", `/contacts/${c.id}`, { token: w.admin });
    expect(res.status).toBe(200);
    expect(await contactRow(c.id)).toBeUndefined();
    expect((await core.db.pool.query("SELECT 1 FROM tickets WHERE id = $1", [t.id])).rowCount).toBe(0);
    expect(await changesAfter(core.db.pool, w.companyId, before)).toEqual([`contacts:${c.id}`, `tickets:${t.id}`]);
  });

  it("refuses a plain user (contacts-page:deleteContact) and another company's admin", async () => {
    const c = await buildContact(core.db.pool, { companyId: w.companyId, number: uniqueNumber() });
    const byUser = await core.api("DELETE", `/contacts/${c.id}`, { token: w.agent });
    expect(byUser.status).toBe(403);
    expect(byUser.body.error).toBe("ERR_NO_PERMISSION");
    const byOther = await core.api("DELETE", `/contacts/${c.id}`, { token: w.otherAdmin });
    expect(byOther.status).toBe(404);
    expect(byOther.body.error).toBe("ERR_NO_CONTACT_FOUND");
    expect(await contactRow(c.id)).toBeDefined();
  });
});

describe("#contacts.toggles and block", () => {
  it("flips accept-audio and disable-bot, answering disableBot", async () => {
    const c = await buildContact(core.db.pool, { companyId: w.companyId, number: uniqueNumber() });
    const audio = await core.api("PUT", `/contacts/toggleAcceptAudio/${c.id}`, { token: w.agent });
    expect(audio.status).toBe(200);
    expect(audio.body.acceptAudioMessage).toBe(false);
    const bot = await core.api("PUT", `/contacts/toggleDisableBot/${c.id}`, { token: w.agent });
    expect(bot.body).toEqual({ disableBot: true });
    const back = await core.api("PUT", `/contacts/toggleDisableBot/${c.id}`, { token: w.agent });
    expect(back.body).toEqual({ disableBot: false });
    const row = await contactRow(c.id);
    expect([row.accept_audio_message, row.disable_bot]).toEqual([false, false]);
  });

  it("blocks and unblocks with {active}", async () => {
    const c = await buildContact(core.db.pool, { companyId: w.companyId, number: uniqueNumber() });
    const blocked = await core.api("PUT", `/contacts/block/${c.id}`, { token: w.agent, body: { active: false } });
    expect(blocked.status).toBe(200);
    expect(blocked.body.active).toBe(false);
    expect((await contactRow(c.id)).active).toBe(false);
    const unblocked = await core.api("PUT", `/contacts/block/${c.id}`, { token: w.agent, body: { active: true } });
    expect(unblocked.body.active).toBe(true);
    const noBody = await core.api("PUT", `/contacts/block/${c.id}`, { token: w.agent, body: {} });
    expect(noBody.status).toBe(400);
  });

  it("answers 404 to another company's contact on every switch and changes nothing", async () => {
    const c = await buildContact(core.db.pool, { companyId: w.companyId, number: uniqueNumber() });
    for (const [method, url, body] of [
      ["PUT", `/contacts/toggleAcceptAudio/${c.id}`, undefined],
      ["PUT", `/contacts/toggleDisableBot/${c.id}`, undefined],
      ["PUT", `/contacts/block/${c.id}`, { active: false }],
    ] as const) {
      const res = await core.api(method, url, { token: w.otherAdmin, body });
      expect(res.status, url).toBe(404);
      expect(res.body.error).toBe("ERR_NO_CONTACT_FOUND");
    }
    const row = await contactRow(c.id);
    expect([row.active, row.accept_audio_message, row.disable_bot]).toEqual([true, true, false]);
  });
});

describe("assertContactMayGetTicket", () => {
  it("lets an active contact through and refuses a blocked or foreign one", async () => {
    const pool = core.db.pool;
    const c = await buildContact(pool, { companyId: w.companyId, number: uniqueNumber() });
    const ok = await transaction(pool, (client) => assertContactMayGetTicket(client, w.companyId, c.id));
    expect(ok).toMatchObject({ id: c.id, isGroup: false });
    await core.api("PUT", `/contacts/block/${c.id}`, { token: w.admin, body: { active: false } });
    await expect(
      transaction(pool, (client) => assertContactMayGetTicket(client, w.companyId, c.id)),
    ).rejects.toMatchObject({ code: "ERR_NO_PERMISSION" });
    await expect(
      transaction(pool, (client) => assertContactMayGetTicket(client, w.otherCompanyId, c.id)),
    ).rejects.toMatchObject({ code: "ERR_NO_CONTACT_FOUND" });
  });
});
