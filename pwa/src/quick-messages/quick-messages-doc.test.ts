import "fake-indexeddb/auto";
import { addQuickMessage, listQuickMessages } from "@chatflow/core/contract/documents/quick-messages.ts";
import { buildCompany } from "@chatflow/core/testing/factories.ts";
import { setForTest } from "@chatflow/core/testing/flags.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import { signedInUser, syncForFile, waitFor } from "@chatflow/sync-server/testing/sync-fixtures.ts";
import { MessageType, type onOutgoingMessageParameters } from "@hocuspocus/provider";
import { describe, expect, it } from "vitest";
import {
  type ConnectionState,
  connectQuickMessages,
  defaultSyncUrl,
  openLocalQuickMessages,
} from "./quick-messages-doc.ts";

const sync = syncForFile();
const w = forFile(
  async () => {
    const companyId = (await buildCompany(sync.db.pool)).id;
    return {
      companyId,
      admin: await signedInUser(sync.db.pool, { companyId, profile: "admin" }),
      agent: await signedInUser(sync.db.pool, { companyId, profile: "user" }),
    };
  },
  { timeout: 30_000 },
);

describe("#quick-messages on this device", () => {
  it("reaches co-editing through core's /collab on the app's own origin", () => {
    expect(defaultSyncUrl({ protocol: "https:", host: "chat.example.com" })).toBe("wss://chat.example.com/collab");
    expect(defaultSyncUrl({ protocol: "http:", host: "localhost:8080" })).toBe("ws://localhost:8080/collab");
  });

  it("keeps an item added offline across a reload and sends it once the server is reachable", async () => {
    // Offline: nothing listens on port 1, so the provider keeps retrying in vain.
    const first = openLocalQuickMessages(w.companyId);
    await first.loaded;
    const offline = connectQuickMessages(first.doc, {
      companyId: w.companyId,
      token: w.admin.token,
      syncUrl: "ws://127.0.0.1:1",
    });
    addQuickMessage(first.doc, { id: "offline-1", shortcode: "ola", message: "Olá!" });
    offline.destroy();
    await first.destroy();

    // "Reload": a new document reads the stored copy from IndexedDB.
    const second = openLocalQuickMessages(w.companyId);
    await second.loaded;
    expect(listQuickMessages(second.doc).map((i) => i.id)).toEqual(["offline-1"]);

    // Online: the item reaches the server and its projection.
    const states: ConnectionState[] = [];
    const online = connectQuickMessages(second.doc, {
      companyId: w.companyId,
      token: w.admin.token,
      syncUrl: sync.server.url,
      onState: (s) => states.push(s),
    });
    await waitFor(async () => {
      const { rows } = await sync.db.pool.query("SELECT item_id FROM quick_messages WHERE company_id = $1", [
        w.companyId,
      ]);
      return rows.length === 1 && rows[0].item_id === "offline-1";
    }, "the offline item in quick_messages");
    expect(states.some((s) => s.status === "connected" && s.synced)).toBe(true);
    online.destroy();
    await second.destroy();
  });

  it("reports the server's refusal", async () => {
    const local = openLocalQuickMessages(w.companyId);
    let state: ConnectionState | undefined;
    const connection = connectQuickMessages(local.doc, {
      companyId: w.companyId,
      token: "not-a-token",
      syncUrl: sync.server.url,
      onState: (s) => (state = s),
    });
    await waitFor(() => state?.refused, "the refusal");
    // Unverifiable (as an expired token is): the app may renew it.
    expect(state?.refused).toBe("ERR_INVALID_TOKEN");
    connection.destroy();
    await local.destroy();
  });

  it("renews an expired token once and reconnects with the new one", async () => {
    const local = openLocalQuickMessages(w.companyId);
    let current = "an-expired-token";
    let renewals = 0;
    let state: ConnectionState | undefined;
    const connection = connectQuickMessages(local.doc, {
      companyId: w.companyId,
      token: () => current,
      syncUrl: sync.server.url,
      renewToken: async () => {
        renewals++;
        current = w.admin.token;
      },
      onState: (s) => (state = s),
    });
    await waitFor(() => state?.status === "connected" && state.synced && state.refused === null, "a synced connection");
    expect(renewals).toBe(1);
    connection.destroy();
    await local.destroy();
  });

  it("does not loop when a renewal brings no new token", async () => {
    const local = openLocalQuickMessages(w.companyId);
    let renewals = 0;
    let state: ConnectionState | undefined;
    const connection = connectQuickMessages(local.doc, {
      companyId: w.companyId,
      token: () => "still-expired",
      syncUrl: sync.server.url,
      renewToken: async () => {
        renewals++;
      },
      onState: (s) => (state = s),
    });
    // Every token the connection sends: a loop would send the refused token again to be refused again.
    let tokensSent = 0;
    connection.provider.on("outgoingMessage", ({ message }: onOutgoingMessageParameters) => {
      if (message.type === MessageType.Auth) tokensSent++;
    });
    await waitFor(() => state?.refused, "the refusal");
    // The renewal runs on the refusal and decides on promise callbacks alone: one turn of the event loop later
    // it has sent the token again or never will. The server answers only what it is sent, so with one token
    // sent and the renewal done, no other refusal, and so no other renewal, can follow.
    await new Promise((resolve) => setImmediate(resolve));
    expect(tokensSent).toBe(1);
    expect(renewals).toBe(1);
    expect(state?.refused).toBe("ERR_INVALID_TOKEN");
    connection.destroy();
    await local.destroy();
  });

  it("opens the general list read-only for a user and follows a promotion on the same connection", async () => {
    const local = openLocalQuickMessages(w.companyId);
    let state: ConnectionState | undefined;
    const connection = connectQuickMessages(local.doc, {
      companyId: w.companyId,
      token: w.agent.token,
      syncUrl: sync.server.url,
      onState: (s) => (state = s),
    });
    await waitFor(() => state?.scope === "readonly", "the read-only scope");
    // Promoted for this test only: the file's later tests need the agent a plain user again, even if this one fails.
    await setForTest(sync.db.pool, "users", w.agent.userId, { profile: "admin" });
    await waitFor(() => state?.scope === "read-write", "the scope after the promotion");
    await sync.db.pool.query("UPDATE users SET profile = 'user' WHERE id = $1", [w.agent.userId]);
    await waitFor(() => state?.scope === "readonly", "the scope after the demotion");
    expect(state?.refused).toBeNull();
    connection.destroy();
    await local.destroy();
  });

  it("keeps a personal list on its own document, projected as its owner's and not general", async () => {
    const list = { general: false as const, userId: w.agent.userId };
    const local = openLocalQuickMessages(w.companyId, list);
    await local.loaded;
    let state: ConnectionState | undefined;
    const connection = connectQuickMessages(local.doc, {
      companyId: w.companyId,
      list,
      token: w.agent.token,
      syncUrl: sync.server.url,
      onState: (s) => (state = s),
    });
    await waitFor(() => state?.scope === "read-write", "the owner's scope");
    addQuickMessage(local.doc, { id: "personal-1", shortcode: "meu", message: "Só meu" });
    await waitFor(async () => {
      const { rows } = await sync.db.pool.query(
        "SELECT geral, user_id FROM quick_messages WHERE company_id = $1 AND item_id = 'personal-1'",
        [w.companyId],
      );
      return rows.length === 1 && rows[0].geral === false && rows[0].user_id === w.agent.userId;
    }, "the personal row");
    // The general list on this device is another document: the personal item is not in it.
    const general = openLocalQuickMessages(w.companyId);
    await general.loaded;
    expect(listQuickMessages(general.doc).some((i) => i.id === "personal-1")).toBe(false);
    connection.destroy();
    await local.destroy();
    await general.destroy();
  });

  it("says why when the server closes the list because the company expired", async () => {
    const company = (await buildCompany(sync.db.pool)).id;
    const user = await signedInUser(sync.db.pool, { companyId: company, profile: "admin" });
    const local = openLocalQuickMessages(company);
    let state: ConnectionState | undefined;
    const connection = connectQuickMessages(local.doc, {
      companyId: company,
      token: user.token,
      syncUrl: sync.server.url,
      onState: (s) => (state = s),
    });
    await waitFor(() => state?.scope === "read-write", "the connection");
    await sync.db.pool.query("UPDATE companies SET due_date = '2020-01-31' WHERE id = $1", [company]);
    await waitFor(() => state?.refused === "ERR_SUBSCRIPTION_EXPIRED", "the reason");
    expect(state?.scope).toBeNull();
    connection.destroy();
    await local.destroy();
  });
});
