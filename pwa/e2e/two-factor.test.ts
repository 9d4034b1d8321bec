// Two-factor sign-in end to end (issue 25, decision 0113): a user opens /security from the profile menu, turns it
// on (the code computed from the key the screen shows, as an authenticator app would), keeps the recovery codes,
// signs out, signs in with the password and a code, signs out, and signs in with a recovery code. The enrol screen
// and the code step are looked at (axe, the right edge, a PNG under SCREENSHOT_DIR) at 360x740, 390x844 and 1366x800
// (the code step dark too). Then a company's admin requires it: a user is led to enrol right after the password, and
// the admin resets that user's second factor from the user modal.
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

const setTheme = (page: Page, theme: "light" | "dark") =>
  page.evaluate((t) => {
    document.documentElement.dataset.theme = t;
    document.documentElement.style.colorScheme = t;
  }, theme);

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
    // Opened by the keyboard: the profile menu, down to "Segurança", Enter.
    await page.getByTestId("profile-menu-button").focus();
    await page.keyboard.press("Enter");
    await page.getByTestId("security-open").waitFor();
    await page.keyboard.press("ArrowDown");
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute("data-testid")))
      .toBe("security-open");
    await page.keyboard.press("Enter");
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
    await setTheme(page, "dark");
    problems.push(...(await looked(page, "two-factor-enrol-desk-dark")));
    await setTheme(page, "light");
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.getByTestId("two-factor-enrol-code").fill(codeOf(secret));
    await page.getByTestId("two-factor-enrol-confirm").click();
    await page.getByTestId("two-factor-codes").waitFor();
    const first = await page.getByTestId("two-factor-recovery-code").allInnerTexts();
    expect(first).toHaveLength(10);
    await page.getByTestId("two-factor-codes-done").click();
    await expect.poll(() => page.getByTestId("two-factor-state").innerText()).toMatch(/ativada/);
    // Ten new recovery codes for one of the old ones: shown once, the old ones dead.
    await page.getByTestId("two-factor-renew-code").fill(first[5]!);
    await page.getByTestId("two-factor-renew-submit").click();
    await page.getByTestId("two-factor-codes").waitFor();
    const codes = await page.getByTestId("two-factor-recovery-code").allInnerTexts();
    expect(codes).toHaveLength(10);
    expect(codes.filter((c) => first.includes(c))).toEqual([]);
    await page.getByTestId("two-factor-codes-done").click();
    await page.getByTestId("two-factor-state").waitFor();
    // The security screen with 2FA on (renewal and turning off), at the three sizes.
    for (const size of LOOK_SIZES) {
      await page.setViewportSize(size);
      problems.push(...(await looked(page, `two-factor-security-${size.name}`)));
    }
    await page.setViewportSize({ width: 1366, height: 800 });

    await signOut(page);
    await passwordStep(page, core.url, who);
    await page.getByTestId("two-factor-code-step").waitFor();
    for (const size of LOOK_SIZES) {
      await page.setViewportSize(size);
      problems.push(...(await looked(page, `two-factor-code-${size.name}`)));
    }
    await page.setViewportSize({ width: 1366, height: 800 });
    // Dark, as the theme switch applies it (layout/theme.ts: data-theme on the root, read at start).
    await setTheme(page, "dark");
    problems.push(...(await looked(page, "two-factor-code-desk-dark")));
    await setTheme(page, "light");
    // A wrong code is told and the step stays.
    await page.getByTestId("two-factor-code").fill("000000");
    await page.getByTestId("two-factor-verify").click();
    await page.getByText("Código (ou senha) inválido ou já usado.").first().waitFor();
    // The next step's code (the enrolment took this one), sent by the keyboard: the field has focus, Enter submits.
    await page.getByTestId("two-factor-code").fill(codeOf(secret, 1));
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => !["/login", "/"].includes(url.pathname));

    await signOut(page);
    await passwordStep(page, core.url, who);
    await page.getByTestId("two-factor-code").fill(codes[0]!);
    // This time "trust this device": the next sign-in on this browser skips the step.
    await page.getByTestId("two-factor-trust").click();
    await page.getByTestId("two-factor-verify").click();
    await page.waitForURL((url) => !["/login", "/"].includes(url.pathname));
    await signOut(page);
    await passwordStep(page, core.url, who);
    await page.waitForURL((url) => !["/login", "/"].includes(url.pathname));
    expect(await page.getByTestId("two-factor-code-step").count()).toBe(0);
    const used = await core.db.pool.query(
      "SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE user_id = $1 AND used_at IS NOT NULL",
      [who.id],
    );
    expect(used.rows[0].n).toBe(1);
    await context.close();
    expect(problems).toEqual([]);
  });

  it("leads a user the company requires it of to enrol after the password; the admin resets it", {
    timeout: 180_000,
  }, async () => {
    const { core } = world.stack;
    const pool = core.db.pool;
    const companyId = (await buildCompany(pool, { name: "Loja Exigente" })).id;
    const admin = await buildUser(pool, { companyId, profile: "admin", name: "Alice Admin" });
    const who = await buildUser(pool, { companyId, profile: "user", name: "Rui Requerido" });
    const problems: string[] = [];

    // The admin switches the requirement on in the settings screen.
    const adminContext = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const adminPage = await adminContext.newPage();
    await passwordStep(adminPage, core.url, admin);
    await adminPage.waitForURL((url) => !["/login", "/"].includes(url.pathname));
    await adminPage.goto(`${core.url}/settings`);
    await adminPage.getByTestId("setting-requireTwoFactor").click();
    await expect
      .poll(async () => {
        const { rows } = await pool.query("SELECT value FROM settings WHERE company_id = $1 AND key = $2", [
          companyId,
          "requireTwoFactor",
        ]);
        return rows[0]?.value;
      })
      .toBe("enabled");

    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await passwordStep(page, core.url, who);
    const secretBox = page.getByTestId("two-factor-secret");
    await secretBox.waitFor();
    expect(page.url()).toContain("/login");
    for (const size of LOOK_SIZES) {
      await page.setViewportSize(size);
      problems.push(...(await looked(page, `two-factor-login-enrol-${size.name}`)));
    }
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.getByTestId("two-factor-enrol-code").fill(codeOf((await secretBox.getAttribute("data-secret"))!));
    await page.getByTestId("two-factor-enrol-confirm").click();
    await page.getByTestId("two-factor-codes").waitFor();
    expect(await page.getByTestId("two-factor-recovery-code").count()).toBe(10);
    // Still on the login screen until the codes were seen.
    expect(page.url()).toContain("/login");
    await page.getByTestId("two-factor-codes-done").click();
    await page.waitForURL((url) => !["/login", "/"].includes(url.pathname));

    // The admin sees it on and resets it, after a confirmation.
    await adminPage.goto(`${core.url}/users`);
    await adminPage.getByRole("button", { name: "Editar Rui Requerido" }).click();
    const state = adminPage.getByTestId("user-two-factor-state");
    await expect.poll(() => state.innerText()).toBe("Verificação em duas etapas: ativada");
    await adminPage.getByTestId("user-two-factor-reset").click();
    await adminPage.getByTestId("user-two-factor-confirm").getByTestId("confirm-dialog-confirm").click();
    await expect.poll(() => state.innerText()).toBe("Verificação em duas etapas: desativada");
    const { rows } = await pool.query(
      "SELECT user_id, subject_id FROM audit_entries WHERE company_id = $1 AND kind = 'twoFactor.adminReset'",
      [companyId],
    );
    expect(rows).toEqual([{ user_id: admin.id, subject_id: who.id }]);

    // Still required: the next sign-in leads to enrolment again.
    await signOut(page);
    await passwordStep(page, core.url, who);
    await page.getByTestId("two-factor-secret").waitFor();
    await context.close();
    await adminContext.close();
    expect(problems).toEqual([]);
  });
});
