// The offline message search (issue 25, decision 0115): the same words as the server on the examples PostgreSQL's
// portuguese_unaccent was checked against (core's search-text.test.ts), the user's rule of whose conversations they
// find, and the server's order and grouping.
import type { ContactDTO, MessageDTO, TicketDTO } from "@chatflow/core/contract/entities.ts";
import { groupByTicket } from "@chatflow/core/contract/search.ts";
import { matchesSearch, searchStems, textWords } from "@chatflow/core/contract/search-text.ts";
import { SEARCH_EXAMPLES, TEXT_EXAMPLES } from "@chatflow/core/testing/search-text-examples.ts";
import { describe, expect, it } from "vitest";
import { searchHeldMessages } from "./message-search-offline.ts";

describe("the offline normaliser agrees with the server", () => {
  it("makes each example text into PostgreSQL's lexemes", () => {
    for (const { text, lexemes } of TEXT_EXAMPLES) {
      const mine = [...new Set(textWords(text).flatMap((w) => (w.lexeme ? [w.lexeme] : [])))].sort();
      expect(mine, text).toEqual(lexemes);
    }
  });

  it("matches each example search as PostgreSQL's query does", () => {
    for (const { search, text, matches } of SEARCH_EXAMPLES) {
      expect(matchesSearch(text, searchStems(search)), `${search} / ${text}`).toBe(matches);
    }
  });
});

const ticket = (id: number, o: Partial<TicketDTO>) =>
  ({ id, uuid: `t-${id}`, status: "open", contactId: id, userId: null, ...o }) as TicketDTO;
const contact = (id: number, name: string) => ({ id, name, urlPicture: null }) as ContactDTO;
const message = (id: string, ticketId: number, body: string, minutesAgo: number, o: Partial<MessageDTO> = {}) =>
  ({
    id,
    ticketId,
    body,
    fromMe: false,
    isPrivate: false,
    isDeleted: false,
    mediaType: "conversation",
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0) - minutesAgo * 60_000).toISOString(),
    ...o,
  }) as MessageDTO;

describe("searchHeldMessages", () => {
  const tickets = new Map([
    [1, ticket(1, { status: "pending" })],
    [2, ticket(2, { status: "open", userId: 7 })],
    [3, ticket(3, { status: "open", userId: 9 })],
  ]);
  const contacts = new Map([
    [1, contact(1, "Paula")],
    [2, contact(2, "Mine")],
    [3, contact(3, "Colleague's")],
  ]);
  const messages = [
    message("a", 1, "reembolso, reembolso: quero o reembolso", 30),
    message("b", 1, "ontem conversamos sobre muitas coisas diferentes e no final falamos de reembolso também", 20),
    message("c", 2, "O reembolso do João saiu <b>hoje</b>", 10),
    message("d", 3, "reembolso do colega", 5),
    message("e", 1, "reembolso apagado", 1, { isDeleted: true }),
  ];

  it("finds newest first or best first, leaves deleted text and a colleague's work in progress out", () => {
    const me = { id: 7, admin: false };
    expect(searchHeldMessages(messages, tickets, contacts, "reembolsos", "recent", me).map((h) => h.id)).toEqual([
      "c",
      "b",
      "a",
    ]);
    expect(searchHeldMessages(messages, tickets, contacts, "reembolso", "rank", me)[0]?.id).toBe("a");
    const admin = { id: 1, admin: true };
    expect(searchHeldMessages(messages, tickets, contacts, "reembolso", "recent", admin).map((h) => h.id)).toEqual([
      "d",
      "c",
      "b",
      "a",
    ]);
  });

  it("answers hits with plain-text fragments and ranges, grouped by ticket like the server", () => {
    const hits = searchHeldMessages(messages, tickets, contacts, "joao reembolso", "recent", { id: 7, admin: false });
    expect(hits).toHaveLength(1);
    const [hit] = hits;
    expect(hit?.fragment).toBe("O reembolso do João saiu <b>hoje</b>");
    expect(hit?.highlights.map(([a, b]) => hit.fragment.slice(a, b))).toEqual(["reembolso", "João"]);
    expect(hit?.contact.name).toBe("Mine");
    const all = searchHeldMessages(messages, tickets, contacts, "reembolso", "recent", { id: 7, admin: false });
    expect(groupByTicket(all).map((g) => [g.ticketId, g.messageIds])).toEqual([
      [2, ["c"]],
      [1, ["b", "a"]],
    ]);
  });

  it("finds nothing for a search of stop words only", () => {
    expect(searchHeldMessages(messages, tickets, contacts, "de que para", "recent", { id: 1, admin: true })).toEqual(
      [],
    );
  });
});
