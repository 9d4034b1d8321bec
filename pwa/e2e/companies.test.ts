// The super user's companies (spec 3 §2 Companies page, §4): a company made in the modal gets its first admin,
// who signs in with the default password; its row is yellow while the due date is 1 to 5 days away, and
// "+ Due date" moves it by the recurrence, which the row shows once saved. Anyone else is sent home.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { LOOK_SIZES, looked, signIn } from "./support.ts";

const world = browserStackForFile();

/** yyyy-mm-dd of today + `days` on this machine (the browser's clock too). */
function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
const shown = (iso: string) => iso.split("-").reverse().join("/");
const rowOf = (page: Page, name: string) => page.getByTestId("company-row").filter({ hasText: name });

describe("companies page", () => {
  it("the super user creates a company whose admin signs in, and advancing the due date changes its row", async () => {
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    // A plan that costs something: the billing job pays a free plan's invoice at once and moves the due date on
    // (decision 0105), which would move this company's date under the test whenever the job runs.
    await world.stack.core.db.pool.query(
      "INSERT INTO plans (name, users, connections, queues, amount) VALUES ('Plano Mercado', 3, 1, 1, 89.9)",
    );
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(page, world.stack.core.url);
    await page.goto(`${world.stack.core.url}/companies`);
    await page.getByTestId("company-row").first().waitFor();

    const due = dayFromToday(3);
    await page.getByTestId("companies-add").click();
    const modal = page.getByTestId("company-modal");
    await modal.waitFor();
    await page.getByTestId("company-name").fill("Mercado E2E");
    await page.getByTestId("company-email").fill("dono@mercado-e2e.test");
    await page.getByTestId("company-password").fill("Mercado-2026");
    await page.getByTestId("company-plan").click();
    await page.getByRole("option", { name: "Plano Mercado" }).click();
    await page.getByTestId("company-due-date").fill(due);
    await page.getByTestId("company-save").click();
    await modal.waitFor({ state: "detached" });
    const row = rowOf(page, "Mercado E2E");
    await row.waitFor();
    expect(await row.getAttribute("data-tone")).toBe("warning");
    await row.getByText(shown(due)).waitFor();
    // Its first admin and no connection, against the plan's 3 users and 1 connection (decision 0119).
    expect(await row.getByTestId("company-attendants").textContent()).toBe("1 de 3 atendentes");
    expect(await row.getByTestId("company-connections").textContent()).toBe("0 de 1 conexões");

    // Its first admin signs in with the default password.
    const ownerContext = await world.browser.newContext({ viewport: { width: 390, height: 844 } });
    const owner = await ownerContext.newPage();
    await signIn(owner, world.stack.core.url, { email: "dono@mercado-e2e.test", password: "Mercado-2026" });
    // Not the super user: /companies says so and goes home after 1 s.
    await owner.goto(`${world.stack.core.url}/companies`);
    await owner.getByText("Esta empresa não possui permissão para acessar essa página!").first().waitFor();
    await owner.waitForURL((url) => url.pathname === "/");

    // "+ Due date" (monthly) moves it a month on; saved, the row is no longer due soon.
    await row.getByTestId("company-edit").click();
    await modal.waitFor();
    await page.getByTestId("company-advance").click();
    const [y, m, d] = due.split("-").map(Number) as [number, number, number];
    const last = new Date(y, m + 1, 0).getDate();
    const next = `${m === 12 ? y + 1 : y}-${String((m % 12) + 1).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
    expect(await page.getByTestId("company-due-date").inputValue()).toBe(next);
    await page.getByTestId("company-save").click();
    await modal.waitFor({ state: "detached" });
    await row.getByText(shown(next)).waitFor();
    expect(await row.getAttribute("data-tone")).toBeNull();
    const stored = await world.stack.core.db.pool.query(
      "SELECT to_char(due_date, 'YYYY-MM-DD') AS due FROM companies WHERE name = 'Mercado E2E'",
    );
    expect(stored.rows).toEqual([{ due: next }]);

    // The users dialog: a user added, edited and deleted; the company's only admin has no delete button.
    await row.getByTestId("company-users").click();
    const users = page.getByTestId("company-users-modal");
    await users.waitFor();
    await users.getByTestId("company-user-row").first().waitFor();
    expect(await users.getByTestId("company-user-delete").count()).toBe(0);
    await page.getByTestId("company-user-name").fill("Caixa Um");
    await page.getByTestId("company-user-email").fill("caixa@mercado-e2e.test");
    await page.getByTestId("company-user-password").fill("Caixa-2026");
    await page.getByTestId("company-user-add").click();
    const caixa = users.getByTestId("company-user-row").filter({ hasText: "Caixa Um" });
    await caixa.waitFor();
    await caixa.getByTestId("company-user-edit").click();
    await page.getByTestId("company-user-name").fill("Caixa Dois");
    await page.getByTestId("company-user-add").click();
    await users.getByTestId("company-user-row").filter({ hasText: "Caixa Dois" }).waitFor();
    const renamed = await world.stack.core.db.pool.query(
      "SELECT name FROM users WHERE email = 'caixa@mercado-e2e.test'",
    );
    expect(renamed.rows).toEqual([{ name: "Caixa Dois" }]);

    // Caixa turned two-factor sign-in on and lost the phone: the super user sees it on and resets it.
    await world.stack.core.db.pool.query(
      `INSERT INTO user_two_factor (user_id, company_id, secret, enabled_at)
       SELECT id, company_id, 'sealed-secret', now() FROM users WHERE email = 'caixa@mercado-e2e.test'`,
    );
    await users
      .getByTestId("company-user-row")
      .filter({ hasText: "Caixa Dois" })
      .getByTestId("company-user-edit")
      .click();
    const factor = users.getByTestId("user-two-factor-state");
    await expect.poll(() => factor.innerText()).toBe("Verificação em duas etapas: ativada");
    const seen: string[] = [];
    for (const size of LOOK_SIZES) {
      await page.setViewportSize(size);
      seen.push(...(await looked(page, `company-users-two-factor-${size.name}`)));
    }
    expect(seen).toEqual([]);
    await users.getByTestId("user-two-factor-reset").click();
    await page.getByTestId("user-two-factor-confirm").getByTestId("confirm-dialog-confirm").click();
    await expect.poll(() => factor.innerText()).toBe("Verificação em duas etapas: desativada");
    const reset = await world.stack.core.db.pool.query(
      "SELECT secret FROM user_two_factor WHERE user_id = (SELECT id FROM users WHERE email = 'caixa@mercado-e2e.test')",
    );
    expect(reset.rows.every((r) => r.secret === null)).toBe(true);
    await page.getByTestId("company-user-cancel-edit").click();
    await users
      .getByTestId("company-user-row")
      .filter({ hasText: "Caixa Dois" })
      .getByTestId("company-user-delete")
      .click();
    await page.getByTestId("company-user-delete-confirm").getByTestId("confirm-dialog-confirm").click();
    await users.getByTestId("company-user-row").filter({ hasText: "Caixa Dois" }).waitFor({ state: "detached" });
    const gone = await world.stack.core.db.pool.query("SELECT 1 FROM users WHERE email = 'caixa@mercado-e2e.test'");
    expect(gone.rowCount).toBe(0);
    const audit = await world.stack.core.db.pool.query(
      `SELECT kind, user_name AS "userName" FROM audit_entries
       WHERE company_id = (SELECT id FROM companies WHERE name = 'Mercado E2E') AND subject LIKE 'Caixa%' ORDER BY id`,
    );
    expect(audit.rows.map((r) => r.kind)).toEqual([
      "user.create",
      "user.update",
      "twoFactor.adminReset",
      "user.delete",
    ]);
    await ownerContext.close();
    await context.close();
  });
});
