// The real-time attendance panel (/moments, spec 1 §2) and the help videos (/helps, spec 3) in chromium: an agent
// with allowRealTime watches a ticket move from the Pending card to their own card as it is accepted through the
// API, with no reload; a user without it gets the 403 page; the helps item appears once a help exists, the grid
// lists it and its modal plays the video under the app's CSP and closes with Escape; offline both say so.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { ADMIN, signIn, standInHelpVideos, until } from "./support.ts";

const world = browserStackForFile();

async function login(who: { email: string; password: string }): Promise<{ token: string; id: number }> {
  const res = await world.stack.core.api("POST", "/auth/login", { body: who });
  expect(res.status).toBe(200);
  return { token: res.body.token, id: res.body.user.id };
}

async function createUser(
  admin: string,
  o: { name: string; email: string; allowRealTime: "enabled" | "disabled"; queueIds?: number[] },
) {
  const password = "Segredo12";
  const res = await world.stack.core.api("POST", "/users", {
    token: admin,
    body: {
      name: o.name,
      email: o.email,
      password,
      profile: "user",
      allowRealTime: o.allowRealTime,
      allTicket: "enabled",
      queueIds: o.queueIds ?? [],
    },
  });
  expect(res.status).toBe(201);
  return { email: o.email, password };
}

/** Every Content-Security-Policy violation the page reports. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction("reportCspViolation", (v: string) => seen.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI}`,
      ),
    );
  });
  return seen;
}

/** The access token of the page's session (the same person signing in again would end it). */
async function sessionToken(page: Page): Promise<string> {
  return until("the session's token", () =>
    page.evaluate(() => localStorage.getItem("token") ?? sessionStorage.getItem("token") ?? undefined),
  );
}

async function userId(email: string): Promise<number> {
  const { rows } = await world.stack.core.db.pool.query<{ id: number }>("SELECT id FROM users WHERE email = $1", [
    email,
  ]);
  return rows[0]!.id;
}

const cardWith = (page: Page, kind: "pending" | "agent", text: string) =>
  page
    .getByTestId(`moments-card-${kind}`)
    .filter({ has: page.getByTestId("moments-ticket").filter({ hasText: text }) });

describe("attendance panel", () => {
  it("an agent with allowRealTime sees a ticket accepted through the API move from Pending to their card, without a reload", async () => {
    const admin = await login(ADMIN);
    const { rows: queue } = await world.stack.core.db.pool.query<{ id: number }>(
      "INSERT INTO queues (company_id, name, color) VALUES (1, 'Painel', '#3F51B5') RETURNING id",
    );
    const queueId = queue[0]!.id;
    const agentLogin = await createUser(admin.token, {
      name: "Agente do Painel",
      email: "painel@example.com",
      allowRealTime: "enabled",
      queueIds: [queueId],
    });
    await world.stack.deliverInbound({
      from: "5511933330001",
      name: "Cliente Painel",
      text: "Preciso de ajuda com o meu pedido",
      id: "wamid.moments1",
    });
    await world.stack.deliverInbound({
      from: "5511933330002",
      name: "Cliente do Admin",
      text: "Oi",
      id: "wamid.moments2",
    });
    const ticketOf = async (number: string) =>
      (
        await world.stack.core.db.pool.query<{ id: number; uuid: string }>(
          "SELECT t.id, t.uuid FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = $1",
          [number],
        )
      ).rows[0]!;
    const first = await until("the first ticket", () => ticketOf("5511933330001"));
    const second = await until("the second ticket", () => ticketOf("5511933330002"));

    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(page, world.stack.core.url, agentLogin);
    await page.getByTestId("menu-moments").click();
    await page.waitForURL(/\/moments$/);
    expect(await page.locator("h1").textContent()).toBe("Painel de Atendimentos");
    await cardWith(page, "pending", "Cliente Painel").waitFor();
    // The panel's text is cut at 30 characters.
    expect(await page.getByTestId("moments-ticket").filter({ hasText: "Cliente Painel" }).textContent()).toContain(
      "Preciso de ajuda com o meu ped...",
    );
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    // The agent's own session (a second sign-in would end the page's, spec 1 §4).
    const agent = { token: await sessionToken(page), id: await userId(agentLogin.email) };

    // The agent accepts one, the admin the other, both through the API.
    const accepted = await world.stack.core.api("PUT", `/tickets/${first.id}`, {
      token: agent.token,
      body: { status: "open", userId: agent.id, queueId },
    });
    expect(accepted.status).toBe(200);
    const byAdmin = await world.stack.core.api("PUT", `/tickets/${second.id}`, {
      token: admin.token,
      body: { status: "open", userId: admin.id, queueId },
    });
    expect(byAdmin.status).toBe(200);
    await cardWith(page, "agent", "Cliente Painel").waitFor({ timeout: 15_000 });
    await cardWith(page, "agent", "Cliente do Admin").waitFor({ timeout: 15_000 });
    expect(await cardWith(page, "pending", "Cliente Painel").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    const agentCard = cardWith(page, "agent", "Cliente Painel");
    expect(await agentCard.getByRole("heading").textContent()).toBe("Agente do Painel");

    // Their own ticket is a link; the admin's is not (spec 1 §2: others only their own).
    expect(await page.locator(`a[href="/tickets/${first.uuid}"]`).count()).toBe(1);
    expect(await page.locator(`a[href="/tickets/${second.uuid}"]`).count()).toBe(0);

    // Offline: what it last loaded, and why it will not change.
    await context.setOffline(true);
    await page.locator(".list-page-notice", { hasText: "Precisa de conexão" }).waitFor();
    await cardWith(page, "agent", "Cliente Painel").waitFor();
    await context.setOffline(false);

    await page.locator(`a[href="/tickets/${first.uuid}"]`).click();
    await page.waitForURL(new RegExp(`/tickets/${first.uuid}$`));
    await context.close();
  });

  it("gives a user without allowRealTime the 403 page, and no menu item", async () => {
    const admin = await login(ADMIN);
    const who = await createUser(admin.token, {
      name: "Sem Painel",
      email: "sem-painel@example.com",
      allowRealTime: "disabled",
    });
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await signIn(page, world.stack.core.url, who);
    expect(await page.getByTestId("menu-moments").count()).toBe(0);
    await page.goto(`${world.stack.core.url}/moments`);
    await page.getByTestId("access-denied").waitFor();
    expect(await page.locator("h1").textContent()).toBe("Oops! Acesso Negado!");
    await context.close();
  });
});

describe("help videos", () => {
  it("the menu item appears once a help exists; the grid lists it; the modal plays it and Escape closes it", async () => {
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const asked = await standInHelpVideos(context);
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    const csp = await watchCsp(page);
    await signIn(page, world.stack.core.url);
    await page.getByTestId("menu-tickets").waitFor();
    const admin = { token: await sessionToken(page) };
    // Wait for the start's help list to be kept before saying the item is absent.
    await until("the help list fetched", () => page.evaluate(() => localStorage.getItem("chatflow.hasHelps") === "0"));
    expect(await page.getByTestId("menu-helps").count()).toBe(0);

    const created = await world.stack.core.api("POST", "/helps", {
      token: admin.token,
      body: {
        title: "Como transferir um atendimento",
        description: "Passo a passo da transferência.",
        video: "Xy_12-ab",
      },
    });
    expect(created.status).toBe(201);
    await page.reload();
    await page.getByTestId("menu-helps").click();
    await page.waitForURL(/\/helps$/);
    const card = page.getByTestId("help-card").filter({ hasText: "Como transferir um atendimento" });
    await card.waitFor();
    expect(await card.textContent()).toContain("Passo a passo da transferência.");
    expect(await card.locator("img").getAttribute("src")).toBe("https://i.ytimg.com/vi/Xy_12-ab/mqdefault.jpg");
    await until("the thumbnail loaded", () =>
      card.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth > 0),
    );

    await card.click();
    const modal = page.getByTestId("help-video-modal");
    await modal.waitFor();
    const frame = page.getByTestId("help-video-frame");
    expect(await frame.getAttribute("src")).toBe("https://www.youtube-nocookie.com/embed/Xy_12-ab?autoplay=1&rel=0");
    await until("the player loaded", () =>
      asked.some((u) => u.startsWith("https://www.youtube-nocookie.com/embed/Xy_12-ab")),
    );
    await until(
      "the player's page in the frame",
      async () => (await page.frameLocator('[data-testid="help-video-frame"]').locator("p").textContent()) === "player",
    );
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });
    expect(csp).toEqual([]);

    // Offline: the titles stay, and the video says it needs a connection.
    await context.setOffline(true);
    await page.locator(".list-page-notice", { hasText: "Precisa de conexão" }).waitFor();
    expect(await card.textContent()).toContain("O vídeo precisa de conexão.");
    expect(await card.isDisabled()).toBe(true);
    await context.setOffline(false);
    await world.stack.core.api("DELETE", `/helps/${created.body.id}`, { token: admin.token });
    await context.close();
  });
});
