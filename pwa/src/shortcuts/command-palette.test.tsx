// @vitest-environment jsdom
// The command palette over this device's replica: conversations found by contact name or number (the ticket list's
// own search), only for the text as it stands, the open ticket's actions and the screens grouped under their names,
// and Enter running the marked row.
import "fake-indexeddb/auto";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { getDefaultStore } from "jotai";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { db } from "../app-db.ts";
import { sessionAtom } from "../auth/session-state.ts";
import { i18n } from "../i18n/i18n.ts";
import { buildContact, buildTicket } from "../test-support/factories.ts";
import { buildSessionUser } from "../test-support/users.ts";
import { CommandPalette } from "./command-palette.tsx";
import { openTicketAtom, type TicketCommandId } from "./shortcuts-state.ts";

const store = getDefaultStore();
const user = buildSessionUser({ id: 1, profile: "admin" });

const ana = buildContact({ id: 11, name: "Ana Lima", number: "5511911110001" });
const bruno = buildContact({ id: 12, name: "Bruno Souza", number: "5511911110002" });
const anaTicket = buildTicket({ id: 21, contactId: 11, status: "open", userId: 1 });
const brunoTicket = buildTicket({ id: 22, contactId: 12, status: "pending", userId: null });

forFile(
  async () => {
    await db.contacts.bulkPut([ana, bruno]);
    await db.tickets.bulkPut([anaTicket, brunoTicket]);
    // The replica holds every ticket (a pull said so): the search reads it alone, as offline.
    await db.meta.put({ key: "ticketsComplete", value: { inProgress: true, closed: true } });
    store.set(sessionAtom, { status: "authenticated", user });
  },
  {
    async stop() {
      store.set(sessionAtom, { status: "checking" });
      store.set(openTicketAtom, null);
      await db.delete();
    },
  },
);

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function open(ran: TicketCommandId[] = []) {
  let closed = 0;
  store.set(openTicketAtom, {
    uuid: anaTicket.uuid,
    contactName: "Ana Lima",
    commands: ["returnToQueue", "transfer", "resolveFarewell", "resolve", "contactDrawer"],
    farewell: true,
    run: (id) => ran.push(id),
  });
  render(
    <MemoryRouter initialEntries={["/tickets"]}>
      <CommandPalette scope="all" onClose={() => (closed += 1)} />
      <Where />
    </MemoryRouter>,
  );
  return { keys: userEvent.setup(), closed: () => closed };
}

const group = (name: string) => screen.getByRole("group", { name });

describe("CommandPalette", () => {
  it("lists the open ticket's actions under its contact's name, then the screens, with the keyboard in the box", async () => {
    open();
    await waitFor(() => expect(document.activeElement?.getAttribute("data-testid")).toBe("palette-input"));
    const actions = within(group(i18n.t("shortcuts.palette.actions", { name: "Ana Lima" })));
    expect(actions.getAllByRole("option").map((o) => o.textContent)).toEqual([
      i18n.t("ticketActions.returnToQueue"),
      `${i18n.t("ticketActions.transfer")}Alt+T`,
      i18n.t("ticketActions.resolveWithFarewell"),
      i18n.t("ticketActions.resolveWithoutFarewell"),
      `${i18n.t("shortcuts.palette.contactDrawer")}Alt+O`,
    ]);
    expect(within(group(i18n.t("shortcuts.palette.screens"))).getByRole("option", { name: i18n.t("menu.queues") }));
    cleanup();
  });

  it("finds a conversation by part of the number, only once the text stands, and opens it with Enter", async () => {
    const { keys, closed } = open();
    const conversations = i18n.t("shortcuts.palette.conversations");
    await keys.keyboard("91111000");
    await waitFor(() => expect(within(group(conversations)).getAllByRole("option")).toHaveLength(2));
    // One more digit: the two rows found for the shorter text go at once (Enter must not open one of them).
    await keys.keyboard("2");
    expect(screen.queryByRole("group", { name: conversations })).toBeNull();
    const found = within(await screen.findByRole("group", { name: conversations }));
    const rows = found.getAllByRole("option");
    // Bruno alone: the number as it stands no longer matches Ana's.
    expect(rows.map((r) => r.getAttribute("data-key"))).toEqual([`ticket:${brunoTicket.uuid}`]);
    expect(rows[0]?.textContent).toContain("Bruno Souza");
    expect(rows[0]?.textContent).toContain(i18n.t("ticketList.tabs.pending"));
    await keys.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe(`/tickets/${brunoTicket.uuid}`));
    expect(closed()).toBe(1);
    cleanup();
  });

  it("finds by name without case, and narrows screens and actions by every word typed", async () => {
    const { keys } = open();
    await keys.keyboard("ana");
    const found = within(await screen.findByRole("group", { name: i18n.t("shortcuts.palette.conversations") }));
    expect(found.getAllByRole("option").map((r) => r.getAttribute("data-key"))).toEqual([`ticket:${anaTicket.uuid}`]);
    await keys.clear(screen.getByTestId("palette-input"));
    await keys.keyboard("resolver sem");
    await waitFor(() =>
      expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
        i18n.t("ticketActions.resolveWithoutFarewell"),
      ]),
    );
    cleanup();
  });

  it("runs the marked action on the open ticket with Enter", async () => {
    const ran: TicketCommandId[] = [];
    const { keys } = open(ran);
    await keys.keyboard("transf");
    await keys.keyboard("{ArrowDown}");
    await waitFor(() =>
      expect(screen.getByTestId("palette-input").getAttribute("aria-activedescendant")).toContain("action:transfer"),
    );
    await keys.keyboard("{Enter}");
    await waitFor(() => expect(ran).toEqual(["transfer"]));
    cleanup();
  });
});
