import type { ContactDetailDTO } from "@chatflow/core/contract/contacts.ts";
import type { WhatsappDTO } from "@chatflow/core/contract/entities.ts";
import { describe, expect, it } from "vitest";
import { buildContact } from "../test-support/factories.ts";
import { type ContactFilter, mergeContacts } from "./contact-list.ts";
import type { LocalContact, PendingContact } from "./contact-writes.ts";

const NO_FILTER: ContactFilter = { search: "", tagIds: [] };
const wa: WhatsappDTO = {
  id: 1,
  name: "Vendas",
  channel: "whatsapp",
  status: "CONNECTED",
  isDefault: true,
  groupAsTicket: "disabled",
  companyId: 1,
};

function detail(over: Partial<ContactDetailDTO> & { id: number; name: string }): ContactDetailDTO {
  return {
    ...buildContact(over),
    whatsapp: { id: 1, name: "Vendas", channel: "whatsapp" },
    lgpdAcceptedAt: null,
    extraInfo: [],
    tags: [],
    createdAt: "2025-01-01T10:00:00.000Z",
    ...over,
  };
}

const pending = (over: Partial<PendingContact> & { outboxId: number; name: string }): PendingContact => ({
  number: "5511900000000",
  email: "",
  whatsappId: null,
  ...over,
});

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe("mergeContacts", () => {
  it("offline shows the replica, in core's order, with new contacts waiting in the outbox", () => {
    const replica = [buildContact({ id: 2, name: "bruno" }), buildContact({ id: 1, name: "Ana" })];
    const { rows, count } = mergeContacts({
      replica,
      pending: [pending({ outboxId: 7, name: "Amanda" })],
      whatsapps: [wa],
      filter: NO_FILTER,
      server: null,
    });
    expect(names(rows)).toEqual(["Amanda", "Ana", "bruno"]);
    expect(rows[0]).toMatchObject({ key: "p7", id: null, state: "creating", source: null });
    expect(rows[1]).toMatchObject({ key: "c1", id: 1, connectionName: "Vendas", state: "synced", tags: null });
    expect(count).toBe(3);
  });

  it("online places replica-only rows only up to the last row core sent while it has more", () => {
    const server = [detail({ id: 1, name: "Ana" }), detail({ id: 3, name: "Carla" })];
    const replica = [buildContact({ id: 2, name: "Bia" }), buildContact({ id: 9, name: "Zé" })];
    const more = mergeContacts({
      replica,
      pending: [],
      whatsapps: [wa],
      filter: NO_FILTER,
      server: { rows: server, hasMore: true, count: 40 },
    });
    // Zé sorts after Carla: it would jump ahead of rows not loaded yet, so it waits for its page.
    expect(names(more.rows)).toEqual(["Ana", "Bia", "Carla"]);
    expect(more.count).toBe(41);
    const all = mergeContacts({
      replica,
      pending: [],
      whatsapps: [wa],
      filter: NO_FILTER,
      server: { rows: server, hasMore: false, count: 2 },
    });
    expect(names(all.rows)).toEqual(["Ana", "Bia", "Carla", "Zé"]);
  });

  it("lets the replica's row win when it carries a change of this device or is newer, keeping core's tags", () => {
    const vip = { id: 5, name: "VIP", color: "#000", kanban: 0 };
    const server = [
      detail({ id: 1, name: "Ana", updatedAt: "2025-01-02T00:00:00.000Z", tags: [vip] }),
      detail({ id: 2, name: "Bia", active: true, updatedAt: "2025-01-02T00:00:00.000Z" }),
    ];
    const edited: LocalContact = {
      ...buildContact({ id: 1, name: "Ana Maria", updatedAt: "2025-01-01T00:00:00.000Z" }),
      local: { before: { name: "Ana" } },
    };
    const stale = buildContact({ id: 2, name: "Bia", active: false, updatedAt: "2025-01-01T00:00:00.000Z" });
    const { rows } = mergeContacts({
      replica: [edited, stale],
      pending: [],
      whatsapps: [wa],
      filter: NO_FILTER,
      server: { rows: server, hasMore: false, count: 2 },
    });
    expect(rows.map((r) => [r.name, r.state, r.tags?.map((t) => t.name)])).toEqual([
      ["Ana Maria", "changing", ["VIP"]],
      ["Bia", "synced", []],
    ]);
    expect(rows[1]?.active).toBe(true);
  });

  it("shows core's row over an unchanged replica row of the same age: core presents it for this person now", () => {
    const at = "2025-01-02T00:00:00.000Z";
    const { rows } = mergeContacts({
      replica: [buildContact({ id: 1, name: "Ana", number: "5511987650001", updatedAt: at })],
      pending: [],
      whatsapps: [],
      filter: NO_FILTER,
      server: {
        rows: [detail({ id: 1, name: "Ana", number: "5511*******01", updatedAt: at })],
        hasMore: false,
        count: 1,
      },
    });
    expect(rows.map((r) => r.number)).toEqual(["5511*******01"]);
  });

  it("hides a contact being deleted here, and a row an edit took out of the search", () => {
    const server = [detail({ id: 1, name: "Ana" }), detail({ id: 2, name: "Anabela" })];
    const replica: LocalContact[] = [
      { ...buildContact({ id: 1, name: "Ana" }), local: { deleting: true } },
      { ...buildContact({ id: 2, name: "Bela" }), local: { before: { name: "Anabela" } } },
    ];
    const { rows, count } = mergeContacts({
      replica,
      pending: [],
      whatsapps: [],
      filter: { search: "ana", tagIds: [] },
      server: { rows: server, hasMore: false, count: 2 },
    });
    expect(rows).toEqual([]);
    expect(count).toBe(0);
  });

  it("searches name, number and e-mail lower-cased, like core", () => {
    const replica = [
      buildContact({ id: 1, name: "Ana", number: "5511911112222", email: "" }),
      buildContact({ id: 2, name: "Bruno", number: "5511933334444", email: "ANA@x.com" }),
      buildContact({ id: 3, name: "Carla", number: "5521955556666", email: "" }),
    ];
    const search = (q: string) =>
      names(
        mergeContacts({ replica, pending: [], whatsapps: [], filter: { search: q, tagIds: [] }, server: null }).rows,
      );
    expect(search("  ANA ")).toEqual(["Ana", "Bruno"]);
    expect(search("5521")).toEqual(["Carla"]);
  });

  it("with a tag filter shows only what core sent: the replica knows no tags", () => {
    const replica = [buildContact({ id: 1, name: "Ana" }), buildContact({ id: 2, name: "Bia" })];
    const filter = { search: "", tagIds: [5] };
    const online = mergeContacts({
      replica,
      pending: [pending({ outboxId: 3, name: "Caio" })],
      whatsapps: [],
      filter,
      server: { rows: [detail({ id: 2, name: "Bia" })], hasMore: false, count: 1 },
    });
    expect(names(online.rows)).toEqual(["Bia"]);
    expect(online.count).toBe(1);
    const offline = mergeContacts({ replica, pending: [], whatsapps: [], filter, server: null });
    expect(offline.rows).toEqual([]);
  });
});
