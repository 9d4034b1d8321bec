// Getting started (issue 21, decision 0091): the super user lands on /companies and, creating a company, is told
// its name and its admin's login; that admin lands on the first-run checklist, whose queue step ticks once a queue
// is created; dismissed, the checklist is no longer the landing.
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { signInToLanding } from "./support.ts";

const world = browserStackForFile();

describe("getting started", () => {
  it("lands the super user on the companies and a new company's admin on a checklist that ticks", async () => {
    const base = world.stack.core.url;
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    // The super user's work is the companies, not company 1's inbox.
    expect(await signInToLanding(page, base)).toBe("/companies");
    await page.getByTestId("companies-add").click();
    const modal = page.getByTestId("company-modal");
    await modal.waitFor();
    await page.getByTestId("company-name").fill("Loja Nova");
    await page.getByTestId("company-email").fill("dona@loja-nova.test");
    await page.getByTestId("company-password").fill("Loja-Nova-2026");
    await page.getByTestId("company-plan").click();
    await page.getByRole("option").first().click();
    await page.getByTestId("company-save").click();
    await page.getByText("Empresa Loja Nova criada; acesso do administrador: dona@loja-nova.test").waitFor();
    await context.close();

    // The new company's admin, on a phone: no connection, queue or second user, so the checklist.
    const ownerContext = await world.browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
    const owner = await ownerContext.newPage();
    owner.on("pageerror", (e) => console.error("page error:", e.message));
    expect(await signInToLanding(owner, base, { email: "dona@loja-nova.test", password: "Loja-Nova-2026" })).toBe(
      "/getting-started",
    );
    const progress = owner.getByTestId("getting-started-progress");
    await progress.getByText("0 de 4 passos concluídos").waitFor();
    const queueStep = owner.getByTestId("getting-started-queue");
    expect(await queueStep.getByText("A fazer").count()).toBe(1);

    // The queue step opens the queues screen; a queue made there ticks it.
    await queueStep.getByRole("link").tap();
    await owner.waitForURL(/\/queues$/);
    await owner.getByTestId("queues-add").tap();
    const queueModal = owner.getByTestId("queue-modal");
    await queueModal.waitFor();
    await owner.getByTestId("queue-name").fill("Vendas");
    await owner.getByTestId("queue-save").tap();
    await queueModal.waitFor({ state: "detached" });
    await owner.goBack();
    await owner.waitForURL(/\/getting-started$/);
    await owner.getByTestId("getting-started-queue").getByText("Concluído").waitFor();
    await progress.getByText("1 de 4 passos concluídos").waitFor();
    expect(await owner.getByTestId("getting-started-connection").getByText("A fazer").count()).toBe(1);

    // Dismissed: the inbox, and the next sign-in lands there too.
    await owner.getByTestId("getting-started-dismiss").tap();
    await owner.waitForURL(/\/tickets$/);
    // Signed out and in again on this device (at desk size, where the profile menu holds the logout).
    await owner.setViewportSize({ width: 1366, height: 800 });
    await owner.getByTestId("profile-menu-button").click();
    await owner.getByTestId("logout").click();
    await owner.waitForURL(/\/login$/);
    const landing = await signInToLanding(owner, base, { email: "dona@loja-nova.test", password: "Loja-Nova-2026" });
    expect(landing).toBe("/tickets");

    // A login asked to go somewhere (`?next=`, as a bookmark's sign-in would) goes there.
    await owner.getByTestId("profile-menu-button").click();
    await owner.getByTestId("logout").click();
    await owner.waitForURL(/\/login$/);
    await owner.goto(`${base}/login?next=/contacts`);
    await owner.getByTestId("login-email").fill("dona@loja-nova.test");
    await owner.getByTestId("login-password").fill("Loja-Nova-2026");
    await owner.getByTestId("login-submit").click();
    await owner.waitForURL((url) => url.pathname === "/contacts");
    await ownerContext.close();
  });
});
