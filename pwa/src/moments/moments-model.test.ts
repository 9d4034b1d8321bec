// The attendance panel's rules (spec 1 §2 '/moments', §9): the Pending card and one card per agent, who may open
// which ticket, and the panel's truncations and times.
import type { MomentTicket } from "@chatflow/core/contract/moments.ts";
import { describe, expect, it } from "vitest";
import { mayOpenTicket, momentCards, panelName, panelText, panelTime } from "./moments-model.ts";

let n = 0;
function ticket(o: Partial<MomentTicket> & { user?: MomentTicket["user"] } = {}): MomentTicket {
  n += 1;
  return {
    id: n,
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    status: o.user ? "open" : "pending",
    lastMessage: "Olá",
    updatedAt: "2026-11-29T10:00:00.000Z",
    userId: o.user?.id ?? null,
    queueId: null,
    contact: { id: n, name: `Contato ${n}`, urlPicture: null },
    queue: null,
    user: null,
    whatsapp: null,
    ...o,
  };
}

describe("#moment cards", () => {
  it("puts tickets with no agent on the Pending card first, then one card per agent by name, keeping the order", () => {
    const bruno = { id: 7, name: "Bruno" };
    const ana = { id: 9, name: "Ana" };
    const p1 = ticket();
    const b1 = ticket({ user: bruno });
    const a1 = ticket({ user: ana });
    const b2 = ticket({ user: bruno });
    const p2 = ticket();
    const cards = momentCards([p1, b1, a1, b2, p2]);
    expect(cards.map((c) => [c.key, c.tickets.map((t) => t.id)])).toEqual([
      ["pending", [p1.id, p2.id]],
      ["user-9", [a1.id]],
      ["user-7", [b1.id, b2.id]],
    ]);
    expect(cards[1]!.user).toEqual(ana);
  });

  it("keeps the Pending card when nothing waits, and has no agent cards when nobody holds a ticket", () => {
    expect(momentCards([])).toEqual([{ key: "pending", user: null, tickets: [] }]);
  });
});

describe("#who opens a ticket", () => {
  it("lets an admin open any ticket and anyone else only their own", () => {
    const mine = ticket({ user: { id: 3, name: "Eu" } });
    const theirs = ticket({ user: { id: 4, name: "Outro" } });
    const waiting = ticket();
    expect([mine, theirs, waiting].map((t) => mayOpenTicket(t, { id: 3, profile: "admin" }))).toEqual([
      true,
      true,
      true,
    ]);
    expect([mine, theirs, waiting].map((t) => mayOpenTicket(t, { id: 3, profile: "user" }))).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe("#panel display", () => {
  it("cuts names at 25 and the ticket text at 30 characters, with an ellipsis", () => {
    expect(panelName("Maria Aparecida dos Santos Silva")).toBe("Maria Aparecida dos Santo...");
    expect(panelName("Maria Souza")).toBe("Maria Souza");
    expect(panelText("Bom dia, preciso de ajuda com o meu pedido")).toBe("Bom dia, preciso de ajuda com ...");
    expect(panelText("a".repeat(30))).toBe("a".repeat(30));
    expect(panelText(null)).toBe("");
    // WhatsApp's formatting is taken off, never shown raw (issue 21).
    expect(panelText("*Pedido* _urgente_:\n~cancelar~")).toBe("Pedido urgente: cancelar");
  });

  it("shows HH:mm for today and dd/MM/yyyy otherwise", () => {
    const now = new Date(2026, 10, 29, 15, 0);
    expect(panelTime(new Date(2026, 10, 29, 9, 5).toISOString(), now)).toBe("09:05");
    expect(panelTime(new Date(2026, 10, 28, 23, 59).toISOString(), now)).toBe("28/11/2026");
  });
});
