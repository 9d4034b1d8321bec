import {
  addQuickMessage,
  listQuickMessages,
  quickMessagesDocumentName,
  updateQuickMessage,
} from "@chatflow/core/contract/documents/quick-messages.ts";
import { buildCompany } from "@chatflow/core/testing/factories.ts";
import { forFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { signedInUser, syncForFile, waitFor, within } from "./testing/sync-fixtures.ts";

const sync = syncForFile();
const w = forFile(
  async () => {
    const companyId = (await buildCompany(sync.db.pool)).id;
    const admin = await signedInUser(sync.db.pool, { companyId, profile: "admin" });
    const admin2 = await signedInUser(sync.db.pool, { companyId, profile: "admin" });
    return { companyId, admin, admin2 };
  },
  // Two users made and signed in: slow when the machine is shared.
  { timeout: 30_000 },
);
const open = (name: string, token: string) => sync.open(name, token);

describe("#sync.co-editing", () => {
  it("shows an edit made in one client in the other, both ways", async () => {
    const name = quickMessagesDocumentName(w.companyId);
    const a = open(name, w.admin.token);
    const b = open(name, w.admin2.token);
    await within(a.authenticated, "a authentication");
    await within(b.authenticated, "b authentication");

    addQuickMessage(a.doc, { id: "from-a", shortcode: "oi", message: "Oi!" });
    await waitFor(() => listQuickMessages(b.doc).some((i) => i.id === "from-a"), "a's item at b");
    addQuickMessage(b.doc, { id: "from-b", shortcode: "obrigado", message: "Obrigado!" });
    await waitFor(() => listQuickMessages(a.doc).some((i) => i.id === "from-b"), "b's item at a");
    expect(listQuickMessages(a.doc)).toEqual(listQuickMessages(b.doc));
  });

  it("keeps both people's changes when they edit different fields of one item at once", async () => {
    const name = quickMessagesDocumentName(w.companyId);
    const a = open(name, w.admin.token);
    const b = open(name, w.admin2.token);
    addQuickMessage(a.doc, { id: "shared", shortcode: "promo", message: "10%" });
    await waitFor(() => listQuickMessages(b.doc).some((i) => i.id === "shared"), "the item at b");

    // Both edit before either hears from the other: Yjs merges per field.
    updateQuickMessage(a.doc, "shared", { shortcode: "promocao" });
    updateQuickMessage(b.doc, "shared", { message: "20% off" });
    const merged = { id: "shared", shortcode: "promocao", message: "20% off" };
    await waitFor(() => {
      const atA = listQuickMessages(a.doc).find((i) => i.id === "shared");
      const atB = listQuickMessages(b.doc).find((i) => i.id === "shared");
      return JSON.stringify(atA) === JSON.stringify(merged) && JSON.stringify(atB) === JSON.stringify(merged);
    }, "both clients to hold the merged item");
  });

  it("serves any upgrade path, so core can forward /collab to it as it is", async () => {
    const client = sync.open(quickMessagesDocumentName(w.companyId), w.admin.token, `${sync.server.url}/collab`);
    expect(await within(client.authenticated, "authentication through /collab")).toBe("read-write");
  });

  it("listens on loopback only unless told otherwise", () => {
    expect(sync.server.address.address).toBe("127.0.0.1");
    expect(sync.server.url).toBe(`ws://127.0.0.1:${sync.server.port}`);
  });

  it("shares presence through awareness", async () => {
    const name = `company/${w.companyId}/flow/presence`;
    const a = open(name, w.admin.token);
    const b = open(name, w.admin.token);
    await within(b.authenticated, "b authentication");
    a.provider.setAwarenessField("user", { name: "Ana", selected: ["node-1"] });
    await waitFor(
      () => [...(b.provider.awareness?.getStates().values() ?? [])].some((s) => s.user?.name === "Ana"),
      "a's presence at b",
    );
  });
});
