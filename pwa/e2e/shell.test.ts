// The signed-in frame as people meet it (issue 8 "Shell"): the side menu of an admin and of a
// plain user, the 403 and not-found pages, the profile modal saving through the API, and the
// notifications counter in the bell and the page title.
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { ADMIN, signIn } from "./support.ts";

const world = browserStackForFile();

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${world.stack.core.url}${path}`, {
    method,
    headers: {
      Accept: "application/json",
      ...(body ? { "Content-Type": "application/json" } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function adminToken(): Promise<string> {
  return (await api<{ token: string }>("POST", "/auth/login", null, ADMIN)).token;
}

let userSeq = 0;
/** A plain user of company 1 (profile user, no extra permissions). */
async function createPlainUser(): Promise<{ id: number; email: string; password: string }> {
  const email = `agente${++userSeq}-${Date.now()}@example.com`;
  const password = "Segredo12";
  const created = await api<{ id: number }>("POST", "/users", await adminToken(), {
    name: "Agente Teste",
    email,
    password,
    profile: "user",
  });
  return { id: created.id, email, password };
}

async function openSignedIn(
  browser: Browser,
  who: { email: string; password: string },
  size = { width: 1366, height: 800 },
  serviceWorkers: "allow" | "block" = "allow",
) {
  const context = await browser.newContext({ viewport: size, serviceWorkers });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  // Every Content-Security-Policy violation of the page (the DOM event; zod's eval probe is caught, so only this sees it).
  const cspViolations: string[] = [];
  await page.exposeFunction("reportCspViolation", (v: string) => cspViolations.push(v));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI}`,
      ),
    );
  });
  await signIn(page, world.stack.core.url, who);
  await page.getByTestId("menu-tickets").waitFor();
  return { context, page, cspViolations };
}

const menuIds = async (page: Page) =>
  page
    .locator("#side-menu [data-testid^='menu-']")
    .evaluateAll((links) => links.map((l) => l.getAttribute("data-testid")));

describe("side menu", () => {
  it("shows an admin the administration items and a plain user only the day's work", async () => {
    const admin = await openSignedIn(world.browser, ADMIN);
    expect(await menuIds(admin.page)).toEqual([
      "menu-dashboard",
      "menu-reports",
      "menu-moments",
      "menu-tickets",
      "menu-quickMessages",
      "menu-kanban",
      "menu-contacts",
      "menu-schedules",
      "menu-tags",
      "menu-chats",
      "menu-todolist",
      "menu-connections",
      "menu-queues",
      "menu-users",
      "menu-flowbuilders",
      "menu-phraseLists",
      "menu-tagsKanban",
      "menu-prompts",
      "menu-queueIntegration",
      "menu-messagesApi",
      "menu-files",
      "menu-financeiro",
      "menu-subscription",
      "menu-settings",
      "menu-audit",
      "menu-allConnections",
      "menu-companies",
      "menu-announcements",
    ]);
    await admin.context.close();

    const plain = await openSignedIn(world.browser, await createPlainUser());
    expect(await menuIds(plain.page)).toEqual([
      "menu-tickets",
      "menu-quickMessages",
      "menu-kanban",
      "menu-contacts",
      "menu-schedules",
      "menu-tags",
      "menu-chats",
      "menu-todolist",
    ]);
    await plain.page.getByTestId("menu-quickMessages").click();
    await plain.page.waitForURL(/\/quick-messages$/);
    await plain.context.close();
  });
});

describe("access denied and not found", () => {
  it("a plain user gets 'Oops! Acesso Negado!' on admin routes and the dashboard, and 'Voltar' goes to /tickets", async () => {
    const { context, page } = await openSignedIn(world.browser, await createPlainUser());
    for (const path of ["/users", "/settings", "/"]) {
      await page.goto(`${world.stack.core.url}${path}`);
      await page.getByTestId("access-denied").waitFor();
      expect(await page.locator("h1").textContent()).toBe("Oops! Acesso Negado!");
      // Said where it happened: no redirect.
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await page.getByRole("button", { name: "Voltar" }).click();
    await page.waitForURL(/\/tickets$/);
    await context.close();
  });

  it("an unknown route shows the not-found page where it was asked for", async () => {
    const { context, page } = await openSignedIn(world.browser, ADMIN);
    for (const path of ["/no-such-page", "/tickets-archive"]) {
      await page.goto(`${world.stack.core.url}${path}`);
      await page.getByTestId("not-found").waitFor();
      expect(await page.locator("h1").textContent()).toBe("Página não encontrada");
      expect(await page.getByTestId("not-found").textContent()).toContain(path);
      expect(new URL(page.url()).pathname).toBe(path);
    }
    // The admin may open the dashboard's "/": it shows there.
    await page.goto(`${world.stack.core.url}/`);
    await page.getByTestId("dashboard-page").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  });
});

describe("a screen whose code cannot be fetched", () => {
  it("says it needs a connection inside the frame, the menu still works, and it opens once the connection returns", async () => {
    // No service worker: offline, a screen not opened before has no copy on the device.
    const { context, page } = await openSignedIn(world.browser, ADMIN, undefined, "block");
    await page.getByTestId("ticket-list").waitFor();
    await context.setOffline(true);
    await page.getByTestId("menu-contacts").click();
    const error = page.getByTestId("screen-error");
    await error.getByText("Precisa de conexão: esta tela ainda não foi guardada neste aparelho.").waitFor();
    expect(await page.locator("h1").textContent()).toBe("Não foi possível abrir esta tela.");
    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
    // The frame stays: the inbox, loaded before, opens from the menu.
    await page.getByTestId("menu-tickets").click();
    await page.getByTestId("ticket-list").waitFor();
    expect(await error.count()).toBe(0);
    await page.getByTestId("menu-contacts").click();
    await error.waitFor();
    // Back online, the same screen loads without a reload.
    await context.setOffline(false);
    await page.getByTestId("contacts-page").waitFor();
    expect(await error.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/contacts");
    await context.close();
  });
});

describe("profile modal", () => {
  it("checks the password policy, then saves the name through the user update route", async () => {
    const who = await createPlainUser();
    // The form's rules are the contract's zod schemas, loaded with the modal: they must run under the CSP (no eval).
    const { context, page, cspViolations } = await openSignedIn(world.browser, who);
    await page.getByTestId("profile-menu-button").click();
    await page.getByTestId("profile-open").click();
    const modal = page.getByTestId("profile-modal");
    await modal.waitFor();

    await page.getByTestId("profile-name").fill("Ana Paula");
    await page.getByTestId("profile-password").fill("fraca");
    await page.getByTestId("profile-save").click();
    await modal.getByText("A senha deve ter ao menos 8 caracteres").waitFor();

    await page.getByTestId("profile-password").fill("");
    await page.getByTestId("profile-save").click();
    await modal.waitFor({ state: "detached" });
    await page.getByText("Perfil salvo com sucesso!").waitFor();
    expect(await page.getByTestId("profile-menu-button").textContent()).toContain("Ana Paula");

    expect(cspViolations).toEqual([]);
    // The server has it, and the old password still works (an empty one keeps it).
    const login = await api<{ user: { name: string } }>("POST", "/auth/login", null, who);
    expect(login.user.name).toBe("Ana Paula");
    await context.close();
  });
});

describe("notifications", () => {
  it("count pending conversations in the bell and the page title when showNotificationPending is on", async () => {
    const token = await adminToken();
    await api("PUT", "/companySettings", token, { column: "showNotificationPending", data: "true" });
    const { context, page } = await openSignedIn(world.browser, ADMIN);
    expect(await page.title()).toBe("Chat-flow");

    expect(
      await world.stack.deliverInbound({
        from: "5511911112222",
        name: "Joana",
        text: "*Oi*, tudo _bem_?",
        id: "wamid.shell.1",
      }),
    ).toBe(200);
    await page.getByTestId("notifications-count").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("notifications-count").textContent()).toBe("1");
    expect(await page.title()).toBe("(1) Chat-flow");

    await page.getByTestId("notifications-button").click();
    const item = page.getByTestId("notification-item").filter({ hasText: "Joana" });
    await item.waitFor();
    // The customer's words as the list shows them: WhatsApp's formatting marks stripped, never raw.
    expect(await item.textContent()).toContain("Oi, tudo bem?");
    expect(await item.textContent()).not.toMatch(/[*_]/);
    await item.getByRole("button").click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);

    await context.close();
    // The browser's login ended the API session (one session per user): sign in again to reset.
    await api("PUT", "/companySettings", await adminToken(), { column: "showNotificationPending", data: "false" });
  });
});

describe("tickets layout", () => {
  it("on a phone: one pane at a time, the list first; choosing a ticket shows the conversation alone, Back the list (decision 0088)", async () => {
    const context = await world.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page, world.stack.core.url, ADMIN);
    const listPane = page.locator(".tickets-phone > .tickets-list-panel");
    await listPane.waitFor();
    expect(await page.locator(".tickets-conversation").count()).toBe(0);

    expect(
      await world.stack.deliverInbound({ from: "5511933334444", name: "Bruno", text: "Bom dia", id: "wamid.shell.2" }),
    ).toBe(200);
    await page.getByTestId("tickets-tab-pending").click();
    await page.getByTestId("ticket-item").filter({ hasText: "Bruno" }).click();
    await page.getByTestId("message-bubble").filter({ hasText: "Bom dia" }).waitFor();
    expect(await listPane.isHidden()).toBe(true);
    await page.goBack();
    await listPane.waitFor();
    expect(await page.locator(".tickets-conversation").count()).toBe(0);
    await context.close();
  });

  it("on a desk: the list width changes with the keyboard and is saved to the user", async () => {
    const who = await createPlainUser();
    const { context, page } = await openSignedIn(world.browser, who);
    const handle = page.getByRole("separator", { name: "Largura da lista de atendimentos" });
    const before = Number(await handle.getAttribute("aria-valuenow"));
    // 1366 px with the menu open leaves 1146 px: the stored 550 starts at 45 % of that.
    expect(before).toBe(516);
    await handle.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    expect(Number(await handle.getAttribute("aria-valuenow"))).toBe(before + 32);
    const listBox = await page.locator("#tickets-list-pane").boundingBox();
    expect(Math.round(listBox?.width ?? 0)).toBe(before + 32);

    const deadline = Date.now() + 10_000;
    let stored = 0;
    while (Date.now() < deadline) {
      const { rows } = await world.stack.core.db.pool.query<{ w: number }>(
        "SELECT default_tickets_manager_width AS w FROM users WHERE id = $1",
        [who.id],
      );
      stored = rows[0]!.w;
      if (stored === before + 32) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(stored).toBe(before + 32);
    await context.close();
  });
});

describe("profile menu", () => {
  it("signs out", async () => {
    const { context, page } = await openSignedIn(world.browser, await createPlainUser());
    await page.getByTestId("profile-menu-button").click();
    await page.getByTestId("logout").click();
    await page.waitForURL(/\/login$/);
    await context.close();
  });
});
