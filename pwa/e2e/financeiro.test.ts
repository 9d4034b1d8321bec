import AxeBuilder from "@axe-core/playwright";
import { advanceDueDate } from "@chatflow/core/contract/companies.ts";
import { buildUser } from "@chatflow/core/testing/factories.ts";
import { startFakeEfi, storeEfiCredentials } from "@chatflow/core/testing/fake-efi.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { until } from "./support.ts";

const efi = forFile(startFakeEfi, { stop: (f) => f.close() });
// The billing job runs every second here, so the expired company's invoice appears while the test waits.
const world = browserStackForFile({
  jobIntervalMs: 1_000,
  core: () => ({ efiPixUrl: efi.url, efiPixCa: efi.ca, publicUrl: "https://chatflow.example" }),
});

/** yyyy-mm-dd of today + `days` on this machine (the browser's clock too). */
function dayFromToday(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}
const shown = (iso: string) => iso.split("-").reverse().join("/");

describe("/financeiro", () => {
  it("an expired company pays its overdue invoice by Pix and its licence is renewed", async () => {
    const { core } = world.stack;
    const pool = core.db.pool;
    // What the super user sets in Settings: the Pix credentials and the .p12.
    await storeEfiCredentials(pool, core.config.dataDir, efi);
    const due = dayFromToday(-3);
    const plan = await pool.query<{ id: number }>(
      "INSERT INTO plans (name, users, connections, queues, amount) VALUES ('Plano Pix', 4, 2, 3, 79.9) RETURNING id",
    );
    const company = await pool.query<{ id: number }>(
      "INSERT INTO companies (name, due_date, recurrence, plan_id) VALUES ('Padaria Pix', $1, 'MENSAL', $2) RETURNING id",
      [due, plan.rows[0]!.id],
    );
    const owner = await buildUser(pool, { companyId: company.rows[0]!.id, password: "Padaria-2026" });

    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await page.goto(`${core.url}/login`);
    await page.getByTestId("login-email").fill(owner.email);
    await page.getByTestId("login-password").fill(owner.password);
    await page.getByTestId("login-submit").click();
    await page.waitForURL(/\/financeiro/);
    await page
      .getByTestId("financeiro-expired")
      .getByText(`Sua assinatura venceu ${shown(due)}`)
      .waitFor();

    const row = page.getByTestId("invoice-row").filter({ hasText: "Plano Pix" });
    // The job's invoice shows once made; the list follows pokes, and a reload asks again if none came.
    await until("the billing job's invoice", async () => {
      if (await row.count()) return true;
      await page.reload();
      await page.getByTestId("financeiro-page").waitFor();
      return (await row.count()) > 0;
    });
    expect(await row.getAttribute("data-tone")).toBe("danger");
    await row.getByText("Vencido").waitFor();
    await row.getByText("R$ 79,90").waitFor();

    await row.getByTestId("invoice-pay").click();
    const dialog = page.getByTestId("checkout-dialog");
    // It starts at the plan choice; the custom plan's counters stop at 3.
    expect(await dialog.locator("[aria-current=step]").innerText()).toContain("Personalizar");
    expect(await page.getByTestId("checkout-users-minus").isDisabled()).toBe(true);
    await page.getByTestId("checkout-users-plus").click();
    await page.getByTestId("checkout-custom-price").getByText("R$ 60,00").waitFor();
    await page.getByTestId("checkout-choose-invoice").click();
    await page.getByTestId("checkout-review-price").getByText("R$ 79,90").waitFor();
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/checkout-review.png` });
    // Name and CPF/CNPJ are required: submitting without them opens the Data step with both messages.
    await page.getByTestId("checkout-submit").click();
    await dialog.getByText("O nome completo é obrigatório").waitFor();
    await dialog.getByText("O CEP é obrigatório").waitFor();
    await page.getByTestId("checkout-first-name").fill("Joana Padeira");
    await page.getByTestId("checkout-zipcode").fill("123.456.789-09");
    await page.getByTestId("checkout-next").click();
    await page.getByTestId("checkout-submit").click();
    await page.getByText("Assinatura realizada com sucesso, aguardando pagamento").waitFor();
    await page.getByTestId("checkout-qr").waitFor();
    const code = await page.getByTestId("checkout-code").inputValue();
    expect(code).toContain("BR.GOV.BCB.PIX");
    // The payment screen exists only here (the screens suite has no Pix stand-in): axe checks it.
    if (process.env.SCREENSHOT_DIR)
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/checkout-payment.png` });
    const axe = await new AxeBuilder({ page }).include("[data-testid=checkout-dialog]").analyze();
    expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
      [],
    );

    // The payer's bank pays; EFI notifies the registered URL, as it would.
    const [txid] = [...efi.cobs.keys()];
    expect(efi.cobs.get(txid!)?.valor).toEqual({ original: "79.90" });
    efi.pay(txid!);
    const hook = new URL(efi.webhook!.url);
    const notified = await fetch(`${core.url}${hook.pathname}/pix`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pix: [{ endToEndId: "E2E", txid, valor: "79.90", horario: new Date().toISOString() }] }),
    });
    expect(await notified.json()).toEqual({ paid: 1 });

    const renewed = shown(advanceDueDate(due, "MENSAL"));
    await page.getByTestId("checkout-status").getByText(`Licença renovada até ${renewed}`).waitFor();
    await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/tickets", { timeout: 10_000 });
    await context.close();
  }, 90_000);
});
