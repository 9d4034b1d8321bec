import { describe, expect, it } from "vitest";
import { buildTag, changesAfter, lastSeq, tagContact } from "../testing/contacts-factories.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildUser } from "../testing/factories.ts";
import { currentCursor, listsChangedBy, listsChangedSince } from "../testing/list-changes.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { twoCompanies } from "../testing/users-factories.ts";

const core = coreForFile();
const w = forFile(() => twoCompanies(core));

/** A tag's lane settings as a new tag has them (spec 2 §9: timeLane 0). */
const NO_LANE_SETTINGS = {
  timeLane: 0,
  nextLaneId: null,
  rollbackLaneId: null,
  greetingMessageLane: null,
  lanePosition: null,
};

const contactTagIds = async (contactId: number) =>
  (
    await core.db.pool.query<{ tag_id: number }>(
      "SELECT tag_id FROM contact_tags WHERE contact_id = $1 ORDER BY tag_id",
      [contactId],
    )
  ).rows.map((r) => r.tag_id);
const ticketTagIds = async (ticketId: number) =>
  (
    await core.db.pool.query<{ tag_id: number }>(
      "SELECT tag_id FROM ticket_tags WHERE ticket_id = $1 ORDER BY tag_id",
      [ticketId],
    )
  ).rows.map((r) => r.tag_id);

describe("#tags.create", () => {
  it("creates a tag, with a random colour when none is given", async () => {
    const res = await core.api("POST", "/tags", { token: w.agent, body: { name: "Urgente", kanban: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Urgente", kanban: 1 });
    expect(res.body.color).toMatch(/^#[0-9A-F]{6}$/);
    const colored = await core.api("POST", "/tags", { token: w.agent, body: { name: "Azul", color: "#0000FF" } });
    expect(colored.body).toMatchObject({ name: "Azul", color: "#0000FF", kanban: 0 });
  });

  it("refuses a name under 3 characters with 'Tag muito curta!' and a name the company has", async () => {
    const short = await core.api("POST", "/tags", { token: w.agent, body: { name: "ab" } });
    expect(short.status).toBe(400);
    expect(short.body.fields.name).toBe("Tag muito curta!");
    await buildTag(core.db.pool, { companyId: w.companyId, name: "Repetida" });
    const dup = await core.api("POST", "/tags", { token: w.agent, body: { name: "repetida" } });
    expect(dup.status).toBe(409);
    const elsewhere = await core.api("POST", "/tags", { token: w.otherAdmin, body: { name: "Repetida" } });
    expect(elsewhere.status).toBe(200);
    const { rows } = await core.db.pool.query("SELECT company_id FROM tags WHERE lower(name) = 'repetida' ORDER BY id");
    expect(rows).toEqual([{ company_id: w.companyId }, { company_id: w.otherCompanyId }]);
  });
});

describe("#tags.list", () => {
  it("lists the company's tags, only kanban ones for kanban=1 and plain ones for kanban=0", async () => {
    const c = await buildCompany(core.db.pool);
    const u = await buildUser(core.db.pool, { companyId: c.id, profile: "user" });
    const { token } = await core.login(u.email, u.password);
    await buildTag(core.db.pool, { companyId: c.id, name: "Lane", kanban: 1 });
    await buildTag(core.db.pool, { companyId: c.id, name: "Plain" });
    await buildTag(core.db.pool, { companyId: w.otherCompanyId, name: "Foreign" });
    const names = async (q: string) =>
      (await core.api("GET", `/tags/list${q}`, { token })).body.map((t: { name: string }) => t.name);
    expect(await names("")).toEqual(["Lane", "Plain"]);
    expect(await names("?kanban=1")).toEqual(["Lane"]);
    expect(await names("?kanban=0")).toEqual(["Plain"]);
    const page = await core.api("GET", "/tags?searchParam=PLA", { token });
    expect(page.body).toMatchObject({ count: 1, hasMore: false, tags: [{ name: "Plain", contactsCount: 0 }] });
  });
});

describe("#tags.sync", () => {
  it("sets the contact's tags to exactly the list, creating tags named but unknown", async () => {
    const pool = core.db.pool;
    const contact = await buildContact(pool, { companyId: w.companyId });
    const keep = await buildTag(pool, { companyId: w.companyId, name: "Manter" });
    const drop = await buildTag(pool, { companyId: w.companyId, name: "Tirar" });
    await tagContact(pool, { companyId: w.companyId, contactId: contact.id, tagId: keep.id });
    await tagContact(pool, { companyId: w.companyId, contactId: contact.id, tagId: drop.id });
    const before = await lastSeq(pool, w.companyId);
    const res = await core.api("POST", "/tags/sync", {
      token: w.agent,
      body: { contactId: contact.id, tags: [{ id: keep.id, name: "Manter" }, { name: "Nova Tag" }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.tags.map((t: { name: string }) => t.name)).toEqual(["Manter", "Nova Tag"]);
    const created = await pool.query("SELECT id FROM tags WHERE company_id = $1 AND name = 'Nova Tag'", [w.companyId]);
    expect(await contactTagIds(contact.id)).toEqual([keep.id, created.rows[0].id].sort((a, b) => a - b));
    expect(await changesAfter(pool, w.companyId, before)).toEqual([`contacts:${contact.id}`]);
    const cleared = await core.api("POST", "/tags/sync", { token: w.agent, body: { contactId: contact.id, tags: [] } });
    expect(cleared.body.tags).toEqual([]);
    expect(await contactTagIds(contact.id)).toEqual([]);
  });

  it("answers 404 for another company's contact or tag and changes nothing", async () => {
    const pool = core.db.pool;
    const contact = await buildContact(pool, { companyId: w.companyId });
    const mine = await buildTag(pool, { companyId: w.companyId });
    const foreignTag = await buildTag(pool, { companyId: w.otherCompanyId });
    await tagContact(pool, { companyId: w.companyId, contactId: contact.id, tagId: mine.id });
    const byOther = await core.api("POST", "/tags/sync", {
      token: w.otherAdmin,
      body: { contactId: contact.id, tags: [{ id: foreignTag.id }] },
    });
    expect(byOther.status).toBe(404);
    expect(byOther.body.error).toBe("ERR_NO_CONTACT_FOUND");
    const withForeignTag = await core.api("POST", "/tags/sync", {
      token: w.admin,
      body: { contactId: contact.id, tags: [{ id: foreignTag.id }] },
    });
    expect(withForeignTag.status).toBe(404);
    expect(await contactTagIds(contact.id)).toEqual([mine.id]);
  });

  it("answers the contact's tags, and 404 for another company's contact", async () => {
    const contact = await buildContact(core.db.pool, { companyId: w.companyId });
    const tag = await buildTag(core.db.pool, { companyId: w.companyId, name: "Visível" });
    await tagContact(core.db.pool, { companyId: w.companyId, contactId: contact.id, tagId: tag.id });
    const res = await core.api("GET", `/contactTags/${contact.id}`, { token: w.agent });
    expect(res.body).toEqual({ tags: [{ id: tag.id, name: "Visível", color: "#A4CCCC", kanban: 0 }] });
    const other = await core.api("GET", `/contactTags/${contact.id}`, { token: w.otherAdmin });
    expect(other.status).toBe(404);
    expect(other.body.error).toBe("ERR_NO_CONTACT_FOUND");
  });
});

describe("#ticket-tags", () => {
  it("adds a tag to a ticket once and removes all of the ticket's tags, recording ticket changes", async () => {
    const pool = core.db.pool;
    const contact = await buildContact(pool, { companyId: w.companyId });
    const ticket = await buildTicket(pool, {
      companyId: w.companyId,
      contactId: contact.id,
      userId: w.agentId,
      status: "open",
    });
    const a = await buildTag(pool, { companyId: w.companyId, name: "Lane A", kanban: 1 });
    const b = await buildTag(pool, { companyId: w.companyId, name: "Plain B" });
    const before = await lastSeq(pool, w.companyId);
    const added = await core.api("PUT", `/ticket-tags/${ticket.id}/${a.id}`, { token: w.agent });
    expect(added.status).toBe(200);
    expect(added.body.tags.map((t: { id: number }) => t.id)).toEqual([a.id]);
    await core.api("PUT", `/ticket-tags/${ticket.id}/${a.id}`, { token: w.agent });
    await core.api("PUT", `/ticket-tags/${ticket.id}/${b.id}`, { token: w.agent });
    expect(await ticketTagIds(ticket.id)).toEqual([a.id, b.id]);
    expect(await changesAfter(pool, w.companyId, before)).toEqual([`tickets:${ticket.id}`, `tickets:${ticket.id}`]);
    const removed = await core.api("DELETE", `/ticket-tags/${ticket.id}`, { token: w.agent });
    expect(removed.status).toBe(200);
    expect(await ticketTagIds(ticket.id)).toEqual([]);
    expect(await changesAfter(pool, w.companyId, before)).toHaveLength(3);
  });

  it("answers ERR_NO_TICKET_FOUND for a ticket the user may not see or of another company, changing nothing", async () => {
    const pool = core.db.pool;
    const contact = await buildContact(pool, { companyId: w.companyId });
    const queue = await buildQueue(pool, { companyId: w.companyId });
    // Someone else's queue: the plain user (in no queue) does not see it.
    const hidden = await buildTicket(pool, { companyId: w.companyId, contactId: contact.id, queueId: queue.id });
    const tag = await buildTag(pool, { companyId: w.companyId });
    const foreignTag = await buildTag(pool, { companyId: w.otherCompanyId });
    for (const [token, url] of [
      [w.agent, `/ticket-tags/${hidden.id}/${tag.id}`],
      [w.otherAdmin, `/ticket-tags/${hidden.id}/${foreignTag.id}`],
    ] as const) {
      const res = await core.api("PUT", url, { token });
      expect(res.status, url).toBe(404);
      expect(res.body.error).toBe("ERR_NO_TICKET_FOUND");
    }
    const wrongTag = await core.api("PUT", `/ticket-tags/${hidden.id}/${foreignTag.id}`, { token: w.admin });
    expect(wrongTag.status).toBe(404);
    expect(await ticketTagIds(hidden.id)).toEqual([]);
    await core.api("PUT", `/ticket-tags/${hidden.id}/${tag.id}`, { token: w.admin });
    for (const token of [w.agent, w.otherAdmin]) {
      const res = await core.api("DELETE", `/ticket-tags/${hidden.id}`, { token });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe("ERR_NO_TICKET_FOUND");
    }
    expect(await ticketTagIds(hidden.id)).toEqual([tag.id]);
  });
});

describe("#tags.update and delete", () => {
  it("renames a tag, deletes it from every holder, and refuses another company's", async () => {
    const pool = core.db.pool;
    const contact = await buildContact(pool, { companyId: w.companyId });
    const tag = await buildTag(pool, { companyId: w.companyId, name: "Antiga" });
    await tagContact(pool, { companyId: w.companyId, contactId: contact.id, tagId: tag.id });
    const renamed = await core.api("PUT", `/tags/${tag.id}`, { token: w.admin, body: { name: "Renomeada" } });
    expect(renamed.body).toMatchObject({ id: tag.id, name: "Renomeada" });
    const foreign = await core.api("DELETE", `/tags/${tag.id}`, { token: w.otherAdmin });
    expect(foreign.status).toBe(404);
    expect(await contactTagIds(contact.id)).toEqual([tag.id]);
    const before = await lastSeq(pool, w.companyId);
    expect((await core.api("DELETE", `/tags/${tag.id}`, { token: w.admin })).status).toBe(200);
    expect(await contactTagIds(contact.id)).toEqual([]);
    expect(await changesAfter(pool, w.companyId, before)).toEqual([`contacts:${contact.id}`, "lists:tags"]);
  });
});

describe("#tags.show and update", () => {
  it("answers one tag of the company, and 404 ERR_NO_TAG_FOUND for another company's", async () => {
    const tag = await buildTag(core.db.pool, { companyId: w.companyId, name: "Mostrada", kanban: 1, color: "#123456" });
    const res = await core.api("GET", `/tags/${tag.id}`, { token: w.agent });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: tag.id, name: "Mostrada", color: "#123456", kanban: 1, ...NO_LANE_SETTINGS });
    const foreign = await core.api("GET", `/tags/${tag.id}`, { token: w.otherAdmin });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toBe("ERR_NO_TAG_FOUND");
  });

  it("changes only the fields sent, re-announces the tag's holders, and refuses a name the company has in any case", async () => {
    const pool = core.db.pool;
    const tag = await buildTag(pool, { companyId: w.companyId, name: "Laranja", color: "#FFA500" });
    await buildTag(pool, { companyId: w.companyId, name: "Verde" });
    const contact = await buildContact(pool, { companyId: w.companyId });
    await tagContact(pool, { companyId: w.companyId, contactId: contact.id, tagId: tag.id });
    const before = await lastSeq(pool, w.companyId);
    const lane = await core.api("PUT", `/tags/${tag.id}`, { token: w.admin, body: { kanban: 1 } });
    expect(lane.body).toEqual({ id: tag.id, name: "Laranja", color: "#FFA500", kanban: 1, ...NO_LANE_SETTINGS });
    expect(await changesAfter(pool, w.companyId, before)).toEqual([`contacts:${contact.id}`, "lists:tags"]);

    const taken = await core.api("PUT", `/tags/${tag.id}`, { token: w.admin, body: { name: "VERDE" } });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: "ERR_TAG_ALREADY_EXISTS", fields: { name: "Tag já existe" } });
    // Its own name in another case is free: only other tags count.
    const recased = await core.api("PUT", `/tags/${tag.id}`, { token: w.admin, body: { name: "LARANJA" } });
    expect(recased.body.name).toBe("LARANJA");
    const foreign = await core.api("PUT", `/tags/${tag.id}`, { token: w.otherAdmin, body: { name: "Tomada" } });
    expect(foreign.status).toBe(404);
    const { rows } = await pool.query("SELECT name, kanban FROM tags WHERE id = $1", [tag.id]);
    expect(rows).toEqual([{ name: "LARANJA", kanban: 1 }]);
  });

  it("compares names exactly, not as patterns", async () => {
    await buildTag(core.db.pool, { companyId: w.companyId, name: "a_c%" });
    const res = await core.api("POST", "/tags", { token: w.admin, body: { name: "abcd" } });
    expect(res.status).toBe(200);
  });
});

describe("#tags live updates", () => {
  it("names the tags in the next pull of everyone in the company after a create, an edit and a delete", async () => {
    const [agent, other] = await Promise.all([w.agent, w.otherAdmin].map((t) => currentCursor(core, t)));
    let id = 0;
    expect(
      await listsChangedBy(core, w.admin, async () => {
        const res = await core.api("POST", "/tags", { token: w.admin, body: { name: "Ao vivo", kanban: 0 } });
        expect(res.status).toBe(200);
        id = res.body.id;
      }),
    ).toEqual(["tags"]);
    expect(await listsChangedSince(core, w.agent, agent!)).toEqual(["tags"]);
    expect(await listsChangedSince(core, w.otherAdmin, other!)).toBeUndefined();
    expect(
      await listsChangedBy(core, w.agent, () =>
        core.api("PUT", `/tags/${id}`, { token: w.admin, body: { name: "Ao vivo 2", kanban: 0 } }),
      ),
    ).toEqual(["tags"]);
    expect(await listsChangedBy(core, w.agent, () => core.api("DELETE", `/tags/${id}`, { token: w.admin }))).toEqual([
      "tags",
    ]);
  });
});
