// The offline and sync layer in a real browser against the whole stack: two tabs
// of one install (one leads the sync, the other's reply goes out once through it,
// and the lead passes on when that tab closes), an image attached offline that
// survives a reload and goes out once, and a web push shown by the service worker.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { serviceWorkerInControl, signIn, until } from "./support.ts";

const world = browserStackForFile();

// A 1x1 PNG: core sniffs uploads and refuses what is not a known kind.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);

/** Messages whose `where` column is `value`; a body may carry the composer's signature line first. */
async function stored(where: string, value: string): Promise<number> {
  const match = where === "body" ? "(body = $1 OR body LIKE '%' || E'\\n' || $1)" : `${where} = $1`;
  const { rows } = await world.stack.core.db.pool.query(`SELECT count(*)::int AS n FROM messages WHERE ${match}`, [
    value,
  ]);
  return rows[0].n;
}

/** Signs in and opens the pending conversation of `contact`; answers its URL. */
async function openConversation(page: Page, contact: string, text: string): Promise<string> {
  // Made before signing in, so the first pull brings it (a row written by hand pokes no one).
  await world.stack.core.db.pool.query(
    "INSERT INTO queues (company_id, name, color) SELECT 1, 'Vendas', '#1e88e5' WHERE NOT EXISTS (SELECT 1 FROM queues WHERE company_id = 1)",
  );
  await signIn(page, world.stack.core.url);
  await page.getByTestId("tickets-tab-pending").click();
  const item = page.getByTestId("ticket-item").filter({ hasText: contact });
  await item.waitFor();
  await item.click();
  await page.getByTestId("message-bubble").filter({ hasText: text }).waitFor();
  // A reply needs the ticket accepted first (decision 0033), into the queue made before signing in.
  await page.getByTestId("reply-gate-accept").click();
  await page.getByTestId("queue-choice-select").click();
  await page.getByRole("option", { name: "Vendas" }).click();
  await page.getByTestId("queue-choice-submit").click();
  await page.getByTestId("message-input").waitFor();
  return page.url();
}

/** Counts what each page sends to /sync/push and which pages open the realtime socket. */
function watch(page: Page) {
  const seen = { pushes: 0, sockets: 0 };
  page.on("request", (r) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/sync/push") seen.pushes++;
  });
  page.on("websocket", (ws) => {
    if (new URL(ws.url()).pathname === "/ws") seen.sockets++;
  });
  return seen;
}

async function send(page: Page, text: string) {
  await page.getByTestId("message-input").fill(text);
  await page.getByTestId("message-send").click();
}

describe("offline and sync", () => {
  it("lets one tab lead: a reply from the other tab goes out once and shows in both; the lead passes on", async () => {
    const context: BrowserContext = await world.browser.newContext();
    const a = await context.newPage();
    a.on("pageerror", (e) => console.error("tab A error:", e.message));
    const seenA = watch(a);
    expect(
      await world.stack.deliverInbound({
        from: "5511911112222",
        name: "Bruna",
        text: "Oi, duas abas?",
        id: "wamid.tabs.1",
      }),
    ).toBe(200);
    const url = await openConversation(a, "Bruna", "Oi, duas abas?");

    const b = await context.newPage();
    b.on("pageerror", (e) => console.error("tab B error:", e.message));
    const seenB = watch(b);
    await b.goto(url);
    await b.getByTestId("message-bubble").filter({ hasText: "Oi, duas abas?" }).waitFor();
    // Only the leader holds the realtime socket.
    await b.waitForTimeout(500);
    expect(seenA.sockets).toBe(1);
    expect(seenB.sockets).toBe(0);

    await send(b, "Escrevi na aba B");
    // Tab A shows it from the shared IndexedDB, and pushes it: once, at the server and at WhatsApp.
    await a.getByTestId("message-bubble").filter({ hasText: "Escrevi na aba B" }).waitFor();
    await until("the reply stored by core", async () => (await stored("body", "Escrevi na aba B")) === 1);
    await until("the reply at the Graph API", () =>
      world.stack.graph.requests.some((r) => r.body.text?.body?.endsWith("Escrevi na aba B")),
    );
    const replyInB = b.getByTestId("message-bubble").filter({ hasText: "Escrevi na aba B" });
    await until("the tick in tab B", async () => Number(await replyInB.getAttribute("data-ack")) >= 1);
    expect(seenB.pushes).toBe(0);
    expect(seenA.pushes).toBeGreaterThan(0);

    // The leader closes: tab B takes the lead, opens the socket and sends its own replies.
    await a.close();
    await until("tab B's socket", () => seenB.sockets === 1);
    await send(b, "Depois que a aba A fechou");
    await until("the second reply stored", async () => (await stored("body", "Depois que a aba A fechou")) === 1);
    expect(seenB.pushes).toBeGreaterThan(0);

    await b.waitForTimeout(1000);
    const texts = world.stack.graph.requests.map((r) => r.body.text?.body?.split("\n").at(-1));
    expect(texts.filter((t) => t === "Escrevi na aba B")).toHaveLength(1);
    expect(texts.filter((t) => t === "Depois que a aba A fechou")).toHaveLength(1);
    expect(await stored("body", "Escrevi na aba B")).toBe(1);
    await context.close();
  });

  it("keeps an image attached offline through a reload and sends it once when the network is back", async () => {
    const context = await world.browser.newContext();
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    expect(
      await world.stack.deliverInbound({
        from: "5511933334444",
        name: "Caio",
        text: "Manda a foto?",
        id: "wamid.media.1",
      }),
    ).toBe(200);
    await openConversation(page, "Caio", "Manda a foto?");
    await serviceWorkerInControl(page);
    const uploadsBefore = world.stack.graph.uploads.length;
    // The accept goes out first: this test is about the image alone.
    await until(
      "the accept pushed",
      async () => (await page.getByTestId("outbox-count").textContent())?.trim() === "0",
    );

    await context.setOffline(true);
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("message-attach").click();
    await (await chooser).setFiles({ name: "foto-offline.png", mimeType: "image/png", buffer: PNG });
    // The media preview (captions) opens first; sending it writes the message.
    await page.getByTestId("media-preview-send").click();
    const bubble = page.getByTestId("message-bubble").filter({ hasText: "foto-offline.png" });
    await bubble.waitFor();
    expect(await bubble.getAttribute("data-ack")).toBe("0");
    await until("the outbox count", async () => (await page.getByTestId("outbox-count").textContent())?.trim() === "1");

    // A reload while still offline: the file is in IndexedDB, not in the page.
    await page.reload();
    await bubble.waitFor();
    expect((await page.getByTestId("outbox-count").textContent())?.trim()).toBe("1");
    expect(await stored("body", "foto-offline.png")).toBe(0);

    await context.setOffline(false);
    await until("the image at the Graph API", () => world.stack.graph.uploads.length > uploadsBefore, 30_000);
    await until(
      "the outbox emptied",
      async () => (await page.getByTestId("outbox-count").textContent())?.trim() === "0",
    );
    await until("the tick", async () => Number(await bubble.getAttribute("data-ack")) >= 1, 30_000);

    await page.waitForTimeout(1500);
    expect(world.stack.graph.uploads.length - uploadsBefore).toBe(1);
    expect(await stored("body", "foto-offline.png")).toBe(1);
    const { rows } = await world.stack.core.db.pool.query(
      "SELECT media_type, media_url FROM messages WHERE body = 'foto-offline.png'",
    );
    expect(rows[0]).toMatchObject({ media_type: "image" });
    expect(rows[0].media_url).toMatch(/^\/media\/1\/.+\.png$/);
    await context.close();
  });

  it("says when a conversation is not held on this device, and fetches it back once online", async () => {
    const context = await world.browser.newContext();
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    expect(
      await world.stack.deliverInbound({
        from: "5511955556666",
        name: "Edu",
        text: "Guarda isso?",
        id: "wamid.held.1",
      }),
    ).toBe(200);
    const url = await openConversation(page, "Edu", "Guarda isso?");
    await serviceWorkerInControl(page);
    const uuid = new URL(url).pathname.split("/").pop();
    const { rows } = await world.stack.core.db.pool.query("SELECT id FROM tickets WHERE uuid = $1", [uuid]);
    const ticketId: number = rows[0].id;
    expect(await page.getByTestId("conversation-not-held").count()).toBe(0);
    // The accept's answer (and any message it made, a greeting) reaches the replica before the network goes: a pull
    // landing after the eviction below would write a message back.
    await until(
      "the accept to leave the outbox",
      async () => (await page.getByTestId("outbox-count").textContent())?.trim() === "0",
    );
    const onServer = (
      await world.stack.core.db.pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM messages WHERE ticket_id = $1",
        [ticketId],
      )
    ).rows[0]!.n;
    await until("the replica to hold every message of the ticket", async () => {
      const held = await page.evaluate(async (id) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open("chatflow");
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const count = await new Promise<number>((resolve) => {
          const req = db
            .transaction("messages")
            .objectStore("messages")
            .index("[ticketId+createdAt]")
            .count(IDBKeyRange.bound([id, ""], [id, "\uffff"]));
          req.onsuccess = () => resolve(req.result);
        });
        db.close();
        return count;
      }, ticketId);
      return held === onServer;
    });

    // What the replica's eviction leaves (sync/evict.ts): the messages gone, the ticket marked.
    await context.setOffline(true);
    await page.evaluate(async (id) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open("chatflow");
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction(["messages", "evictions"], "readwrite");
      tx.objectStore("evictions").put({ ticketId: id, evictedAt: new Date().toISOString() });
      tx
        .objectStore("messages")
        .index("[ticketId+createdAt]")
        .openCursor(IDBKeyRange.bound([id, ""], [id, "\uffff"])).onsuccess = (e) => {
        const cursor = (e.target as IDBRequest<IDBCursorWithValue | null>).result;
        if (!cursor) return;
        cursor.delete();
        cursor.continue();
      };
      await new Promise((resolve) => {
        tx.oncomplete = resolve;
      });
      db.close();
    }, ticketId);
    await page.reload();
    const notice = page.getByTestId("conversation-not-held");
    await notice.waitFor();
    expect(await notice.textContent()).toContain("não está guardada neste aparelho");
    expect(await page.getByTestId("message-bubble").count()).toBe(0);

    await context.setOffline(false);
    await page.getByTestId("message-bubble").filter({ hasText: "Guarda isso?" }).waitFor();
    await notice.waitFor({ state: "detached" });
    await context.close();
  });

  it("shows a web push with the app's service worker, naming the contact, even with no tab on the ticket", async () => {
    const context = await world.browser.newContext();
    await context.grantPermissions(["notifications"], { origin: world.stack.core.url });
    const page = await context.newPage();
    await page.goto(`${world.stack.core.url}/login`);
    await serviceWorkerInControl(page);
    const cdp = await context.newCDPSession(page);
    const registrations: { registrationId: string; scopeURL: string }[] = [];
    cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => registrations.push(...e.registrations));
    await cdp.send("ServiceWorker.enable");
    const registration = await until("the service worker registration", () => registrations[0]);

    const payload = {
      title: "Dora",
      body: "Chegou uma mensagem",
      url: "/tickets/0190f5a8-1c2b-7d3e-8f40-123456789abc",
      tag: "ticket-0190f5a8-1c2b-7d3e-8f40-123456789abc",
    };
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: new URL(world.stack.core.url).origin,
      registrationId: registration.registrationId,
      data: JSON.stringify(payload),
    });
    const shown = await until("the notification", () =>
      page.evaluate(async () => {
        const reg = await navigator.serviceWorker.ready;
        const list = await reg.getNotifications();
        return list.length > 0 ? list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data })) : false;
      }),
    );
    expect(shown).toEqual([
      {
        title: "Dora",
        body: "Chegou uma mensagem",
        tag: payload.tag,
        data: { url: `${new URL(world.stack.core.url).origin}${payload.url}` },
      },
    ]);
    await context.close();
  });
});
