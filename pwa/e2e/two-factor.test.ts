// Two-factor sign-in end to end (issue 25, decision 0113): a user opens /security from the profile menu, turns it
// on (the code computed from the key the screen shows, as an authenticator app would), keeps the recovery codes,
// signs out, signs in with the password and a code, signs out, and signs in with a recovery code. The enrol screen
// and the code step are looked at (axe, the right edge, a PNG under SCREENSHOT_DIR) at 360x740, 390x844 and 1366x800.
import { buildCompany, buildUser } from "@chatflow/core/testing/factories.ts";
import { codeOf } from "@chatflow/core/testing/totp-codes.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { LOOK_SIZES, looked } from "./support.ts";

const world = browserStackForFile();

async function passwordStep(page: Page, baseUrl: string, who: { email: string; password: string }) {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId("login-email").fill(who.email);
  await page.getByTestId("login-password").fill(who.password);
  await page.getByTestId("login-submit").click();
}

async function signOut(page: Page) {
  await page.getByTestId("profile-menu-button").or(page.getByTestId("top-bar-more")).first().click();
  await page.getByTestId("logout").click();
  await page.waitForURL(/\/login/);
}

describe("two-factor sign-in", () => {
  it("enrols from /security, then signs in with a code and with a recovery code", { timeout: 180_000 }, async () => {
    const { core } = world.stack;
    const companyId = (await buildCompany(core.db.pool, { name: "Loja Segura" })).id;
    const who = await buildUser(core.db.pool, { companyId, profile: "user", name: "Sara Segura" });
    const problems: string[] = [];

    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await passwordStep(page, core.url, who);
    await page.waitForURL((url) => !["/login", "/"].includes(url.pathname));
    // From the profile menu, by keyboard-reachable menu items.
    await page.getByTestId("profile-menu-button").click();
    await page.getByTestId("security-open").click();
    await page.waitForURL(/\/security/);
    await page.getByTestId("two-factor-start").click();
    const secretBox = page.getByTestId("two-factor-secret");
    await secretBox.waitFor();
    const secret = (await secretBox.getAttribute("data-secret"))!;
    // The shown text is the same key, grouped for typing.
    expect((await secretBox.innerText()).replace(/\s/g, "")).toBe(secret);
    expect(await page.getByTestId("two-factor-qr").locator("svg").count()).toBe(1);
    for (const size of LOOK_SIZES) {
      await page.setViewportSize(size);
      problems.push(...(await looked(page, `two-factor-enrol-${size.name}`)));
    }
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.getByTestId("two-factor-enrol-code").fill(codeOf(secret));
    await page.getByTestId("two-factor-enrol-confirm").click();
    await page.getByTestId("two-factor-codes").waitFor();
    const codes = await page.getByTestId("two-factor-recovery-code").allInnerTexts();
    expect(codes).toHaveLength(10);
    await page.getByTestId("two-factor-codes-done").click();
    await expect.poll(() => page.getByTestId("two-factor-state").innerText()).toMatch(/ativada/);

    await signOut(page);
    await passwordStep(page, core.url, who);
    await page.getByTestId("two-factor-code-step").waitFor();
    for (const size of LOOK_SIZES) {
      await page.setViewportSize(size);
      problems.push(...(await looked(page, `two-factor-code-${size.name}`)));
    }
    await page.setViewportSize({ width: 1366, height: 800 });
    // A wrong code is told and the step stays.
    await page.getByTestId("two-factor-code").fill("000000");
    await page.getByTestId("two-factor-verify").click();
    await page.getByText("Código (ou senha) inválido ou já usado.").first().waitFor();
    // The next step's code: the enrolment took this one.
    await page.getByTestId("two-factor-code").fill(codeOf(secret, 1));
    await page.getByTestId("two-factor-verify").click();
    await page.waitForURL((url) => !["/login", "/"].includes(url.pathname));

    await signOut(page);
    await passwordStep(page, core.url, who);
    await page.getByTestId("two-factor-code").fill(codes[0]!);
    await page.getByTestId("two-factor-verify").click();
    await page.waitForURL((url) => !["/login", "/"].includes(url.pathname));
    const used = await core.db.pool.query(
      "SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NOT NULL",
      [who.id],
    );
    expect(used.rows[0].n).toBe(1);
    await context.close();
    expect(problems).toEqual([]);
  });
});
