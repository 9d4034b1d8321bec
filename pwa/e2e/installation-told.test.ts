import { advanceDueDate } from "@chatflow/core/contract/companies.ts";
import { buildUser } from "@chatflow/core/testing/factories.ts";
import { startFakeEfi, storeEfiCredentials } from "@chatflow/core/testing/fake-efi.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { ADMIN, LOOK_SIZES, looked, signInToLanding, until } from "./support.ts";

const efi = forFile(startFakeEfi, { stop: (f) => f.close() });
// No SMTP_URL and no PUBLIC_URL; the worker's jobs (billing, payment check) run every second.
const world = browserStackForFile({
  jobIntervalMs: 1_000,
  core: () => ({
    mail: { from: "Chat-flow <no-reply@chatflow.test>" },
    publicUrl: undefined,
    efiPixUrl: efi.url,
    efiPixCa: efi.ca,
  }),
});

const SIZES = LOOK_SIZES;

async function pageAt(size: (typeof SIZES)[number]) {
  const context = await world.browser.newContext({ viewport: { width: size.width, height: size.height } });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  return { context, page };
}

describe("an installation without a mail server or PUBLIC_URL", () => {
  it("the reset page says the code could not be sent and to ask the administrator, at every size", async () => {
    const problems: string[] = [];
    for (const size of SIZES) {
      const { context, page } = await pageAt(size);
      await page.goto(`${world.stack.core.url}/forgetpsw`);
      await page.getByTestId("forgot-email").fill(ADMIN.email);
      await page.getByTestId("forgot-send").click();
      const alert = page.getByTestId("forgot-mail-not-configured");
      await alert.waitFor();
      expect(await alert.getAttribute("role")).toBe("alert");
      expect(await alert.innerText()).toContain("Peça ao administrador");
      expect(await page.getByTestId("forgot-code").count()).toBe(0);
      expect(await page.getByText("Email enviado com sucesso").count()).toBe(0);
      problems.push(...(await looked(page, `forgot-no-mail-${size.name}`)));
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 90_000);

  it("the super user's settings say mail is not configured and, beside the EFI credentials, that PUBLIC_URL is missing", async () => {
    const problems: string[] = [];
    for (const size of SIZES) {
      const { context, page } = await pageAt(size);
      await signInToLanding(page, world.stack.core.url, ADMIN);
      await page.goto(`${world.stack.core.url}/settings`);
      const mail = page.getByTestId("settings-mail-status");
      await mail.waitFor();
      expect(await mail.innerText()).toContain("E-mail não configurado");
      const publicUrl = page.getByTestId("settings-public-url-missing");
      expect(await publicUrl.innerText()).toContain("PUBLIC_URL");
      await publicUrl.scrollIntoViewIfNeeded();
      problems.push(...(await looked(page, `settings-installation-${size.name}`)));
      await context.close();
    }
    expect(problems).toEqual([]);
  }, 120_000);

  it("an admin paying by Pix reads that payment is confirmed by a check, and the worker's check renews the licence", async () => {
    const { core } = world.stack;
    const pool = core.db.pool;
    // What the super user sets in Settings: the Pix credentials and the .p12.
    await storeEfiCredentials(pool, core.config.dataDir, efi);
    const plan = await pool.query<{ id: number }>(
      "INSERT INTO plans (name, users, connections, queues, amount) VALUES ('Plano Conferido', 3, 1, 1, 59.9) RETURNING id",
    );
    const due = await pool.query<{ due: string }>("SELECT to_char(current_date + 3, 'YYYY-MM-DD') AS due");
    const company = await pool.query<{ id: number }>(
      "INSERT INTO companies (name, due_date, recurrence, plan_id) VALUES ('Loja Conferida', $1, 'MENSAL', $2) RETURNING id",
      [due.rows[0]!.due, plan.rows[0]!.id],
    );
    const owner = await buildUser(pool, { companyId: company.rows[0]!.id, password: "Loja-2026" });
    const problems: string[] = [];
    let txid = "";
    for (const size of SIZES) {
      const { context, page } = await pageAt(size);
      await signInToLanding(page, core.url, { email: owner.email, password: owner.password });
      await page.goto(`${core.url}/financeiro`);
      const row = page.getByTestId("invoice-row").filter({ hasText: "Plano Conferido" });
      await until("the billing job's invoice", async () => {
        if (await row.count()) return true;
        await page.reload();
        await page.getByTestId("financeiro-page").waitFor();
        return (await row.count()) > 0;
      });
      await row.getByTestId("invoice-pay").click();
      await page.getByTestId("checkout-choose-invoice").click();
      await page.getByTestId("checkout-submit").click();
      await page.getByTestId("checkout-first-name").fill("Joana Conferida");
      await page.getByTestId("checkout-zipcode").fill("123.456.789-09");
      await page.getByTestId("checkout-next").click();
      await page.getByTestId("checkout-submit").click();
      await page.getByTestId("checkout-qr").waitFor();
      const status = page.getByTestId("checkout-status");
      expect(await status.innerText()).toContain("confirmado por uma consulta à EFI a cada minuto");
      await status.scrollIntoViewIfNeeded();
      problems.push(...(await looked(page, `checkout-check-${size.name}`)));
      // EFI was told of no webhook: without PUBLIC_URL none can reach core.
      expect(efi.webhook).toBeNull();
      const last = [...efi.cobs.values()].at(-1)!;
      txid = last.txid;
      if (size.name !== "desk") {
        await context.close();
        continue;
      }
      // The payer pays; nobody notifies core: the worker's check finds it and the screen says the licence renewed.
      efi.pay(txid);
      const renewed = advanceDueDate(due.rows[0]!.due, "MENSAL").split("-").reverse().join("/");
      await status.getByText(`Licença renovada até ${renewed}`).waitFor({ timeout: 20_000 });
      await context.close();
    }
    expect(problems).toEqual([]);
    const paid = await pool.query("SELECT status, txid FROM invoices WHERE company_id = $1", [company.rows[0]!.id]);
    expect(paid.rows).toEqual([{ status: "paid", txid }]);
  }, 180_000);
});
