// The internal chat offline, through the outbox (decision 0111), in chromium with two people in two browser contexts:
// the admin writes in a chat with the network gone, the message shows pending (looked at, with axe, at the three
// sizes), nothing reaches core; the network back, it is pushed, shows sent, and is stored once; the agent's popover
// and side menu count it, the agent reads it offline (the badge goes at once, core still counts it), and core's count
// follows when the agent is back online. A chat started offline is made by core once the network returns.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { ADMIN, LOOK_SIZES, looked, serviceWorkerInControl, signIn, until } from "./support.ts";

const world = browserStackForFile();

async function newPage(colorScheme: "light" | "dark" = "light"): Promise<{ context: BrowserContext; page: Page }> {
  const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 }, colorScheme });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  return { context, page };
}

const db = () => world.stack.core.db.pool;
const storedTimes = async (text: string) =>
  (await db().query<{ n: number }>("SELECT count(*)::int AS n FROM chat_messages WHERE message = $1", [text])).rows[0]!
    .n;
const agentUnreads = async (email: string, chatUuid: string) =>
  (
    await db().query<{ unreads: number }>(
      `SELECT cu.unreads FROM chat_users cu JOIN chats c ON c.id = cu.chat_id AND c.company_id = cu.company_id
         JOIN users u ON u.id = cu.user_id AND u.company_id = cu.company_id
       WHERE cu.company_id = 1 AND u.email = $1 AND c.uuid = $2`,
      [email, chatUuid],
    )
  ).rows.map((r) => r.unreads);

describe("internal chat offline", () => {
  it("a message written offline shows pending, goes once when the network is back, and the counts converge", {
    timeout: 180_000,
  }, async () => {
    const admin = await world.stack.core.api("POST", "/auth/login", { body: ADMIN });
    const agent = { email: "bruno.offline@example.com", password: "Segredo12" };
    const created = await world.stack.core.api("POST", "/users", {
      token: admin.body.token,
      body: { name: "Bruno Offline", profile: "user", queueIds: [], ...agent },
    });
    expect(created.status).toBe(201);
    const chat = await world.stack.core.api("POST", "/chats", {
      token: admin.body.token,
      body: { title: "Plantão sem rede", users: [created.body.id] },
    });
    expect(chat.status).toBe(200);
    const chatUuid: string = chat.body.uuid;

    const writer = await newPage();
    const reader = await newPage();
    await signIn(writer.page, world.stack.core.url);
    await signIn(reader.page, world.stack.core.url, agent);
    await writer.page.goto(`${world.stack.core.url}/chats/${chatUuid}`);
    await writer.page.getByTestId("chat-messages").waitFor();
    await serviceWorkerInControl(writer.page);
    await reader.page.getByTestId("chats-popover-button").waitFor();
    expect(await reader.page.getByTestId("chats-popover-count").count()).toBe(0);

    // Offline: the composer still writes; the message shows at once, pending, and waits in the outbox.
    await writer.context.setOffline(true);
    await writer.page.getByText("as mensagens escritas agora serão enviadas quando a conexão voltar").waitFor();
    await writer.page.getByTestId("chat-composer-input").fill("Escrito sem rede");
    await writer.page.getByTestId("chat-send").click();
    const mine = writer.page.getByTestId("chat-message").filter({ hasText: "Escrito sem rede" });
    await mine.waitFor();
    expect(await mine.getAttribute("data-state")).toBe("pending");
    expect(await mine.getByTestId("chat-message-state").getAttribute("title")).toBe("Pendente: aguardando envio");
    expect(await writer.page.getByTestId("chat-composer-input").inputValue()).toBe("");
    expect(await writer.page.getByTestId("outbox-count").getAttribute("data-count")).toBe("1");
    expect(await storedTimes("Escrito sem rede")).toBe(0);

    // The screen with the pending message, at the three sizes (phones: the 'Mensagens' tab), light; the desk dark too.
    const problems: string[] = [];
    for (const size of LOOK_SIZES) {
      await writer.page.setViewportSize({ width: size.width, height: size.height });
      await mine.waitFor();
      problems.push(...(await looked(writer.page, `chats-pending-${size.name}`)));
    }
    await writer.page.emulateMedia({ colorScheme: "dark" });
    // Reloaded offline: the app and the chat come from this device (the service worker and the replica).
    await writer.page.reload({ waitUntil: "domcontentloaded" });
    await mine.waitFor();
    problems.push(...(await looked(writer.page, "chats-pending-desk-dark")));
    expect(problems).toEqual([]);
    expect(await mine.getAttribute("data-state")).toBe("pending");
    // Nothing reached the agent meanwhile.
    expect(await reader.page.getByTestId("chats-popover-count").count()).toBe(0);

    // The network back: pushed, stored once, and shown as sent (core's row under the same uuid).
    await writer.context.setOffline(false);
    await until("the message sent", async () => (await mine.getAttribute("data-state")) === "sent", 30_000);
    expect(await storedTimes("Escrito sem rede")).toBe(1);
    await until(
      "the outbox empty",
      async () => (await writer.page.getByTestId("outbox-count").getAttribute("data-count")) === "0",
    );
    expect(await writer.page.getByTestId("chat-message").filter({ hasText: "Escrito sem rede" }).count()).toBe(1);

    // The agent's popover and side menu count the chat, from the replica the pull filled.
    await reader.page.getByTestId("chats-popover-count").filter({ hasText: "1" }).waitFor({ timeout: 20_000 });
    expect(await reader.page.getByTestId("menu-chats-count").textContent()).toBe("1");
    expect(await agentUnreads(agent.email, chatUuid)).toEqual([1]);

    // The agent reads it offline: it is there once, with its sender; the badges go at once; core still counts it.
    await serviceWorkerInControl(reader.page);
    await reader.context.setOffline(true);
    await reader.page.getByTestId("chats-popover-button").click();
    await reader.page.getByTestId("chats-popover-item").filter({ hasText: "Plantão sem rede" }).click();
    await reader.page.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
    const theirs = reader.page.getByTestId("chat-message").filter({ hasText: "Escrito sem rede" });
    await theirs.waitFor();
    expect(await theirs.count()).toBe(1);
    expect(await theirs.textContent()).toContain("Admin");
    await reader.page.getByTestId("chats-popover-count").waitFor({ state: "detached" });
    expect(await reader.page.getByTestId("menu-chats-count").count()).toBe(0);
    expect(await agentUnreads(agent.email, chatUuid)).toEqual([1]);

    // Back online: the read is pushed and core's count follows; after a reload the message is still there once.
    await reader.context.setOffline(false);
    await until("core's count at zero", async () => (await agentUnreads(agent.email, chatUuid))[0] === 0, 30_000);
    await reader.page.reload();
    await theirs.waitFor();
    expect(await theirs.count()).toBe(1);
    expect(await reader.page.getByTestId("chats-popover-count").count()).toBe(0);

    // A chat started offline: shown at once (no edit or delete until core has it), made by core when back online.
    await writer.page.emulateMedia({ colorScheme: "light" });
    await writer.context.setOffline(true);
    await writer.page.getByTestId("chats-add").click();
    await writer.page.getByTestId("chat-dialog").waitFor();
    await writer.page.getByTestId("chat-title").fill("Criado sem rede");
    await writer.page.getByTestId("chat-users").click();
    await writer.page.getByRole("option", { name: "Bruno Offline" }).click();
    await writer.page.keyboard.press("Escape");
    // The writer is on another chat's page already: wait for the new chat's address, not any chat's.
    const before = writer.page.url();
    await writer.page.getByTestId("chat-save").click();
    await writer.page.waitForURL((u) => /\/chats\/[0-9a-f-]{36}$/.test(u.pathname) && u.href !== before);
    const newUuid = writer.page.url().split("/").at(-1)!;
    const row = writer.page.getByTestId("chat-row").filter({ hasText: "Criado sem rede" });
    await row.waitFor();
    expect(await row.getByTestId("chat-edit").isDisabled()).toBe(true);
    await writer.page.getByTestId("chat-composer-input").fill("Primeira do chat novo");
    await writer.page.getByTestId("chat-send").click();
    const first = writer.page.getByTestId("chat-message").filter({ hasText: "Primeira do chat novo" });
    expect(await first.getAttribute("data-state")).toBe("pending");
    await writer.context.setOffline(false);
    await until("the new chat's message sent", async () => (await first.getAttribute("data-state")) === "sent", 30_000);
    const made = await db().query<{ title: string }>("SELECT title FROM chats WHERE company_id = 1 AND uuid = $1", [
      newUuid,
    ]);
    expect(made.rows).toEqual([{ title: "Criado sem rede" }]);
    expect(await storedTimes("Primeira do chat novo")).toBe(1);
    await row.getByTestId("chat-edit").and(writer.page.locator(":not([disabled])")).waitFor();
    // The agent's replica brings the new chat with its unread message.
    await reader.page.getByTestId("chats-popover-count").filter({ hasText: "1" }).waitFor({ timeout: 20_000 });
  });
});
