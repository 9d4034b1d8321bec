import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { changesAfter, lastSeq } from "../testing/contacts-factories.ts";
import { buildCompany, buildContact, buildQueue, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { twoCompanies } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(async () => {
  const world = await twoCompanies(core);
  const { pool, companyId, otherCompanyId } = world;
  const contact = await buildContact(pool, { companyId, name: "Maria Souza" });
  const otherContact = await buildContact(pool, { companyId: otherCompanyId, name: "Outra" });
  const queue = await buildQueue(pool, { companyId });
  const otherQueue = await buildQueue(pool, { companyId: otherCompanyId });
  const wa = await buildWhatsapp(pool, { companyId });
  return {
    ...world,
    contactId: contact.id,
    otherContactId: otherContact.id,
    queueId: queue.id,
    otherQueueId: otherQueue.id,
    whatsappId: wa.id,
  };
});

const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

async function create(token: string, body: Record<string, unknown>) {
  return core.api("POST", "/schedules", { token, body: { contactId: w.contactId, sendAt: inAnHour(), ...body } });
}

describe("#schedules.create", () => {
  it("stores every field of the dialog, answers the schedule with its contact, and announces it", async () => {
    const before = await lastSeq(core.db.pool, w.companyId);
    const sendAt = inAnHour();
    const res = await core.api("POST", "/schedules", {
      token: w.agent,
      body: {
        body: "Olá {{firstName}}, lembrete da consulta",
        contactId: w.contactId,
        sendAt,
        assinar: true,
        openTicket: "enabled",
        ticketUserId: w.agentId,
        queueId: w.queueId,
        statusTicket: "open",
        intervalo: 2,
        valorIntervalo: 1,
        enviarQuantasVezes: 3,
        tipoDias: 5,
        whatsappId: w.whatsappId,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      body: "Olá {{firstName}}, lembrete da consulta",
      contactId: w.contactId,
      contact: { id: w.contactId, name: "Maria Souza" },
      sendAt: new Date(sendAt).toISOString(),
      sentAt: null,
      status: "PENDENTE",
      assinar: true,
      openTicket: "enabled",
      ticketUserId: w.agentId,
      ticketUser: { id: w.agentId },
      queueId: w.queueId,
      statusTicket: "open",
      intervalo: 2,
      valorIntervalo: 1,
      enviarQuantasVezes: 3,
      sentCount: 0,
      tipoDias: 5,
      whatsappId: w.whatsappId,
      userId: w.agentId,
      companyId: w.companyId,
      mediaPath: null,
    });
    expect(await changesAfter(core.db.pool, w.companyId, before)).toEqual([`schedules:${res.body.id}`]);
  });

  it("takes the spec's defaults: disabled ticket, closed status, days, no repeat, normal days, one send", async () => {
    const res = await create(w.agent, { body: "Mensagem padrão" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      assinar: false,
      openTicket: "disabled",
      statusTicket: "closed",
      intervalo: 1,
      valorIntervalo: 0,
      enviarQuantasVezes: 1,
      tipoDias: 4,
    });
  });

  it("refuses a body under 5 characters with 'Mensagem muito curta', and a missing contact or time with 'Obrigatório'", async () => {
    const short = await create(w.agent, { body: "oi" });
    expect(short.status).toBe(400);
    expect(short.body.error).toBe("ERR_VALIDATION");
    expect(short.body.fields.body).toBe("Mensagem muito curta");
    const missing = await core.api("POST", "/schedules", { token: w.agent, body: { body: "Mensagem longa" } });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toMatchObject({ contactId: "Obrigatório", sendAt: "Obrigatório" });
    const nul = await create(w.agent, { body: "Mensagem\u0000longa" });
    expect(nul.status).toBe(400);
    const badUnit = await create(w.agent, { body: "Mensagem longa", intervalo: 7 });
    expect(badUnit.status).toBe(400);
    expect(badUnit.body.fields.intervalo).toBeTruthy();
  });

  it("refuses another company's contact, queue and user as missing ones", async () => {
    const contact = await create(w.agent, { body: "Mensagem longa", contactId: w.otherContactId });
    expect([contact.status, contact.body.error]).toEqual([404, "ERR_NO_CONTACT_FOUND"]);
    const queue = await create(w.agent, { body: "Mensagem longa", queueId: w.otherQueueId });
    expect([queue.status, queue.body.error]).toEqual([404, "ERR_NO_QUEUE_FOUND"]);
    const { count } = (
      await core.db.pool.query("SELECT count(*)::int AS count FROM schedules WHERE company_id = $1", [w.otherCompanyId])
    ).rows[0];
    expect(count).toBe(0);
  });
});

describe("#schedules.plan-flag", () => {
  it("refuses every schedule call of a company whose plan has useSchedules off", async () => {
    const pool = core.db.pool;
    const plan = await pool.query<{ id: number }>(
      "INSERT INTO plans (name, use_schedules) VALUES ('Sem agenda', false) RETURNING id",
    );
    const company = await buildCompany(pool);
    await pool.query("UPDATE companies SET plan_id = $2 WHERE id = $1", [company.id, plan.rows[0]!.id]);
    const user = await buildUser(pool, { companyId: company.id, profile: "admin" });
    const { token } = await core.login(user.email, user.password);
    const contact = await buildContact(pool, { companyId: company.id });
    for (const [method, url, body] of [
      ["GET", "/schedules", undefined],
      ["POST", "/schedules", { body: "Mensagem longa", contactId: contact.id, sendAt: inAnHour() }],
      ["GET", "/schedules/1", undefined],
      ["DELETE", "/schedules/1", undefined],
    ] as const) {
      const res = await core.api(method, url, { token, body });
      expect([res.status, res.body.error], `${method} ${url}`).toEqual([403, "ERR_NO_PERMISSION"]);
      expect(res.body.message).toBe(
        "Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.",
      );
    }
    await pool.query("UPDATE plans SET use_schedules = true WHERE id = $1", [plan.rows[0]!.id]);
    expect((await core.api("GET", "/schedules", { token })).status).toBe(200);
  });
});

describe("#schedules.list", () => {
  it("pages the company's schedules, searches body and contact name, and filters by contact", async () => {
    const pool = core.db.pool;
    const company = await buildCompany(pool);
    const user = await buildUser(pool, { companyId: company.id, profile: "user" });
    const { token } = await core.login(user.email, user.password);
    const ana = await buildContact(pool, { companyId: company.id, name: "Ana Lima" });
    const bia = await buildContact(pool, { companyId: company.id, name: "Bia Reis" });
    for (let i = 0; i < 22; i++) {
      const res = await core.api("POST", "/schedules", {
        token,
        body: {
          body: `Lembrete número ${i}`,
          contactId: ana.id,
          sendAt: new Date(Date.now() + i * 60_000).toISOString(),
        },
      });
      expect(res.status).toBe(200);
    }
    await core.api("POST", "/schedules", {
      token,
      body: { body: "Cobrança pendente", contactId: bia.id, sendAt: inAnHour() },
    });
    const first = await core.api("GET", "/schedules?pageNumber=1", { token });
    expect(first.body).toMatchObject({ count: 23, hasMore: true });
    expect(first.body.schedules).toHaveLength(20);
    const second = await core.api("GET", "/schedules?pageNumber=2", { token });
    expect(second.body).toMatchObject({ hasMore: false });
    expect(second.body.schedules).toHaveLength(3);
    const ids = new Set([...first.body.schedules, ...second.body.schedules].map((s: { id: number }) => s.id));
    expect(ids.size).toBe(23);

    const byBody = await core.api("GET", "/schedules?searchParam=COBRAN", { token });
    expect(byBody.body.schedules.map((s: { body: string }) => s.body)).toEqual(["Cobrança pendente"]);
    const byName = await core.api("GET", "/schedules?searchParam=bia", { token });
    expect(byName.body.count).toBe(1);
    const byContact = await core.api("GET", `/schedules?contactId=${ana.id}`, { token });
    expect(byContact.body.count).toBe(22);
    // Another company sees none of them.
    const theirs = await core.api("GET", "/schedules", { token: w.otherAdmin });
    expect(theirs.body.schedules.every((s: { companyId: number }) => s.companyId === w.otherCompanyId)).toBe(true);
  });
});

describe("#schedules.update and delete", () => {
  it("edits fields, restarts a failed schedule on a new time, and deletes it", async () => {
    const made = await create(w.agent, { body: "Primeira versão" });
    const id = made.body.id;
    // The send was refused past the 24-hour window (decision 0116): the answer says why, for the dialog.
    await core.db.pool.query(
      "UPDATE schedules SET status = 'ERRO', sent_count = 1, last_error = 'ERR_OUTSIDE_MESSAGING_WINDOW' WHERE id = $1",
      [id],
    );
    const edited = await core.api("PUT", `/schedules/${id}`, {
      token: w.agent,
      body: { body: "Segunda versão", enviarQuantasVezes: 2 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      body: "Segunda versão",
      enviarQuantasVezes: 2,
      status: "ERRO",
      lastError: "ERR_OUTSIDE_MESSAGING_WINDOW",
    });
    const later = new Date(Date.now() + 7_200_000).toISOString();
    const retried = await core.api("PUT", `/schedules/${id}`, { token: w.agent, body: { sendAt: later } });
    expect(retried.body).toMatchObject({ status: "PENDENTE", sentCount: 0, sendAt: later, lastError: null });
    const tooShort = await core.api("PUT", `/schedules/${id}`, { token: w.agent, body: { body: "abc" } });
    expect(tooShort.body.fields.body).toBe("Mensagem muito curta");

    const shown = await core.api("GET", `/schedules/${id}`, { token: w.admin });
    expect(shown.body).toMatchObject({ id, body: "Segunda versão" });
    const before = await lastSeq(core.db.pool, w.companyId);
    const gone = await core.api("DELETE", `/schedules/${id}`, { token: w.agent });
    expect(gone.status).toBe(200);
    expect(await changesAfter(core.db.pool, w.companyId, before)).toEqual([`schedules:${id}`]);
    const again = await core.api("GET", `/schedules/${id}`, { token: w.agent });
    expect([again.status, again.body.error]).toEqual([404, "ERR_NOT_FOUND"]);
  });

  it("answers 404 for another company's schedule on show, edit and delete, and changes nothing", async () => {
    const made = await create(w.agent, { body: "Só desta empresa" });
    const id = made.body.id;
    for (const [method, body] of [
      ["GET", undefined],
      ["PUT", { body: "Invadido por outra" }],
      ["DELETE", undefined],
      ["DELETE", undefined],
    ] as const) {
      const url = method === "DELETE" && body === undefined ? `/schedules/${id}/media-upload` : `/schedules/${id}`;
      const res = await core.api(method, url, { token: w.otherAdmin, body });
      expect([res.status, res.body.error], `${method} ${url}`).toEqual([404, "ERR_NOT_FOUND"]);
    }
    const row = await core.api("GET", `/schedules/${id}`, { token: w.agent });
    expect(row.body.body).toBe("Só desta empresa");
  });
});

describe("#schedules.media-upload", () => {
  const PNG = Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
      "1f15c4890000000d49444154789c6300010000050001" +
      "0d0a2db40000000049454e44ae426082",
    "hex",
  );
  const upload = (token: string, id: number) => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "folheto.png");
    return fetch(`${core.url}/schedules/${id}/media-upload`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
  };
  const fileOf = (mediaPath: string) =>
    path.join(core.config.dataDir, "media", `company-${w.companyId}`, mediaPath.split("/").pop()!);

  it("attaches a file (mediaPath, mediaName), replaces it, and removes it", async () => {
    const id = (await create(w.agent, { body: "Com anexo" })).body.id;
    const res = await upload(w.agent, id);
    expect(res.status).toBe(200);
    const first = await res.json();
    expect(first.mediaName).toBe("folheto.png");
    expect(first.mediaPath).toMatch(new RegExp(`^/media/${w.companyId}/[0-9a-f-]+-folheto\\.png$`));
    expect(existsSync(fileOf(first.mediaPath))).toBe(true);
    const second = await (await upload(w.agent, id)).json();
    expect(second.mediaPath).not.toBe(first.mediaPath);
    expect(existsSync(fileOf(first.mediaPath))).toBe(false);
    const removed = await core.api("DELETE", `/schedules/${id}/media-upload`, { token: w.agent });
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null });
    expect(existsSync(fileOf(second.mediaPath))).toBe(false);
  });

  it("refuses an upload to another company's schedule and keeps no file of it", async () => {
    const id = (await create(w.agent, { body: "Com anexo" })).body.id;
    const res = await upload(w.otherAdmin, id);
    expect(res.status).toBe(404);
    const { readdir } = await import("node:fs/promises");
    const dir = path.join(core.config.dataDir, "media", `company-${w.otherCompanyId}`);
    const left = existsSync(dir) ? await readdir(dir) : [];
    expect(left).toEqual([]);
  });
});

describe("#schedules.sync", () => {
  it("replicates the company's schedules to its users' pulls, and their removal", async () => {
    const boot = await core.api("GET", "/sync/pull", { token: w.agent });
    const made = await create(w.admin, { body: "Aparece no calendário" });
    const pulled = await core.api("GET", `/sync/pull?cursor=${boot.body.cursor}`, { token: w.agent });
    expect(pulled.body.put.schedules.map((s: { id: number }) => s.id)).toContain(made.body.id);
    const theirs = await core.api("GET", "/sync/pull", { token: w.otherAdmin });
    expect(theirs.body.put.schedules.map((s: { id: number }) => s.id)).not.toContain(made.body.id);
    await core.api("DELETE", `/schedules/${made.body.id}`, { token: w.admin });
    const after = await core.api("GET", `/sync/pull?cursor=${pulled.body.cursor}`, { token: w.agent });
    expect(after.body.del.schedules).toEqual([made.body.id]);
  });
});
