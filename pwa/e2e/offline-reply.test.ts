import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { serviceWorkerInControl, signIn, until } from "./support.ts";

const world = browserStackForFile();

describe("offline reply", () => {
  it("reaches the channel exactly once after the network comes back", async () => {
    // A queue to accept the conversation into: a reply needs the ticket accepted first.
    await world.stack.core.db.pool.query(
      "INSERT INTO queues (company_id, name, color) VALUES (1, 'Vendas', '#1e88e5')",
    );
    const context = await world.browser.newContext();
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));

    expect(
      await world.stack.deliverInbound({
        from: "5511987654321",
        name: "Maria",
        text: "Olá, preciso de ajuda",
        id: "wamid.in.1",
      }),
    ).toBe(200);

    await signIn(page, world.stack.core.url);

    // A new inbound conversation waits in the pending tab.
    await page.getByTestId("tickets-tab-pending").click();
    const item = page.getByTestId("ticket-item").filter({ hasText: "Maria" });
    await item.waitFor();
    await item.click();
    await page.getByTestId("message-bubble").filter({ hasText: "Olá, preciso de ajuda" }).waitFor();

    // The service worker must control the page before the network goes away.
    await serviceWorkerInControl(page);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId("message-bubble").filter({ hasText: "Olá, preciso de ajuda" }).waitFor();
    // Pending: accepted first (offline too), choosing the queue; then the reply box is there.
    await page.getByTestId("reply-gate-accept").click();
    await page.getByTestId("queue-choice-select").click();
    await page.getByRole("option", { name: "Vendas" }).click();
    await page.getByTestId("queue-choice-submit").click();
    await page.getByTestId("message-input").fill("Claro! Como posso ajudar?");
    await page.getByTestId("message-send").click();
    const reply = page.getByTestId("message-bubble").filter({ hasText: "Claro! Como posso ajudar?" });
    await reply.waitFor();
    expect(await reply.getAttribute("data-ack")).toBe("0");
    if (process.env.E2E_SCREENSHOTS)
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/offline-reply.png` });
    // The accept and the reply wait, in that order.
    expect(await page.getByTestId("outbox-count").textContent()).toContain("2");
    // Nothing left the browser while offline.
    expect(world.stack.graph.requests).toHaveLength(0);

    await context.setOffline(false);
    await until("the reply at the Graph API", () => world.stack.graph.requests.length === 1, 20_000);
    await until("the tick", async () => Number(await reply.getAttribute("data-ack")) >= 1, 20_000);

    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/online-tick.png` });
    const sent = world.stack.graph.requests;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      to: "5511987654321",
      type: "text",
      text: { body: "Claro! Como posso ajudar?" },
    });
    expect(sent[0]!.authorization).toBe("Bearer e2e-access-token");
    // Still once after further pokes and pushes: the browser has nothing left to push (its outbox is empty) and
    // the worker nothing left to send (a claim round begun after the send found the queue empty), so nothing
    // more can go out.
    await until(
      "the outbox to empty",
      async () => (await page.getByTestId("outbox-count").getAttribute("data-count")) === "0",
    );
    await world.stack.worker.drained();
    expect(world.stack.graph.requests).toHaveLength(1);
    const { rows } = await world.stack.core.db.pool.query(
      "SELECT count(*)::int AS n FROM messages WHERE body = 'Claro! Como posso ajudar?'",
    );
    expect(rows[0].n).toBe(1);
    await context.close();
  });
});
