import { describe, expect, it } from "vitest";
import { setCompanySetting } from "../settings/company-settings.ts";
import { buildCompany, buildQueue } from "../testing/factories.ts";
import { coreForFile } from "../testing/test-world.ts";
import { companyWithQueue } from "../testing/users-factories.ts";

const core = coreForFile();

const company = () => companyWithQueue(core);

const create = (token: string, body: Record<string, unknown>) => core.api("POST", "/whatsapp", { token, body });
const update = (token: string, id: number, body: Record<string, unknown>) =>
  core.api("PUT", `/whatsapp/${id}`, { token, body });

describe("#whatsapp bot settings", () => {
  it("answers the spec's defaults for a new connection", async () => {
    const c = await company();
    const res = await create(c.admin.token, { name: "Defaults" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ratingMessage: null,
      maxUseBotQueues: 3,
      timeUseBotQueues: 0,
      sendIdQueue: null,
      timeSendQueue: 0,
      expiresTicketNPS: 0,
      maxUseBotQueuesNPS: 3,
    });
  });

  it("stores every setting on create, answers it on read, and edits only the fields sent", async () => {
    const c = await company();
    const settings = {
      ratingMessage: "Nos avalie de 1 a 5",
      maxUseBotQueues: 5,
      timeUseBotQueues: 2,
      sendIdQueue: c.queue.id,
      timeSendQueue: 15,
      expiresTicketNPS: 30,
      maxUseBotQueuesNPS: 1,
    };
    const created = await create(c.admin.token, { name: "Bot", ...settings });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject(settings);
    const read = await core.api("GET", `/whatsapp/${created.body.id}`, { token: c.admin.token });
    expect(read.body).toMatchObject(settings);

    const edited = await update(c.admin.token, created.body.id, { maxUseBotQueues: 0, ratingMessage: "" });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ ...settings, maxUseBotQueues: 0, ratingMessage: null });

    const cleared = await update(c.admin.token, created.body.id, { sendIdQueue: null, timeSendQueue: 0 });
    expect(cleared.body).toMatchObject({ sendIdQueue: null, timeSendQueue: 0 });
  });

  it("refuses counts and minutes that are negative or not whole numbers", async () => {
    const c = await company();
    const res = await create(c.admin.token, { name: "Bad", maxUseBotQueues: -1, timeUseBotQueues: 1.5 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_VALIDATION");
    expect(Object.keys(res.body.fields).sort()).toEqual(["maxUseBotQueues", "timeUseBotQueues"]);
    const created = await create(c.admin.token, { name: "Good" });
    const bad = await update(c.admin.token, created.body.id, { expiresTicketNPS: -5 });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.expiresTicketNPS).toBeDefined();
  });

  it("needs the redirect queue and its delay together", async () => {
    const c = await company();
    const noQueue = await create(c.admin.token, { name: "NoQueue", timeSendQueue: 10 });
    expect(noQueue.status).toBe(400);
    expect(noQueue.body).toMatchObject({ error: "ERR_VALIDATION", fields: { sendIdQueue: "Required" } });
    const noTime = await create(c.admin.token, { name: "NoTime", sendIdQueue: c.queue.id });
    expect(noTime.status).toBe(400);
    expect(noTime.body).toMatchObject({ error: "ERR_VALIDATION", fields: { timeSendQueue: "Required" } });
    const { rows } = await core.db.pool.query("SELECT 1 FROM whatsapps WHERE company_id = $1", [c.id]);
    expect(rows).toEqual([]);

    // On update the rule applies to the values the connection ends with.
    const created = await create(c.admin.token, { name: "Both", sendIdQueue: c.queue.id, timeSendQueue: 10 });
    expect(created.status).toBe(201);
    const dropTime = await update(c.admin.token, created.body.id, { timeSendQueue: 0 });
    expect(dropTime.status).toBe(400);
    expect(dropTime.body.fields).toEqual({ timeSendQueue: "Required" });
    const read = await core.api("GET", `/whatsapp/${created.body.id}`, { token: c.admin.token });
    expect(read.body).toMatchObject({ sendIdQueue: c.queue.id, timeSendQueue: 10 });
  });

  it("answers 404 ERR_NO_QUEUE_FOUND for another company's redirect queue", async () => {
    const c = await company();
    const foreign = await buildQueue(core.db.pool, { companyId: (await buildCompany(core.db.pool)).id });
    const byCreate = await create(c.admin.token, { name: "Foreign", sendIdQueue: foreign.id, timeSendQueue: 5 });
    expect(byCreate.status).toBe(404);
    expect(byCreate.body.error).toBe("ERR_NO_QUEUE_FOUND");
    const created = await create(c.admin.token, { name: "Mine" });
    const byUpdate = await update(c.admin.token, created.body.id, { sendIdQueue: foreign.id, timeSendQueue: 5 });
    expect(byUpdate.status).toBe(404);
    expect(byUpdate.body.error).toBe("ERR_NO_QUEUE_FOUND");
    const { rows } = await core.db.pool.query("SELECT send_id_queue FROM whatsapps WHERE company_id = $1", [c.id]);
    expect(rows).toEqual([{ send_id_queue: null }]);
  });

  it("needs a rating message and a rating expiry where the company asks for ratings", async () => {
    const c = await company();
    // Made before ratings were turned on: the rule catches it at its next edit.
    const before = await create(c.admin.token, { name: "Before" });
    expect(before.status).toBe(201);
    await setCompanySetting(core.db.pool, c.id, "userRating", "enabled");

    const missing = await create(c.admin.token, { name: "Missing", ratingMessage: "  " });
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ ratingMessage: "Required", expiresTicketNPS: "Required" });
    const ok = await create(c.admin.token, { name: "Rated", ratingMessage: "Nota?", expiresTicketNPS: 60 });
    expect(ok.status).toBe(201);

    const rename = await update(c.admin.token, before.body.id, { name: "Renamed" });
    expect(rename.status).toBe(400);
    expect(rename.body.fields).toEqual({ ratingMessage: "Required", expiresTicketNPS: "Required" });
    const fixed = await update(c.admin.token, before.body.id, { ratingMessage: "Nota?", expiresTicketNPS: 10 });
    expect(fixed.status).toBe(200);
    const zero = await update(c.admin.token, ok.body.id, { expiresTicketNPS: 0 });
    expect(zero.body.fields).toEqual({ expiresTicketNPS: "Required" });
  });

  it("leaves the rating fields optional while the company does not ask for ratings", async () => {
    const c = await company();
    await setCompanySetting(core.db.pool, c.id, "userRating", "disabled");
    const res = await create(c.admin.token, { name: "NoRatings", ratingMessage: null, expiresTicketNPS: 0 });
    expect(res.status).toBe(201);
  });
});
