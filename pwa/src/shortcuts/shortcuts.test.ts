// @vitest-environment jsdom
// What the shortcuts reach and offer: the ticket list's neighbouring rows, the composer's modes through its own
// switch, the open ticket's actions by its state and the person's role (the header's rules), and the screens and
// text matches of the palette.
import { afterEach, describe, expect, it } from "vitest";
import { buildSessionUser } from "../test-support/users.ts";
import { focusComposer, focusSearch, neighbourRow, toggleContactDrawer } from "./dom-targets.ts";
import { fold, matchesQuery, paletteScreens } from "./palette-items.ts";
import { commandsInScope, type OpenTicket, ticketCommandIds } from "./shortcuts-state.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

/** The ticket list as the tickets screen renders it: rows are links, the open one marked aria-current. */
function list(uuids: string[], current?: string) {
  document.body.innerHTML = `<div data-testid="ticket-rows"><ul>${uuids
    .map(
      (u) =>
        `<li><a data-testid="ticket-item" href="/tickets/${u}"${u === current ? ' aria-current="page"' : ""}>${u}</a></li>`,
    )
    .join("")}</ul></div>`;
}

const uuidOf = (a: HTMLAnchorElement | null) => a?.getAttribute("href")?.split("/").pop() ?? null;

describe("neighbourRow", () => {
  it("moves one row up or down from the open conversation, and stops at either end", () => {
    list(["a", "b", "c"], "b");
    expect(uuidOf(neighbourRow(document, 1))).toBe("c");
    expect(uuidOf(neighbourRow(document, -1))).toBe("a");
    list(["a", "b", "c"], "c");
    expect(neighbourRow(document, 1)).toBeNull();
    list(["a", "b", "c"], "a");
    expect(neighbourRow(document, -1)).toBeNull();
  });

  it("with none open starts at the top going down and at the bottom going up, as Chatwoot does", () => {
    list(["a", "b", "c"]);
    expect(uuidOf(neighbourRow(document, 1))).toBe("a");
    expect(uuidOf(neighbourRow(document, -1))).toBe("c");
  });

  it("finds nothing where no list is on screen", () => {
    document.body.innerHTML = "<main><a data-testid='ticket-item' href='/tickets/x'>x</a></main>";
    expect(neighbourRow(document, 1)).toBeNull();
  });
});

describe("the composer and the search", () => {
  /** The composer as message-input.tsx renders it; its switch flips data-private as the component would. */
  function composer(isPrivate: boolean) {
    document.body.innerHTML = `
      <div data-testid="composer" data-private="${isPrivate}">
        <label data-testid="private-toggle"><input type="checkbox" role="switch" ${isPrivate ? "checked" : ""}></label>
        <textarea data-testid="message-input"></textarea>
      </div>`;
    const input = document.querySelector<HTMLInputElement>("[data-testid=private-toggle] input")!;
    let clicks = 0;
    input.addEventListener("click", () => {
      clicks += 1;
      const frame = document.querySelector("[data-testid=composer]")!;
      frame.setAttribute("data-private", String(frame.getAttribute("data-private") !== "true"));
    });
    return { clicks: () => clicks, box: document.querySelector("textarea")! };
  }

  it("turns the private note on through the composer's own switch and puts the keyboard in the box", () => {
    const c = composer(false);
    expect(focusComposer(document, { private: true })).toBe(true);
    expect(c.clicks()).toBe(1);
    expect(document.querySelector("[data-testid=composer]")!.getAttribute("data-private")).toBe("true");
    expect(document.activeElement).toBe(c.box);
    // Already private: Alt+P again changes nothing; Alt+L goes back to the reply.
    expect(focusComposer(document, { private: true })).toBe(true);
    expect(c.clicks()).toBe(1);
    expect(focusComposer(document, { private: false })).toBe(true);
    expect(c.clicks()).toBe(2);
    expect(document.querySelector("[data-testid=composer]")!.getAttribute("data-private")).toBe("false");
  });

  it("answers false where the conversation has no composer (waiting, closed or another agent's)", () => {
    document.body.innerHTML = "<div data-testid='reply-gate'></div>";
    expect(focusComposer(document, { private: false })).toBe(false);
    expect(toggleContactDrawer(document)).toBe(false);
    expect(focusSearch(document)).toBe(false);
  });

  it("puts the keyboard in the list's search with its text selected", () => {
    document.body.innerHTML = "<input type='search' data-testid='ticket-search' value='maria'>";
    expect(focusSearch(document)).toBe(true);
    const box = document.activeElement as HTMLInputElement;
    expect(box.getAttribute("data-testid")).toBe("ticket-search");
    expect([box.selectionStart, box.selectionEnd]).toEqual([0, 5]);
  });
});

describe("the open ticket's actions", () => {
  const agent = buildSessionUser({ id: 7, profile: "user", userClosePendingTicket: "disabled" });
  const admin = buildSessionUser({ id: 1, profile: "admin" });
  const ticket = (status: "open" | "pending" | "closed" | "nps", userId: number | null = 7) => ({
    status,
    userId,
    queueId: 3,
    isGroup: false,
    channel: "whatsapp" as const,
  });

  it("offers what the header offers for the ticket's state, resolve in two ways when the farewell is a choice", () => {
    expect(ticketCommandIds(ticket("open"), agent)).toEqual({
      commands: ["returnToQueue", "transfer", "resolveFarewell", "resolve", "contactDrawer"],
      farewell: true,
    });
    expect(ticketCommandIds(ticket("closed"), agent).commands).toEqual(["reopen", "contactDrawer"]);
    // Waiting for the rating: one way to resolve.
    expect(ticketCommandIds(ticket("nps"), agent)).toEqual({ commands: ["resolve", "contactDrawer"], farewell: false });
  });

  it("follows the role: a plain user accepts a waiting ticket, an admin may also transfer, resolve and delete it", () => {
    expect(ticketCommandIds(ticket("pending", null), agent).commands).toEqual(["accept", "contactDrawer"]);
    expect(ticketCommandIds(ticket("pending", null), admin).commands).toEqual([
      "accept",
      "transfer",
      "resolveFarewell",
      "resolve",
      "ignore",
      "delete",
      "contactDrawer",
    ]);
  });

  it("narrows to the ways of resolving for Alt+E, and to nothing without an open ticket", () => {
    const open: OpenTicket = {
      uuid: "u",
      contactName: "Maria",
      ...ticketCommandIds(ticket("open"), agent),
      run: () => undefined,
    };
    expect(commandsInScope(open, "resolve")).toEqual(["resolveFarewell", "resolve"]);
    expect(commandsInScope(open, "all")).toHaveLength(5);
    expect(commandsInScope(null, "all")).toEqual([]);
  });
});

describe("the palette's screens and matches", () => {
  it("lists the screens the person may open, never one that needs an id in its path", () => {
    const agentScreens = paletteScreens({ user: buildSessionUser({ profile: "user" }) }).map((r) => r.id);
    expect(agentScreens).toContain("tickets");
    expect(agentScreens).toContain("contacts");
    expect(agentScreens).toContain("contactsImport");
    expect(agentScreens).not.toContain("users");
    expect(agentScreens).not.toContain("companies");
    expect(agentScreens).not.toContain("flowbuilder");
    const adminScreens = paletteScreens({ user: buildSessionUser({ profile: "admin" }) }).map((r) => r.id);
    expect(adminScreens).toContain("users");
    expect(adminScreens).toContain("queues");
    expect(adminScreens).not.toContain("companies");
    expect(adminScreens.some((id) => id === "campaignReport" || id === "contactListItems")).toBe(false);
    expect(paletteScreens(null)).toEqual([]);
  });

  it("leaves out what the plan does not include", () => {
    const user = buildSessionUser({ profile: "admin" });
    const noKanban = { ...user, company: { ...user.company!, plan: { ...user.company!.plan!, useKanban: false } } };
    expect(paletteScreens({ user: noKanban }).map((r) => r.id)).not.toContain("kanban");
  });

  it("matches every typed word, in any order, without case or accents", () => {
    expect(fold("Relatórios")).toBe("relatorios");
    expect(matchesQuery("Relatórios", "relat")).toBe(true);
    expect(matchesQuery("Relatórios", "RELATORIOS")).toBe(true);
    expect(matchesQuery("Resolver sem mensagem de despedida", "sem desp")).toBe(true);
    expect(matchesQuery("Resolver sem mensagem de despedida", "despedida com")).toBe(false);
    expect(matchesQuery("Filas & Chatbot", "")).toBe(true);
  });
});
