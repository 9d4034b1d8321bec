// The audit log screen (issue 25, decision 0108): a company's admin opens /audit and sees who did what in the
// company (a queue made and a setting changed through the API, the admin's own first sign-in) and nothing of
// another company; the company's retention is saved; the kind filter narrows the table; the export downloads the
// filtered entries as CSV; the super user sees every company's and narrows to one; a plain user gets the 403 page.
// At 360x740, 390x844 and 1366x800: axe (no serious or critical violation) and nothing past the right edge;
// SCREENSHOT_DIR keeps a PNG of each.
import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { buildCompany, buildUser } from "@chatflow/core/testing/factories.ts";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { overflowing } from "./screens-suite.ts";
import { ADMIN, LOOK_SIZES, looked, signInToLanding } from "./support.ts";

const world = browserStackForFile();

async function apiAs(baseUrl: string, who: { email: string; password: string }) {
  const login = await fetch(`${baseUrl}/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": "audit-e2e-script" },
    body: JSON.stringify(who),
  });
  const { token } = (await login.json()) as { token: string };
  return (method: string, path: string, body: unknown) =>
    fetch(`${baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).then((r) => {
      if (!r.ok) throw new Error(`${method} ${path}: ${r.status}`);
    });
}

describe("/audit", () => {
  it("shows a company's admin its own entries, filters, exports them, and refuses a plain user", async () => {
    const { core } = world.stack;
    const pool = core.db.pool;
    const companyId = (await buildCompany(pool, { name: "Loja Auditada" })).id;
    const admin = await buildUser(pool, { companyId, profile: "admin", name: "Ana Auditora" });
    const plain = await buildUser(pool, { companyId, profile: "user", name: "Beto" });
    const otherId = (await buildCompany(pool, { name: "Outra Loja" })).id;
    const otherAdmin = await buildUser(pool, { companyId: otherId, profile: "admin" });
    const asAdmin = await apiAs(core.url, admin);
    await asAdmin("POST", "/queue", { name: "Vendas", color: "#0a7d33", greetingMessage: "Olá" });
    await asAdmin("PUT", "/companySettings", { column: "userRating", data: "enabled" });
    const asOther = await apiAs(core.url, otherAdmin);
    await asOther("POST", "/queue", { name: "Fila secreta", color: "#33aa77", greetingMessage: "Oi" });

    for (const size of [
      { width: 360, height: 740 },
      { width: 390, height: 844 },
      { width: 1366, height: 800 },
    ]) {
      const context = await world.browser.newContext({ viewport: size, acceptDownloads: true });
      const page = await context.newPage();
      page.on("pageerror", (e) => console.error("page error:", e.message));
      await signInToLanding(page, core.url, admin);
      await page.goto(`${core.url}/audit`);
      const table = page.getByTestId("audit-table");
      await table.getByText("Fila criada").waitFor();
      await table.getByText("Vendas").first().waitFor();
      await table.getByText("Configuração alterada").waitFor();
      await table.getByText("disabled → enabled").waitFor();
      await table.getByText("Login de novo aparelho").first().waitFor();
      expect(await table.getByText("Fila secreta").count()).toBe(0);
      if (process.env.SCREENSHOT_DIR)
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/audit-${size.width}.png`, fullPage: true });
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
        [],
      );
      expect(await overflowing(page)).toEqual([]);

      if (size.width < 600) {
        // Phones: the filters open from their button.
        expect(await page.getByTestId("audit-kind").isVisible()).toBe(false);
        await page.getByTestId("audit-filters-toggle").click();
        await page.getByTestId("audit-kind").waitFor();
      }
      if (size.width === 1366) {
        // The company's retention: saved, and the change itself is in the log.
        await page.getByTestId("audit-retention").fill("20");
        await page.getByText("Um número inteiro de dias, de 30 a 3650").waitFor();
        expect(await page.getByTestId("audit-retention-save").isDisabled()).toBe(true);
        await page.getByTestId("audit-retention").fill("90");
        await page.getByTestId("audit-retention-save").click();
        await table.getByText("Retenção da auditoria alterada").waitFor();
        expect(
          (
            await pool.query("SELECT value FROM settings WHERE company_id = $1 AND key = 'auditRetentionDays'", [
              companyId,
            ])
          ).rows[0]?.value,
        ).toBe("90");
        // The kind filter: only the queue's entry stays.
        await page.getByTestId("audit-kind").click();
        await page.getByRole("option", { name: "Fila criada" }).click();
        await page.getByTestId("audit-apply").click();
        await table.getByText("Configuração alterada").waitFor({ state: "detached" });
        // The filtered page replaces the rows once it arrives: count them when it has.
        await expect.poll(() => table.locator("tbody tr").count(), { timeout: 10_000 }).toBe(1);
        const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("audit-export").click()]);
        expect(download.suggestedFilename()).toBe("auditoria.csv");
        const csv = await readFile((await download.path())!, "utf8");
        const lines = csv.trim().split("\r\n");
        expect(lines[0]).toBe("date,company,user,kind,subject,detail");
        expect(lines.slice(1)).toEqual([expect.stringContaining(",Loja Auditada,Ana Auditora,queue.create,Vendas,")]);
      }
      await context.close();
    }

    // The super user's platform view: every company's entries with the company's name, one company when chosen.
    const suContext = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const su = await suContext.newPage();
    await signInToLanding(su, core.url, ADMIN);
    await su.goto(`${core.url}/audit`);
    const all = su.getByTestId("audit-table");
    await all.getByText("Fila secreta").waitFor();
    await all.getByText("Loja Auditada").first().waitFor();
    await su.getByTestId("audit-company").click();
    await su.getByRole("option", { name: "Outra Loja" }).click();
    await su.getByTestId("audit-apply").click();
    await all.getByText("Loja Auditada").first().waitFor({ state: "detached" });
    await all.getByText("Fila secreta").waitFor();
    const axe = await new AxeBuilder({ page: su }).analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
      [],
    );
    if (process.env.SCREENSHOT_DIR) await su.screenshot({ path: `${process.env.SCREENSHOT_DIR}/audit-platform.png` });
    await suContext.close();

    const context = await world.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signInToLanding(page, core.url, plain);
    await page.goto(`${core.url}/audit`);
    await page.getByTestId("access-denied").waitFor();
    await context.close();
  }, 120_000);

  it("names the second round's kinds (tags, flows, quick messages, integrations, prompts, custom plan) and filters by them", async () => {
    const { core } = world.stack;
    const pool = core.db.pool;
    const companyId = (await buildCompany(pool, { name: "Loja das Tags" })).id;
    const admin = await buildUser(pool, { companyId, profile: "admin", name: "Tina Tags" });
    const asAdmin = await apiAs(core.url, admin);
    await asAdmin("POST", "/tags", { name: "Promoção", color: "#aa3300", kanban: 0 });
    await asAdmin("POST", "/flowbuilder", { name: "Boas-vindas" });
    const problems: string[] = [];
    for (const size of LOOK_SIZES) {
      const context = await world.browser.newContext({ viewport: { width: size.width, height: size.height } });
      const page = await context.newPage();
      page.on("pageerror", (e) => console.error("page error:", e.message));
      await signInToLanding(page, core.url, admin);
      await page.goto(`${core.url}/audit`);
      const table = page.getByTestId("audit-table");
      await table.getByText("Tag criada").waitFor();
      await table.getByText("Fluxo criado").waitFor();
      problems.push(...(await looked(page, `audit-second-round-${size.name}`)));
      if (size.name === "desk") {
        // Every new kind is offered by the filter under its label.
        await page.getByTestId("audit-kind").click();
        for (const label of [
          "Tag alterada",
          "Resposta rápida criada",
          "Fluxo excluído",
          "Integração alterada",
          "Prompt criado",
          "Plano personalizado comprado",
        ])
          await page.getByRole("option", { name: label, exact: true }).waitFor();
        await page.getByRole("option", { name: "Tag criada", exact: true }).click();
        await page.getByTestId("audit-apply").click();
        await table.getByText("Fluxo criado").waitFor({ state: "detached" });
        await expect.poll(() => table.locator("tbody tr").count(), { timeout: 10_000 }).toBe(1);
        await table.getByText("Promoção").waitFor();
      }
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
