import "fake-indexeddb/auto";
import { liveQuery } from "dexie";
import { describe, expect, it } from "vitest";
import { openDb } from "../store/db.ts";
import { getMeta } from "../store/meta.ts";
import { applyPull } from "../sync/pull.ts";
import { buildContact, buildMessage, buildTicket, testDb } from "../test-support/factories.ts";
import {
  EMPTY_FILTER,
  effectiveFilter,
  type ListViewer,
  loadListState,
  saveListState,
  type TicketListFilter,
  type TicketTab,
  ticketsQuery,
} from "./ticket-list-filter.ts";
import { localTabCounts, localTicketPage } from "./ticket-list-query.ts";
import { localRows, remoteRow } from "./ticket-list-rows.ts";

const admin: ListViewer = { id: 1, profile: "admin", allTicket: "disabled", allowGroup: true, allUserChat: "disabled" };
const agent: ListViewer = { id: 2, profile: "user", allTicket: "enabled", allowGroup: false, allUserChat: "enabled" };

const at = (day: number) => `2025-01-${String(day).padStart(2, "0")}T10:00:00.000Z`;

async function ids(db: ReturnType<typeof testDb>, v: ListViewer, tab: TicketTab, f: Partial<TicketListFilter> = {}) {
  const page = await localTicketPage(db, v, tab, effectiveFilter(v, tab, { ...EMPTY_FILTER, ...f }), 100);
  return page.tickets.map((t) => t.id);
}

describe("#ticketList.localTicketPage", () => {
  it("lists a tab newest first, oldest first where sort is offered, and always newest first on closed", async () => {
    const db = testDb();
    await db.tickets.bulkPut([
      buildTicket({ id: 1, status: "open", userId: 1, updatedAt: at(1) }),
      buildTicket({ id: 2, status: "open", userId: 1, updatedAt: at(3) }),
      buildTicket({ id: 3, status: "open", userId: 1, updatedAt: at(2) }),
      buildTicket({ id: 4, status: "closed", updatedAt: at(1) }),
      buildTicket({ id: 5, status: "closed", updatedAt: at(4) }),
    ]);
    expect(await ids(db, admin, "open")).toEqual([2, 3, 1]);
    expect(await ids(db, admin, "open", { sort: "ASC" })).toEqual([1, 3, 2]);
    expect(await ids(db, admin, "closed", { sort: "ASC" })).toEqual([5, 4]);
  });

  it("leaves other users' tickets in progress out unless show-all, which a user's search never gets", async () => {
    const db = testDb();
    await db.contacts.put(buildContact({ id: 7, name: "Bruna Lima" }));
    await db.tickets.bulkPut([
      buildTicket({ id: 1, status: "open", userId: 2, contactId: 7, updatedAt: at(1) }),
      buildTicket({ id: 2, status: "open", userId: 9, contactId: 7, updatedAt: at(2) }),
      buildTicket({ id: 3, status: "pending", userId: 9, contactId: 7, updatedAt: at(3) }),
      buildTicket({ id: 4, status: "open", userId: null, contactId: 7, updatedAt: at(4) }),
    ]);
    expect(await ids(db, agent, "open")).toEqual([4, 1]);
    expect(await ids(db, agent, "open", { showAll: true })).toEqual([4, 2, 1]);
    expect(await ids(db, agent, "search", { search: "bruna", showAll: true })).toEqual([4, 3, 1]);
    expect(await ids(db, admin, "search", { search: "bruna", showAll: true })).toEqual([4, 3, 2, 1]);
    // An admin naming owners sees their tickets (show-all implied), and the user filter is admins' only.
    expect(await ids(db, admin, "open", { userIds: [9] })).toEqual([2]);
    expect(await ids(db, agent, "open", { userIds: [9] })).toEqual([4, 1]);
  });

  it("filters by tags, connections, queues (no queue with allTicket), unread and, in search, status", async () => {
    const db = testDb();
    await db.tickets.bulkPut([
      buildTicket({ id: 1, status: "pending", tagIds: [10, 11], whatsappId: 1, queueId: 5, updatedAt: at(1) }),
      buildTicket({ id: 2, status: "pending", tagIds: [12], whatsappId: 2, queueId: 6, updatedAt: at(2) }),
      buildTicket({
        id: 3,
        status: "pending",
        tagIds: [],
        whatsappId: 1,
        queueId: null,
        unreadMessages: 3,
        updatedAt: at(3),
      }),
      buildTicket({ id: 4, status: "closed", tagIds: [11], whatsappId: 1, queueId: 5, updatedAt: at(4) }),
    ]);
    expect(await ids(db, admin, "pending", { tagIds: [11, 12] })).toEqual([2, 1]);
    expect(await ids(db, admin, "pending", { whatsappIds: [1] })).toEqual([3, 1]);
    expect(await ids(db, admin, "pending", { queueIds: [5] })).toEqual([1]);
    expect(await ids(db, agent, "pending", { queueIds: [5] })).toEqual([3, 1]);
    expect(await ids(db, admin, "pending", { unreadOnly: true })).toEqual([3]);
    expect(await ids(db, admin, "search", { tagIds: [11] })).toEqual([4, 1]);
    expect(await ids(db, admin, "search", { tagIds: [11], statuses: ["closed"] })).toEqual([4]);
    // The status filter belongs to the search tab: a status tab ignores it.
    expect(await ids(db, admin, "pending", { statuses: ["closed"] })).toEqual([3, 2, 1]);
  });

  it("searches contact names and numbers, and message text only with the option on", async () => {
    const db = testDb();
    await db.contacts.bulkPut([
      buildContact({ id: 1, name: "Carla Souza", number: "5511988887777" }),
      buildContact({ id: 2, name: "Diego", number: "5521977776666" }),
    ]);
    await db.tickets.bulkPut([
      buildTicket({ id: 1, status: "open", userId: 1, contactId: 1, updatedAt: at(1) }),
      buildTicket({ id: 2, status: "closed", contactId: 2, updatedAt: at(2) }),
    ]);
    await db.messages.put(buildMessage({ id: "m", ticketId: 2, body: "Quero o BOLETO de janeiro" }));
    expect(await ids(db, admin, "search", { search: "  SOUZA " })).toEqual([1]);
    expect(await ids(db, admin, "search", { search: "21977" })).toEqual([2]);
    expect(await ids(db, admin, "search", { search: "boleto" })).toEqual([]);
    expect(await ids(db, admin, "search", { search: "boleto", searchOnMessages: true })).toEqual([2]);
  });

  it("reads a page at a time and counts every tab, the search only with a text", async () => {
    const db = testDb();
    const many = Array.from({ length: 250 }, (_, i) =>
      buildTicket({ id: i + 1, status: i % 2 ? "open" : "pending", userId: null, unreadMessages: i % 5 === 0 ? 1 : 0 }),
    );
    await db.tickets.bulkPut(many);
    const page = await localTicketPage(db, admin, "open", effectiveFilter(admin, "open", EMPTY_FILTER), 100);
    expect(page.tickets).toHaveLength(100);
    expect(page.hasMore).toBe(true);
    const whole = await localTicketPage(db, admin, "open", effectiveFilter(admin, "open", EMPTY_FILTER), 125);
    expect([whole.tickets.length, whole.hasMore]).toEqual([125, false]);
    const tabs: TicketTab[] = ["open", "pending", "group", "closed", "search"];
    expect(await localTabCounts(db, admin, tabs, EMPTY_FILTER)).toEqual({
      open: 125,
      pending: 125,
      group: 0,
      closed: 0,
    });
    expect(await localTabCounts(db, admin, tabs, { ...EMPTY_FILTER, unreadOnly: true })).toMatchObject({
      open: 25,
      pending: 25,
    });
  });
});

describe("#ticketList.live", () => {
  it("follows new tickets and late contacts in a live query: rows, totals and tab counts", async () => {
    const db = testDb();
    await db.tickets.put(buildTicket({ id: 1, status: "open", userId: 1, contactId: 5 }));
    const seen: unknown[] = [];
    const f = effectiveFilter(admin, "open", EMPTY_FILTER);
    const read = async () => {
      const page = await localTicketPage(db, admin, "open", f, 10);
      const rows = await localRows(db, page.tickets);
      const counts = await localTabCounts(db, admin, ["open", "search"], { ...EMPTY_FILTER, search: "zé" });
      return [page.tickets.length, rows.map((r) => r.contact?.name ?? null), counts.open, counts.search];
    };
    const settled = (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => (seen.length >= n ? resolve() : setTimeout(check, 10));
        check();
      });
    const sub = liveQuery(read).subscribe((v) => seen.push(v));
    await settled(1);
    await db.tickets.put(buildTicket({ id: 2, status: "open", userId: 1, contactId: 5 }));
    await settled(2);
    await db.contacts.put(buildContact({ id: 5, name: "Zé" }));
    await settled(3);
    sub.unsubscribe();
    expect(seen).toEqual([
      [1, [null], 1, 0],
      [2, [null, null], 2, 0],
      [2, ["Zé", "Zé"], 2, 2],
    ]);
  });
});

describe("#ticketList.rows", () => {
  it("joins the contact, queue, connection, owner and known tags (by name) to each ticket", async () => {
    const db = testDb();
    await db.contacts.put(buildContact({ id: 3, name: "Eva" }));
    await db.queues.put({ id: 4, name: "Vendas", color: "#ff0000", companyId: 1 });
    await db.whatsapps.put({
      id: 5,
      name: "Loja",
      channel: "whatsapp",
      status: "CONNECTED",
      isDefault: true,
      groupAsTicket: "disabled",
      companyId: 1,
    });
    await db.users.put({ id: 6, name: "Rita", color: null, online: true, queues: [] } as never);
    await db.tags.bulkPut([
      { id: 20, name: "Zeta", color: "#000000", kanban: 0 } as never,
      { id: 21, name: "Alfa", color: "#ffffff", kanban: 0 } as never,
    ]);
    const [row] = await localRows(db, [
      buildTicket({ id: 1, contactId: 3, queueId: 4, whatsappId: 5, userId: 6, tagIds: [20, 21, 99] }),
    ]);
    expect(row).toMatchObject({
      contact: { name: "Eva" },
      queue: { name: "Vendas", color: "#ff0000" },
      connection: { name: "Loja", channel: "whatsapp" },
      owner: { id: 6, name: "Rita" },
      remote: false,
    });
    expect(row!.tags.map((t) => t.name)).toEqual(["Alfa", "Zeta"]);
  });

  it("reads a GET /tickets item as the same row, its rating and tag ids included", () => {
    const ticket = buildTicket({ id: 9, status: "closed" });
    const row = remoteRow({
      ...ticket,
      contact: { id: 1, name: "Fábio", number: "55", urlPicture: null, isGroup: false },
      queue: null,
      user: { id: 2, name: "Ana" },
      whatsapp: { id: 3, name: "Central", channel: "whatsappapi", groupAsTicket: "disabled" },
      tags: [{ id: 8, name: "VIP", color: "#123456" }],
      userRating: { rate: 4 },
    });
    expect(row.ticket).toMatchObject({ id: 9, rating: 4, tagIds: [8] });
    expect(row).toMatchObject({ remote: true, owner: { name: "Ana" }, connection: { channel: "whatsappapi" } });
  });
});

describe("#ticketList.filter", () => {
  it("asks GET /tickets with the spec's parameter names", () => {
    const f = effectiveFilter(admin, "search", {
      ...EMPTY_FILTER,
      search: " Ana ",
      searchOnMessages: true,
      tagIds: [1, 2],
      userIds: [3],
      unreadOnly: true,
      sort: "ASC",
    });
    const q = new URLSearchParams(ticketsQuery("search", f));
    expect(Object.fromEntries(q)).toEqual({
      searchParam: "ana",
      searchOnMessages: "true",
      tags: "[1,2]",
      users: "[3]",
      withUnreadMessages: "true",
      sortTickets: "DESC",
    });
    expect(
      new URLSearchParams(
        ticketsQuery("open", effectiveFilter(agent, "open", { ...EMPTY_FILTER, userIds: [3], sort: "ASC" })),
      ).get("users"),
    ).toBeNull();
  });

  it("keeps the tab and filters per user, never the search text", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    } as Storage;
    saveListState(1, { tab: "closed", filter: { ...EMPTY_FILTER, tagIds: [4], search: "x" } }, storage);
    expect(loadListState(admin, storage)).toEqual({ tab: "closed", filter: { ...EMPTY_FILTER, tagIds: [4] } });
    expect(loadListState(agent, storage)).toEqual({ tab: "open", filter: EMPTY_FILTER });
    saveListState(1, { tab: "search", filter: EMPTY_FILTER }, storage);
    expect(loadListState(admin, storage).tab).toBe("open");
  });

  it("opens a signed-in admin with nothing stored on everyone's open tickets (show-all on), a user on theirs", async () => {
    const db = testDb();
    const empty = { getItem: () => null, setItem: () => undefined } as unknown as Storage;
    // The morning inbox: every open ticket is held by some other agent.
    await db.tickets.bulkPut([
      buildTicket({ id: 1, status: "open", userId: 7 }),
      buildTicket({ id: 2, status: "open", userId: 8 }),
      buildTicket({ id: 3, status: "open", userId: agent.id }),
    ]);
    const start = async (v: ListViewer) => {
      const { tab, filter } = loadListState(v, empty);
      const page = await localTicketPage(db, v, tab, effectiveFilter(v, tab, filter), 100);
      return page.tickets.map((t) => t.id).sort();
    };
    expect(await start(admin)).toEqual([1, 2, 3]);
    expect(await start({ ...agent, allTicket: "disabled", allUserChat: "disabled" })).toEqual([3]);
    // A choice the admin made is kept over the default.
    const stored = new Map<string, string>();
    const storage = {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => void stored.set(k, v),
    } as Storage;
    saveListState(admin.id, { tab: "open", filter: { ...EMPTY_FILTER, showAll: false } }, storage);
    expect(loadListState(admin, storage).filter.showAll).toBe(false);
  });
});

describe("#ticketList.replica", () => {
  it("keeps what the first pull says of which kinds of ticket it holds whole, and forgets it on a reset", async () => {
    const db = testDb();
    const page = (o: { reset: boolean; complete?: { inProgress: boolean; closed: boolean } }) => ({
      cursor: "5v1",
      reset: o.reset,
      more: false,
      ...(o.complete ? { ticketsComplete: o.complete } : {}),
      put: {
        tickets: [buildTicket({ id: 1, status: "open" })],
        messages: [],
        contacts: [],
        queues: [],
        whatsapps: [],
        users: [],
        schedules: [],
      },
      del: { tickets: [], messages: [], contacts: [], queues: [], whatsapps: [], users: [], schedules: [] },
    });
    await applyPull(db, page({ reset: true, complete: { inProgress: true, closed: true } }));
    expect(await getMeta(db, "ticketsComplete")).toEqual({ inProgress: true, closed: true });
    // A later change leaves it as it was.
    await applyPull(db, page({ reset: false }));
    expect(await getMeta(db, "ticketsComplete")).toEqual({ inProgress: true, closed: true });
    // A new first pull whose tickets come in later pages: not known until the page that says it.
    await applyPull(db, page({ reset: true }));
    expect(await getMeta(db, "ticketsComplete")).toBeUndefined();
    await applyPull(db, page({ reset: false, complete: { inProgress: true, closed: false } }));
    expect(await getMeta(db, "ticketsComplete")).toEqual({ inProgress: true, closed: false });
  });

  it("drops version 6's ticket rows and the pull cursor on upgrade, so the next pull refetches them whole", async () => {
    const name = `upgrade-${Math.random()}`;
    const { Dexie } = await import("dexie");
    const old = new Dexie(name);
    old.version(6).stores({
      tickets: "id, uuid, [status+updatedAt], contactId",
      meta: "key",
      messages: "id, [ticketId+createdAt]",
    });
    await old.table("tickets").put({ id: 1, uuid: "u", status: "open", updatedAt: at(1), contactId: 1 });
    await old.table("meta").put({ key: "cursor", value: "9v1" });
    await old.table("messages").put({ id: "m", ticketId: 1, createdAt: at(1) });
    old.close();
    const db = openDb(name);
    expect(await db.tickets.count()).toBe(0);
    expect(await getMeta(db, "cursor")).toBeUndefined();
    expect(await db.messages.count()).toBe(1);
    expect(await db.tickets.orderBy("updatedAt").count()).toBe(0);
    db.close();
  });
});
