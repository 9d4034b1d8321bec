import { createPixCharge, efiToken, loadEfiCredentials } from "@chatflow/core/invoices/efi-pix.ts";
import { fakeEfiForFile, storeEfiCredentials } from "@chatflow/core/testing/fake-efi.ts";
import { testDbForFile, tmpDirForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { TEST_WORKER, waitFor } from "../testing/outbound-fixtures.ts";
import { startWorker } from "../worker.ts";

const db = testDbForFile();
const efi = fakeEfiForFile();
const dataDir = tmpDirForFile("payment-check-");

describe("#invoices:check-payments", () => {
  it("a worker pays the invoice of a charge EFI says was paid, once", async () => {
    // What the super user sets in Settings: the Pix credentials and the .p12.
    await storeEfiCredentials(db.pool, dataDir.path, efi);
    await db.pool.query(
      "INSERT INTO companies (name, due_date) SELECT 'Plataforma', '2999-12-31' WHERE NOT EXISTS (SELECT 1 FROM companies)",
    );
    const company = await db.pool.query<{ id: number }>(
      "INSERT INTO companies (name, due_date, recurrence) VALUES ('Loja', '2030-01-10', 'MENSAL') RETURNING id",
    );
    const companyId = company.rows[0]!.id;
    const invoice = await db.pool.query<{ id: number }>(
      "INSERT INTO invoices (company_id, detail, value, due_date) VALUES ($1, 'Plano', 5990, '2030-01-10') RETURNING id",
      [companyId],
    );
    const invoiceId = invoice.rows[0]!.id;
    // What checkout did without PUBLIC_URL: a charge at EFI, and the invoice marked for the check.
    const endpoint = { baseUrl: efi.url, ca: efi.ca };
    const creds = (await loadEfiCredentials(db.pool, dataDir.path, endpoint))!;
    const charge = await createPixCharge(creds, await efiToken(creds), {
      value: 5990,
      reference: `${companyId}:${invoiceId}`,
      description: "Plano",
      expiresInSeconds: 3600,
    });
    await db.pool.query(
      "UPDATE invoices SET txid = $2, payment_check_until = now() + interval '1 hour' WHERE id = $1",
      [invoiceId, charge.txid],
    );
    const status = async () =>
      (await db.pool.query("SELECT status FROM invoices WHERE id = $1", [invoiceId])).rows[0].status as string;

    const worker = await startWorker({
      databaseUrl: db.url,
      workerId: "pay-check",
      jobIntervalMs: 200,
      dataDir: dataDir.path,
      efiPix: endpoint,
      ...TEST_WORKER,
    });
    try {
      // Asked about and not paid yet: it stays open.
      await new Promise((r) => setTimeout(r, 1000));
      expect(await status()).toBe("open");
      efi.pay(charge.txid);
      await waitFor(async () => (await status()) === "paid", "the check to pay the invoice", 15_000);
    } finally {
      await worker.stop();
    }
    const after = await db.pool.query("SELECT to_char(due_date, 'YYYY-MM-DD') AS due FROM companies WHERE id = $1", [
      companyId,
    ]);
    expect(after.rows[0].due).toBe("2030-02-10");
  }, 60_000);
});
