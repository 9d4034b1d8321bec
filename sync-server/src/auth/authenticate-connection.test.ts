import { flowDocumentName } from "@chatflow/core/contract/documents/flow.ts";
import { addLane, kanbanBoardDocumentName, laneIds } from "@chatflow/core/contract/documents/kanban-board.ts";
import {
  addQuickMessage,
  listQuickMessages,
  quickMessagesDocumentName,
} from "@chatflow/core/contract/documents/quick-messages.ts";
import { buildCompany } from "@chatflow/core/testing/factories.ts";
import { forFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { signedInUser, signIn, syncForFile, waitFor, within } from "../testing/sync-fixtures.ts";

const sync = syncForFile();
const w = forFile(
  async () => {
    const companyA = (await buildCompany(sync.db.pool)).id;
    const companyB = (await buildCompany(sync.db.pool)).id;
    return {
      companyA,
      companyB,
      adminA: await signedInUser(sync.db.pool, { companyId: companyA, profile: "admin" }),
      agentA: await signedInUser(sync.db.pool, { companyId: companyA, profile: "user" }),
      adminB: await signedInUser(sync.db.pool, { companyId: companyB, profile: "admin" }),
    };
  },
  // Several users made and signed in: slow when the machine is shared.
  { timeout: 30_000 },
);
const open = (name: string, token: string) => sync.open(name, token);

describe("#sync.authenticate", () => {
  it("opens the general quick messages to admins for editing and to users read-only", async () => {
    const agent = open(quickMessagesDocumentName(w.companyA), w.agentA.token);
    expect(await within(agent.authenticated, "agent authentication")).toBe("readonly");
    const admin = open(quickMessagesDocumentName(w.companyA), w.adminA.token);
    expect(await within(admin.authenticated, "admin authentication")).toBe("read-write");
  });

  it("opens a personal quick-messages list to its owner only", async () => {
    const personal = quickMessagesDocumentName(w.companyA, { general: false, userId: w.agentA.userId });
    const owner = open(personal, w.agentA.token);
    expect(await within(owner.authenticated, "owner authentication")).toBe("read-write");
    addQuickMessage(owner.doc, { id: "mine", shortcode: "mine", message: "only mine" });
    const admin = open(personal, w.adminA.token);
    expect(await within(admin.refused, "the admin's refusal")).toBe("ERR_NO_PERMISSION");
    expect(admin.doc.getMap("quickMessages").size).toBe(0);
  });

  it("refuses an expired company's users with ERR_SUBSCRIPTION_EXPIRED", async () => {
    const expired = (await buildCompany(sync.db.pool, { dueDate: "2020-01-31" })).id;
    const user = await signedInUser(sync.db.pool, { companyId: expired, profile: "admin" });
    const client = open(quickMessagesDocumentName(expired), user.token);
    expect(await within(client.refused, "refusal")).toBe("ERR_SUBSCRIPTION_EXPIRED");
    expect(client.provider.isAuthenticated).toBe(false);
  });

  it("refuses another company's token and sends it none of the document", async () => {
    const name = quickMessagesDocumentName(w.companyA);
    const owner = open(name, w.adminA.token);
    await within(owner.authenticated, "owner authentication");
    addQuickMessage(owner.doc, { id: "secret", shortcode: "secret", message: "company A only" });

    const intruder = open(name, w.adminB.token);
    expect(await within(intruder.refused, "refusal")).toBe("ERR_NO_PERMISSION");
    expect(intruder.provider.isAuthenticated).toBe(false);

    // A later edit reaches a legitimate reader but never the refused client.
    const reader = open(name, w.agentA.token);
    addQuickMessage(owner.doc, { id: "later", shortcode: "later", message: "after the refusal" });
    await waitFor(() => listQuickMessages(reader.doc).length === 2, "the reader to receive both items");
    expect(listQuickMessages(intruder.doc)).toEqual([]);
    expect(intruder.doc.getMap("quickMessages").size).toBe(0);
  });

  it("refuses a token whose session a newer login ended", async () => {
    const user = await signedInUser(sync.db.pool, { companyId: w.companyA, profile: "admin" });
    await signIn(sync.db.pool, user); // a second login ends the first session
    const stale = open(quickMessagesDocumentName(w.companyA), user.token);
    expect(await within(stale.refused, "refusal")).toBe("ERR_SESSION_EXPIRED");
  });

  it("refuses a forged or missing token", async () => {
    // An unverifiable token (forged, or expired) asks for a refresh; no token means no session.
    const forged = open(quickMessagesDocumentName(w.companyA), `${w.adminA.token.slice(0, -4)}AAAA`);
    expect(await within(forged.refused, "refusal")).toBe("ERR_INVALID_TOKEN");
    const missing = open(quickMessagesDocumentName(w.companyA), "");
    expect(await within(missing.refused, "refusal")).toBe("ERR_SESSION_EXPIRED");
  });

  it("refuses a flow to a user and opens it to an admin", async () => {
    const name = `company/${w.companyA}/flow/1`;
    const agent = open(name, w.agentA.token);
    expect(await within(agent.refused, "refusal")).toBe("ERR_NO_PERMISSION");
    const admin = open(name, w.adminA.token);
    expect(await within(admin.authenticated, "authentication")).toBe("read-write");
  });

  it("refuses a flow of one company to another company's admin", async () => {
    const name = flowDocumentName(w.companyA, 1);
    expect(await within(open(name, w.adminB.token).refused, "refusal")).toBe("ERR_NO_PERMISSION");
  });

  it("opens a kanban board read-only to a user: their edits reach nobody", async () => {
    const name = kanbanBoardDocumentName(w.companyA);
    const admin = open(name, w.adminA.token);
    const agent = open(name, w.agentA.token);
    expect(await within(admin.authenticated, "admin authentication")).toBe("read-write");
    expect(await within(agent.authenticated, "agent authentication")).toBe("readonly");
    await waitFor(() => agent.provider.isSynced, "the agent's first sync");

    // Tag ids the company does not have: the projection matches no row, the document still carries them.
    addLane(agent.doc, 990001);
    addLane(admin.doc, 990002);
    await waitFor(() => laneIds(agent.doc).includes(990002), "the admin's edit at the agent");
    // A client that opens the board now gets the server's state: the admin's edit only.
    const fresh = open(name, w.adminA.token);
    await waitFor(() => laneIds(fresh.doc).includes(990002), "the fresh client's sync");
    expect(laneIds(fresh.doc)).not.toContain(990001);
    expect(laneIds(admin.doc)).not.toContain(990001);
  });

  it("refuses unknown kinds, malformed names, other quick-messages lists and another user's personal one", async () => {
    for (const name of [
      `company/${w.companyA}/invoices/1`,
      `company/${w.companyA}/flow`,
      `company/${w.companyA}/flow/../1`,
      `tenant/${w.companyA}/flow/1`,
      `company/${w.companyA}/quick-messages/other`,
      `company/${w.companyA}/quick-messages/main`,
      `company/${w.companyA}/kanban/main`,
      quickMessagesDocumentName(w.companyA, { general: false, userId: w.agentA.userId }),
    ]) {
      const client = open(name, w.adminA.token);
      expect(await within(client.refused, `refusal of ${name}`)).toBe("ERR_NO_PERMISSION");
    }
  });

  it("closes a live connection when a newer login ends its session", async () => {
    const user = await signedInUser(sync.db.pool, { companyId: w.companyA, profile: "user" });
    const name = quickMessagesDocumentName(w.companyA);
    const live = open(name, user.token);
    await within(live.authenticated, "authentication");
    await signIn(sync.db.pool, user);
    expect(await within(live.closed, "the server closing the connection")).toBe("ERR_SESSION_EXPIRED");

    // Edits made afterwards no longer reach the ended session.
    const writer = open(name, w.adminA.token);
    const reader = open(name, w.agentA.token);
    addQuickMessage(writer.doc, { id: "after-logout", shortcode: "bye", message: "" });
    await waitFor(() => listQuickMessages(reader.doc).some((i) => i.id === "after-logout"), "the edit at the reader");
    expect(listQuickMessages(live.doc).some((i) => i.id === "after-logout")).toBe(false);
  });
});
