import { describe, expect, it } from "vitest";
import { defaultQueueSchedules } from "../contract/queues.ts";
import { coreForFile } from "../testing/test-world.ts";
import { companyWithQueue } from "../testing/users-factories.ts";

const core = coreForFile();

const company = () => companyWithQueue(core);

const create = (token: string, body: Record<string, unknown>) => core.api("POST", "/whatsapp", { token, body });
const update = (token: string, id: number, body: Record<string, unknown>) =>
  core.api("PUT", `/whatsapp/${id}`, { token, body });
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe("#whatsapp connection settings", () => {
  it("answers the spec's defaults for a new connection", async () => {
    const c = await company();
    const res = await create(c.admin.token, { name: "Defaults" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      allowGroup: false,
      outOfHoursMessage: null,
      collectiveVacationMessage: null,
      collectiveVacationStart: null,
      collectiveVacationEnd: null,
      timeCreateNewTicket: 0,
      expiresTicket: 0,
      whenExpiresTicket: 0,
      expiresInactiveMessage: null,
      timeInactiveMessage: 0,
      inactiveMessage: null,
      schedules: [],
      importOldMessages: null,
      importRecentMessages: null,
      importOldMessagesGroups: false,
      closedTicketsPostImported: false,
      queueIdImportMessages: null,
      provider: "beta",
      number: null,
      qrcode: null,
      pairingCode: null,
      statusImportMessages: null,
    });
  });

  it("stores every setting on create, answers it on read, and edits only the fields sent", async () => {
    const c = await company();
    const settings = {
      allowGroup: true,
      outOfHoursMessage: "Fora do horário",
      collectiveVacationMessage: "Férias coletivas",
      collectiveVacationStart: "2026-12-20",
      collectiveVacationEnd: "2027-01-05",
      timeCreateNewTicket: 10,
      expiresTicket: 60,
      whenExpiresTicket: 1,
      expiresInactiveMessage: "Encerrado por inatividade",
      timeInactiveMessage: 15,
      inactiveMessage: "Ainda está aí?",
      schedules: defaultQueueSchedules(),
      importOldMessages: day(-30),
      importRecentMessages: day(-1),
      importOldMessagesGroups: true,
      closedTicketsPostImported: true,
      queueIdImportMessages: c.queue.id,
    };
    const created = await create(c.admin.token, { name: "Full", ...settings });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(settings);
    const read = await core.api("GET", `/whatsapp/${created.body.id}`, { token: c.admin.token });
    expect(read.body).toMatchObject(settings);

    const edited = await update(c.admin.token, created.body.id, { inactiveMessage: "", expiresTicket: 0 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ ...settings, inactiveMessage: null, expiresTicket: 0 });
  });

  it("stores the connection's LGPD labels, refuses a link that is not a web address, and changes nothing then", async () => {
    const c = await company();
    const fresh = await create(c.admin.token, { name: "LGPD" });
    expect(fresh.body).toMatchObject({
      lgpdLink: null,
      lgpdMessage: null,
      lgpdObfuscateDeleted: false,
      lgpdAlwaysConfirm: false,
    });
    const id = fresh.body.id as number;
    const labels = {
      lgpdLink: "https://loja.example/privacidade",
      lgpdMessage: "Usamos seus dados só para o atendimento.",
      lgpdObfuscateDeleted: true,
      lgpdAlwaysConfirm: true,
    };
    const edited = await update(c.admin.token, id, labels);
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject(labels);
    expect((await core.api("GET", `/whatsapp/${id}`, { token: c.admin.token })).body).toMatchObject(labels);

    const bad = await update(c.admin.token, id, { lgpdLink: "loja.example/privacidade", lgpdAlwaysConfirm: false });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: "ERR_VALIDATION", fields: { lgpdLink: "Invalid URL" } });
    const long = await update(c.admin.token, id, { lgpdLink: `https://a.example/${"x".repeat(1000)}` });
    expect(long.body.fields).toEqual({ lgpdLink: "Too Long!" });
    expect((await core.api("GET", `/whatsapp/${id}`, { token: c.admin.token })).body).toMatchObject(labels);

    // Blank texts are no text: the company's then speak.
    const cleared = await update(c.admin.token, id, { lgpdLink: "", lgpdMessage: "  " });
    expect(cleared.body).toMatchObject({ lgpdLink: null, lgpdMessage: null, lgpdAlwaysConfirm: true });
  });

  it("requires both vacation dates with a vacation message, the end not before the start", async () => {
    const c = await company();
    const missing = await create(c.admin.token, { name: "Vacation", collectiveVacationMessage: "Férias" });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ collectiveVacationStart: "Required", collectiveVacationEnd: "Required" });
    const reversed = await create(c.admin.token, {
      name: "Vacation",
      collectiveVacationMessage: "Férias",
      collectiveVacationStart: "2027-01-05",
      collectiveVacationEnd: "2026-12-20",
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.fields).toEqual({ collectiveVacationEnd: "End before start" });
    const impossible = await create(c.admin.token, { name: "Vacation", collectiveVacationStart: "2026-02-30" });
    expect(impossible.status).toBe(400);
    const rows = await core.db.pool.query("SELECT 1 FROM whatsapps WHERE company_id = $1", [c.id]);
    expect(rows.rowCount).toBe(0);
  });

  it("checks the import rules of §5 on the merged values of an edit", async () => {
    const c = await company();
    const created = await create(c.admin.token, { name: "Import" });
    const id = created.body.id as number;
    const noQueue = await update(c.admin.token, id, { importOldMessages: day(-10) });
    expect(noQueue.status).toBe(400);
    expect(noQueue.body.fields).toEqual({ queueIdImportMessages: "Required" });
    const tooOld = await update(c.admin.token, id, { importOldMessages: day(-800), queueIdImportMessages: c.queue.id });
    expect(tooOld.body.fields).toEqual({ importOldMessages: "Date out of range" });
    const future = await update(c.admin.token, id, { importOldMessages: day(2), queueIdImportMessages: c.queue.id });
    expect(future.body.fields).toEqual({ importOldMessages: "Date out of range" });
    const beforeOld = await update(c.admin.token, id, {
      importOldMessages: day(-10),
      importRecentMessages: day(-20),
      queueIdImportMessages: c.queue.id,
    });
    expect(beforeOld.body.fields).toEqual({ importRecentMessages: "Date out of range" });
    const ok = await update(c.admin.token, id, { importOldMessages: day(-10), queueIdImportMessages: c.queue.id });
    expect(ok.status).toBe(200);
    // The queue stays set, so a later edit of the dates alone is checked against it.
    const recent = await update(c.admin.token, id, { importRecentMessages: day(-5) });
    expect(recent.status).toBe(200);
    expect(recent.body).toMatchObject({ importOldMessages: day(-10), importRecentMessages: day(-5) });
  });

  it("refuses another company's import queue as not found", async () => {
    const c = await company();
    const other = await company();
    const res = await create(c.admin.token, {
      name: "Import",
      importOldMessages: day(-1),
      queueIdImportMessages: other.queue.id,
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("ERR_NO_QUEUE_FOUND");
  });

  it("answers the pairing QR code to admins only", async () => {
    const c = await company();
    const created = await create(c.admin.token, { name: "Baileys" });
    await core.db.pool.query(
      "UPDATE whatsapps SET qrcode = 'qr-secret', pairing_code = 'ABCD1234', status = 'qrcode' WHERE id = $1",
      [created.body.id],
    );
    const asAdmin = await core.api("GET", `/whatsapp/${created.body.id}`, { token: c.admin.token });
    expect(asAdmin.body).toMatchObject({ qrcode: "qr-secret", pairingCode: "ABCD1234" });
    const asUser = await core.api("GET", `/whatsapp/${created.body.id}`, { token: c.user.token });
    expect(asUser.status).toBe(200);
    expect(asUser.body).not.toHaveProperty("qrcode");
    expect(asUser.body).not.toHaveProperty("pairingCode");
  });
});
