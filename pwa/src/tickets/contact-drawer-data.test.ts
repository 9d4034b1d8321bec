import type { TagDTO, TicketNoteDTO } from "@chatflow/core/contract/contacts.ts";
import type { MutationName } from "@chatflow/core/contract/sync.ts";
import type { OpenTicketHolder } from "@chatflow/core/contract/tickets.ts";
import { describe, expect, it } from "vitest";
import { i18n } from "../i18n/i18n.ts";
import type { OutboxEntry } from "../store/db.ts";
import { drawerEntries, extraInfoView, notesView, tagsRequest, tagsView } from "./contact-drawer-data.ts";
import { contactEditRequest } from "./contact-edit.ts";
import { holderText } from "./holder-text.ts";
import { filterUsers, tagOptions } from "./pickers.ts";

const entry = (id: number, name: MutationName, args: unknown): OutboxEntry => ({
  id,
  name,
  args,
  queuedAt: `2025-01-0${id}T10:00:00.000Z`,
});

const note = (id: number, text: string, userId = 3): TicketNoteDTO => ({
  id,
  note: text,
  ticketId: 10,
  contactId: 4,
  userId,
  user: { id: userId, name: "Ana" },
  createdAt: "2025-01-01T09:00:00.000Z",
  updatedAt: "2025-01-01T09:00:00.000Z",
});

const tag = (id: number, name: string): TagDTO => ({ id, name, color: "#ff0000", kanban: 0 });

describe("#contactDrawer.notesView", () => {
  it("puts notes still waiting on top, newest first, marked pending and authored by the user", () => {
    const waiting = [
      entry(1, "createTicketNote", { note: " primeira ", ticketId: 10 }),
      entry(2, "createTicketNote", { note: "segunda", ticketId: 10 }),
      entry(3, "createTicketNote", { note: "de outro ticket", ticketId: 11 }),
    ];
    const view = notesView([note(50, "antiga")], waiting, 10, { id: 7, name: "Bruno" });
    expect(view.map((n) => [n.id, n.note, n.pending, n.user?.name])).toEqual([
      [-2, "segunda", true, "Bruno"],
      [-1, "primeira", true, "Bruno"],
      [50, "antiga", false, "Ana"],
    ]);
  });

  it("hides a note whose deletion waits", () => {
    const view = notesView([note(50, "a"), note(51, "b")], [entry(1, "deleteTicketNote", { noteId: 50 })], 10, {
      id: 7,
      name: "Bruno",
    });
    expect(view.map((n) => n.id)).toEqual([51]);
  });

  it("shows nothing (no crash) before anything was fetched", () => {
    expect(notesView(undefined, [], 10, { id: 1, name: "x" })).toEqual([]);
  });
});

describe("#contactDrawer.tagsView", () => {
  const company = [tag(1, "VIP"), tag(2, "Atacado")];

  it("shows the cached tags when nothing waits", () => {
    expect(tagsView([tag(1, "VIP")], [], 4, company)).toEqual([{ id: 1, name: "VIP", color: "#ff0000" }]);
  });

  it("shows the last waiting list for the contact, naming known tags and keeping new names", () => {
    const waiting = [
      entry(1, "syncContactTags", { contactId: 4, tags: [{ id: 1 }] }),
      entry(2, "syncContactTags", { contactId: 9, tags: [] }),
      entry(3, "syncContactTags", { contactId: 4, tags: [{ id: 2 }, { name: "Novo cliente" }] }),
    ];
    expect(tagsView([tag(1, "VIP")], waiting, 4, company)).toEqual([
      { id: 2, name: "Atacado", color: "#ff0000" },
      { name: "Novo cliente", color: null },
    ]);
  });

  it("saves tags as ids, and new ones by name", () => {
    expect(
      tagsRequest([
        { id: 2, name: "Atacado", color: null },
        { name: "Novo", color: null },
      ]),
    ).toEqual([{ id: 2 }, { name: "Novo" }]);
  });
});

describe("#contactDrawer.extraInfoView", () => {
  it("takes the last waiting edit that carries custom fields, else the cached ones", () => {
    const cached = [{ id: 1, name: "CPF", value: "1" }];
    expect(extraInfoView(cached, [], 4)).toEqual([{ id: 1, name: "CPF", value: "1" }]);
    const waiting = [
      entry(1, "updateContact", { contactId: 4, extraInfo: [{ id: 1, name: "CPF", value: "2" }] }),
      entry(2, "updateContact", { contactId: 4, name: "Só o nome" }),
    ];
    expect(extraInfoView(cached, waiting, 4)).toEqual([{ id: 1, name: "CPF", value: "2" }]);
  });
});

describe("#contactDrawer.drawerEntries", () => {
  it("keeps the entries about this ticket's notes and this contact's tags and fields", () => {
    const all = [
      entry(1, "createTicketNote", { note: "x", ticketId: 10 }),
      entry(2, "createTicketNote", { note: "x", ticketId: 11 }),
      entry(3, "syncContactTags", { contactId: 4, tags: [] }),
      entry(4, "syncContactTags", { contactId: 5, tags: [] }),
      entry(5, "deleteTicketNote", { noteId: 3 }),
      entry(6, "acceptTicket", { ticketId: 10 }),
      entry(7, "updateContact", { contactId: 4 }),
    ];
    expect(drawerEntries(all, 10, 4).map((e) => e.id)).toEqual([1, 3, 5, 7]);
  });
});

describe("#contactDrawer.tagOptions", () => {
  const create = (name: string) => `Criar tag "${name}"`;

  it("offers the company's tags the contact lacks that match the text", () => {
    const options = tagOptions(
      [tag(1, "VIP"), tag(2, "Atacado"), tag(3, "Varejo")],
      [{ id: 1, name: "VIP", color: null }],
      "ata",
      create,
    );
    expect(options.map((o) => o.label)).toEqual(["Atacado", 'Criar tag "ata"']);
  });

  it("offers to create a tag only for a name nobody has", () => {
    expect(tagOptions([tag(1, "VIP")], [], "vip", create).map((o) => o.label)).toEqual(["VIP"]);
    expect(tagOptions([tag(1, "VIP")], [], "", create).map((o) => o.label)).toEqual(["VIP"]);
    expect(tagOptions([], [], " Novo ", create)).toEqual([
      { id: "new:Novo", label: 'Criar tag "Novo"', create: "Novo" },
    ]);
  });
});

describe("#ticketActions.filterUsers", () => {
  const users = [
    { id: 1, name: "Bruno Agente" },
    { id: 2, name: "Carla" },
  ];
  it("searches from 3 characters, case-insensitively, and lists everyone before", () => {
    expect(filterUsers(users, "br")).toEqual(users);
    expect(filterUsers(users, "BRU")).toEqual([users[0]]);
    expect(filterUsers(users, "xyz")).toEqual([]);
  });
});

describe("#contactDrawer.contactEditRequest", () => {
  const initial = { name: "Maria", number: "5511*******21", email: "" };
  const form = { name: "Maria", number: "5511*******21", email: "", extraInfo: null };

  it("sends only what changed, and never a number left as shown (masked under LGPD)", () => {
    expect(contactEditRequest(initial, { ...form, name: " Maria Souza " })).toEqual({
      request: { name: "Maria Souza" },
    });
    expect(contactEditRequest(initial, form)).toEqual({ request: {} });
    expect(contactEditRequest(initial, { ...form, number: "+55 (11) 98765-4321" })).toEqual({
      request: { number: "5511987654321" },
    });
  });

  it("answers the contract's messages for a bad name, number or e-mail", () => {
    expect(contactEditRequest(initial, { ...form, name: "M", number: "123", email: "x@" })).toEqual({
      errors: { name: "Too Short!", number: "Too Short!", email: "Invalid email" },
    });
  });

  it("sends the whole list of custom fields, keeping ids, and names an unnamed one", () => {
    const rows = [
      { key: 1, id: 5, name: "CPF", value: "123" },
      { key: 2, name: "Empresa", value: "ACME" },
    ];
    expect(contactEditRequest(initial, { ...form, extraInfo: rows })).toEqual({
      request: {
        extraInfo: [
          { id: 5, name: "CPF", value: "123" },
          { name: "Empresa", value: "ACME" },
        ],
      },
    });
    expect(contactEditRequest(initial, { ...form, extraInfo: [{ key: 9, name: " ", value: "x" }] })).toEqual({
      errors: { info: { 9: "Required" } },
    });
  });
});

describe("#ticketActions.holderText", () => {
  const holder = (o: Partial<OpenTicketHolder>): OpenTicketHolder => ({
    userId: 1,
    userName: "Bruno",
    queueName: "Vendas",
    status: "open",
    uuid: "u",
    ...o,
  });
  it("names the user and the queue holding the contact's ticket, as far as it knows them", () => {
    const t = i18n.getFixedT("pt-BR");
    expect(holderText(t, holder({}))).toBe("Este contato já está sendo atendido por Bruno na fila Vendas.");
    expect(holderText(t, holder({ queueName: null }))).toBe(
      "Este contato já está sendo atendido por Bruno (sem fila).",
    );
    expect(holderText(t, holder({ userName: null, userId: null, status: "pending" }))).toBe(
      "Este contato já tem um atendimento aguardando na fila Vendas.",
    );
    expect(holderText(t, holder({ userName: null, queueName: null }))).toBe(
      "Este contato já tem um atendimento em andamento.",
    );
  });
});
