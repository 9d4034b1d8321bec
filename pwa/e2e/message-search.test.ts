// Message search (issue 25, decision 0115), in chromium against the whole stack: online, accents folded and stems
// ("Joao" finds "João", "atendimento" finds "atendimentos"), grouped by conversation, newest first or best match,
// a message's markup shown as text; a result opens its conversation scrolled to the match; offline, the same search
// over the replica finds the same message and opens it too. Looked at 360, 390 and 1366 px with axe.
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { adminsOpenTicket, LOOK_SIZES, looked, serviceWorkerInControl, signIn, until } from "./support.ts";

const world = browserStackForFile();

async function say(ticketId: number, contactId: number, body: string, minutesAgo: number) {
  const { rows } = await world.stack.core.db.pool.query<{ id: string }>(
    `INSERT INTO messages (id, company_id, ticket_id, contact_id, body, from_me, created_at, updated_at)
     VALUES (gen_random_uuid(), 1, $1, $2, $3, false, now() - make_interval(mins => $4), now() - make_interval(mins => $4))
     RETURNING id`,
    [ticketId, contactId, body, minutesAgo],
  );
  return rows[0]!.id;
}

describe("message search", () => {
  it("finds by stems and folded accents online and offline, grouped, in either order, and opens at the match", async () => {
    const pool = world.stack.core.db.pool;
    const joana = await adminsOpenTicket(pool, { name: "Joana Reembolso", number: "5511955580001" });
    const bruno = await adminsOpenTicket(pool, { name: "Bruno Reembolso", number: "5511955580002" });
    await say(joana.ticket.id, joana.contact.id, "reembolso, reembolso: quero o reembolso", 30);
    await say(
      joana.ticket.id,
      joana.contact.id,
      "ontem conversamos bastante sobre muitas coisas diferentes e no final falamos de reembolso também",
      20,
    );
    await say(
      bruno.ticket.id,
      bruno.contact.id,
      "O reembolso do João saiu <b>hoje</b> <img src=x onerror=alert(1)>",
      10,
    );
    await say(joana.ticket.id, joana.contact.id, "Os atendimentos de ontem foram concluídos", 5);

    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    page.on("dialog", (d) => errors.push(`dialog: ${d.message()}`));
    await signIn(page, world.stack.core.url);
    const section = page.getByTestId("search-messages");
    const items = section.getByTestId("search-message-item");
    // The list's search is debounced: the results of the words before stay until the new ones come. A change of
    // size lays the screen out anew, so the words are typed again whenever the box does not hold them.
    const search = async (text: string, expected: string) => {
      await until(`results for ${text}`, async () => {
        const box = page.getByTestId("ticket-search");
        if ((await box.inputValue().catch(() => "")) !== text) await box.fill(text);
        return (await items.filter({ hasText: expected }).count()) > 0 ? true : undefined;
      });
    };

    // Stems and accents: "atendimento" finds "atendimentos", "Joao" finds "João" with the word marked.
    await search("atendimento", "Os atendimentos de ontem");
    expect(await items.first().textContent()).toContain("Os atendimentos de ontem");
    expect(await items.first().locator("mark").first().textContent()).toBe("atendimentos");
    await search("Joao", "saiu");
    const joao = items.filter({ hasText: "saiu" });
    expect(await joao.locator("mark").allTextContents()).toEqual(["João"]);
    // The message's markup is text: no element made of it, no script run.
    expect(await joao.textContent()).toContain("<b>hoje</b>");
    expect(await section.locator("img").count()).toBe(0);

    // Grouped by conversation; newest first, then best match first.
    await search("reembolso", "quero o reembolso");
    await until("three matches", async () => ((await items.count()) === 3 ? true : undefined));
    const groups = section.getByTestId("search-message-group");
    expect(await groups.count()).toBe(2);
    expect(await groups.first().textContent()).toContain("Bruno Reembolso");
    const joanaItems = groups.filter({ hasText: "Joana Reembolso" }).getByTestId("search-message-item");
    expect(await joanaItems.first().textContent()).toContain("falamos de reembolso");
    // The order chosen by keyboard.
    await page.getByTestId("search-messages-order").focus();
    await page.keyboard.press("Enter");
    await page.getByRole("option", { name: "Mais relevantes" }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await until("best match first", async () =>
      (await joanaItems.first().textContent())?.includes("quero o reembolso") ? true : undefined,
    );
    // Each size lays the screen out anew (a phone shows one pane): the search is typed again at each.
    for (const size of LOOK_SIZES) {
      await page.setViewportSize(size);
      await search("reembolso", "quero o reembolso");
      expect(await looked(page, `message-search-${size.name}`)).toEqual([]);
    }
    await page.setViewportSize({ width: 1366, height: 800 });
    await search("reembolso", "quero o reembolso");
    // Dark, as the top bar's toggle keeps it.
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await page.reload();
    await search("reembolso", "quero o reembolso");
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).not.toBe("rgb(255, 255, 255)");
    expect(await looked(page, "message-search-dark")).toEqual([]);
    await page.evaluate(() => localStorage.setItem("theme", "light"));
    await page.reload();

    // A result opens its conversation at the match.
    await search("Joao", "saiu");
    await items.filter({ hasText: "saiu" }).getByRole("link").click();
    await page.waitForURL(new RegExp(`/tickets/${bruno.ticket.uuid}`));
    const bubble = page.getByTestId("message-bubble").filter({ hasText: "O reembolso do João" });
    await bubble.waitFor();
    await until("the match focused", async () =>
      bubble.evaluate((el) => (document.activeElement === el ? true : undefined)),
    );

    // Offline: the same words over the replica.
    await serviceWorkerInControl(page);
    await context.setOffline(true);
    await page.goto(`${world.stack.core.url}/tickets`).catch(() => {});
    await page.getByTestId("ticket-search").fill("atendimento");
    await section.getByTestId("search-messages-offline").waitFor();
    await until("an offline result", async () => ((await items.count()) > 0 ? true : undefined));
    expect(await items.first().textContent()).toContain("Os atendimentos de ontem");
    expect(await items.first().locator("mark").first().textContent()).toBe("atendimentos");
    for (const size of LOOK_SIZES) {
      await page.setViewportSize(size);
      await search("atendimento", "Os atendimentos de ontem");
      await section.getByTestId("search-messages-offline").waitFor();
      expect(await looked(page, `message-search-offline-${size.name}`)).toEqual([]);
    }
    await page.setViewportSize({ width: 1366, height: 800 });
    await search("atendimento", "Os atendimentos de ontem");
    await items.first().getByRole("link").click();
    await page.waitForURL(new RegExp(`/tickets/${joana.ticket.uuid}`));
    const offlineBubble = page.getByTestId("message-bubble").filter({ hasText: "Os atendimentos de ontem" });
    await offlineBubble.waitFor();
    await until("the offline match focused", async () =>
      offlineBubble.evaluate((el) => (document.activeElement === el ? true : undefined)),
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
