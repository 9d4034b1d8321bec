// Presence on the co-edited lists (issue 21, decision 0091): two people with the quick messages open see each
// other, each in their colour, as the flow editor shows its editors; the same on the kanban board.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { forFile } from "../../core/src/testing/for-file.ts";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { ADMIN, signIn } from "./support.ts";

const world = browserStackForFile({ sync: true });

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${world.stack.core.url}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

/** The colour the app gives a user (sync/doc-presence.ts presenceColor), as the browser computes it. */
const colourOf = (userId: number) => `hsl(${Math.round((userId * 137.508) % 360)} 70% 45%)`;

const BIA = { email: `bia-presenca-${Date.now()}@example.com`, password: "Segredo12" };

const seeded = forFile(async () => {
  const login = await api<{ token: string; user: { id: number; name: string } }>("POST", "/auth/login", null, ADMIN);
  const bia = await api<{ id: number }>("POST", "/users", login.token, {
    name: "Bia Presença",
    profile: "admin",
    ...BIA,
  });
  await api("POST", "/tags", login.token, { name: "Novo contato", kanban: 1 });
  return { admin: login.user, bia: bia.id };
});

/** The person named `name` in the presence list `testId`, and the colour it is shown in. */
async function presentIn(page: Page, testId: string, name: string): Promise<string | null> {
  const person = page.getByTestId(testId).getByTestId("presence-person").filter({ hasText: name });
  await person.waitFor();
  return person.getAttribute("data-color");
}

describe("presence", () => {
  it("shows two people on the quick messages and on the kanban board to each other, in their colours", async () => {
    const { admin, bia } = seeded;
    const one = await (await world.browser.newContext({ viewport: { width: 1366, height: 800 } })).newPage();
    const two = await (await world.browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    for (const p of [one, two]) p.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(one, world.stack.core.url);
    await signIn(two, world.stack.core.url, BIA);

    await one.goto(`${world.stack.core.url}/quick-messages`);
    await two.goto(`${world.stack.core.url}/quick-messages`);
    const general = '[data-list="general"]';
    expect(await presentIn(one, "quick-messages-presence", "Bia Presença")).toBe(colourOf(bia));
    expect(await presentIn(two, "quick-messages-presence", admin.name)).toBe(colourOf(admin.id));
    // On the general list: both have it open.
    expect(await one.locator(general).getByTestId("quick-messages-presence").count()).toBe(1);
    // Nobody sees themself.
    expect(await one.getByTestId("presence-person").filter({ hasText: admin.name }).count()).toBe(0);

    await one.goto(`${world.stack.core.url}/kanban`);
    await two.goto(`${world.stack.core.url}/kanban`);
    expect(await presentIn(one, "kanban-presence", "Bia Presença")).toBe(colourOf(bia));
    expect(await presentIn(two, "kanban-presence", admin.name)).toBe(colourOf(admin.id));

    // One leaves the board: the other no longer shows them.
    await two.goto(`${world.stack.core.url}/contacts`);
    await one
      .getByTestId("presence-person")
      .filter({ hasText: "Bia Presença" })
      .waitFor({ state: "detached", timeout: 40_000 });
  });
});
