import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { advanceDueDate } from "../contract/companies.ts";
import { customPlanPrice } from "../contract/invoices.ts";
import { addDays, businessToday } from "../kernel/business-date.ts";
import { transaction } from "../kernel/transaction.ts";
import { buildCompany } from "../testing/factories.ts";
import { fakeEfiForFile, storeEfiCredentials } from "../testing/fake-efi.ts";
import { coreForFile } from "../testing/test-world.ts";
import { signedIn } from "../testing/users-factories.ts";
import { createDueInvoices, INVOICE_LEAD_DAYS } from "./invoices.ts";

const efi = fakeEfiForFile();
const core = coreForFile(() => ({ efiPixUrl: efi.url, efiPixCa: efi.ca, publicUrl: "https://chatflow.example/" }));

const today = businessToday();
let plans = 0;

async function companyWithPlan(o: { dueDate: string; amount?: string; recurrence?: string }) {
  const { rows } = await core.db.pool.query<{ id: number }>(
    "INSERT INTO plans (name, users, connections, queues, amount) VALUES ($1, 4, 2, 5, $2) RETURNING id",
    [`Plano ${++plans}-${Date.now()}`, o.amount ?? "129.90"],
  );
  const company = await buildCompany(core.db.pool, { dueDate: o.dueDate });
  await core.db.pool.query("UPDATE companies SET plan_id = $2, recurrence = $3 WHERE id = $1", [
    company.id,
    rows[0]!.id,
    o.recurrence ?? "MENSAL",
  ]);
  return company;
}

const runJob = () => transaction(core.db.pool, (client) => createDueInvoices(client));
const invoicesOf = async (companyId: number) =>
  (
    await core.db.pool.query(
      "SELECT id, status, value, to_char(due_date, 'YYYY-MM-DD') AS due FROM invoices WHERE company_id = $1",
      [companyId],
    )
  ).rows;
const dueDateOf = async (companyId: number) =>
  (
    await core.db.pool.query<{ due: string }>(
      "SELECT to_char(due_date, 'YYYY-MM-DD') AS due FROM companies WHERE id = $1",
      [companyId],
    )
  ).rows[0]!.due;

const setCredentials = (p12: Buffer | Uint8Array = efi.clientP12) =>
  storeEfiCredentials(core.db.pool, core.config.dataDir, efi, p12);

const checkoutBody = (invoiceId: number, extra: Record<string, unknown> = {}) => ({
  firstName: "Maria Souza",
  zipcode: "123.456.789-09",
  invoiceId,
  ...extra,
});

/** What EFI does once a charge is paid: post the notification to the registered URL plus /pix. */
async function notify(txid: string) {
  const hook = new URL(efi.webhook?.url ?? "https://x/none");
  return core.api("POST", `${hook.pathname}/pix`, {
    body: { pix: [{ endToEndId: "E1234", txid, valor: "1.00", horario: new Date().toISOString() }] },
  });
}

describe("#invoices:create-due (the billing job)", () => {
  it("makes a company's invoice once, from its plan, when its due date is near or past", async () => {
    const near = await companyWithPlan({ dueDate: addDays(today, 3) });
    const past = await companyWithPlan({ dueDate: addDays(today, -2), amount: "49" });
    const far = await companyWithPlan({ dueDate: addDays(today, INVOICE_LEAD_DAYS + 20) });
    await Promise.all([runJob(), runJob()]);
    await runJob();
    expect(await invoicesOf(near.id)).toEqual([
      { id: expect.any(Number), status: "open", value: 12990, due: addDays(today, 3) },
    ]);
    expect(await invoicesOf(past.id)).toEqual([expect.objectContaining({ value: 4900, due: addDays(today, -2) })]);
    expect(await invoicesOf(far.id)).toEqual([]);
    expect(await invoicesOf(1)).toEqual([]);
  });
});

describe("#invoices:create-due with a plan that costs nothing (decision 0105)", () => {
  it("makes the invoice already paid and moves the due date by the recurrence, so nobody is asked to pay R$0", async () => {
    const due = addDays(today, 2);
    const free = await companyWithPlan({ dueDate: due, amount: "0", recurrence: "BIMESTRAL" });
    await runJob();
    await runJob();
    expect(await invoicesOf(free.id)).toEqual([{ id: expect.any(Number), status: "paid", value: 0, due }]);
    expect(await dueDateOf(free.id)).toBe(advanceDueDate(due, "BIMESTRAL"));
    const [invoice] = await invoicesOf(free.id);
    const admin = await signedIn(core, { companyId: free.id });
    const res = await core.api("POST", "/subscription", { token: admin.token, body: checkoutBody(invoice.id) });
    expect([res.status, res.body.error]).toEqual([409, "ERR_WRONG_STATE"]);
    const listed = await core.api("GET", "/invoices/all", { token: admin.token });
    expect(listed.body.invoices).toEqual([expect.objectContaining({ value: 0, status: "paid" })]);
  });

  it("pays the open R$0 invoices made before the rule; only the current period's moves the due date", async () => {
    const due = addDays(today, 20);
    const company = await companyWithPlan({ dueDate: due, amount: "0" });
    const earlier = addDays(today, -40);
    await core.db.pool.query(
      `INSERT INTO invoices (company_id, detail, value, due_date, status) VALUES
         ($1, 'Plano 1', 0, $2, 'open'), ($1, 'Plano 1', 0, $3, 'open'), ($1, 'Pago', 4900, $4, 'open')`,
      [company.id, due, earlier, addDays(today, -70)],
    );
    await runJob();
    const byDue = Object.fromEntries((await invoicesOf(company.id)).map((i) => [i.due, i.status]));
    expect(byDue).toEqual({ [due]: "paid", [earlier]: "paid", [addDays(today, -70)]: "open" });
    // Moved once, by the current period's invoice only.
    expect(await dueDateOf(company.id)).toBe(advanceDueDate(due, "MENSAL"));
  });
});

describe("#invoices.list", () => {
  it("lists the admin's own company's invoices, newest first, with search; refuses a plain user", async () => {
    const mine = await companyWithPlan({ dueDate: addDays(today, 2) });
    const other = await companyWithPlan({ dueDate: addDays(today, 2) });
    await runJob();
    const admin = await signedIn(core, { companyId: mine.id });
    const res = await core.api("GET", "/invoices/all?pageNumber=1", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: 1, hasMore: false });
    expect(res.body.invoices[0]).toMatchObject({ users: 4, connections: 2, queues: 5, value: 12990, status: "open" });
    const otherIds = (await invoicesOf(other.id)).map((i) => i.id);
    expect(res.body.invoices.map((i: { id: number }) => i.id)).not.toContain(otherIds[0]);
    const none = await core.api("GET", "/invoices/all?searchParam=zzz-nothing", { token: admin.token });
    expect(none.body).toEqual({ invoices: [], count: 0, hasMore: false });
    const user = await signedIn(core, { companyId: mine.id, profile: "user" });
    const refused = await core.api("GET", "/invoices/all", { token: user.token });
    expect([refused.status, refused.body.error]).toEqual([403, "ERR_NO_PERMISSION"]);
  });

  it("stays open to a company whose subscription ran out", async () => {
    const expired = await companyWithPlan({ dueDate: addDays(today, -5) });
    await runJob();
    const admin = await signedIn(core, { companyId: expired.id });
    expect((await core.api("GET", "/tickets", { token: admin.token })).status).toBe(402);
    const res = await core.api("GET", "/invoices/all", { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.invoices).toHaveLength(1);
  });
});

describe("#subscription (checkout)", () => {
  it("refuses a missing name or CPF/CNPJ with the spec's messages, and says when Pix is not set up", async () => {
    const company = await companyWithPlan({ dueDate: addDays(today, 1) });
    await runJob();
    const [invoice] = await invoicesOf(company.id);
    const admin = await signedIn(core, { companyId: company.id });
    const bad = await core.api("POST", "/subscription", { token: admin.token, body: { invoiceId: invoice.id } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      firstName: "O nome completo é obrigatório",
      zipcode: "O CEP é obrigatório",
    });
    await core.db.pool.query("DELETE FROM platform_settings WHERE key LIKE 'efi%'");
    const unset = await core.api("POST", "/subscription", { token: admin.token, body: checkoutBody(invoice.id) });
    expect([unset.status, unset.body.error]).toEqual([503, "ERR_PAYMENT_NOT_CONFIGURED"]);
    const foreign = await companyWithPlan({ dueDate: addDays(today, 1) });
    await runJob();
    const [theirs] = await invoicesOf(foreign.id);
    const other = await core.api("POST", "/subscription", { token: admin.token, body: checkoutBody(theirs.id) });
    expect([other.status, other.body.error]).toEqual([404, "ERR_NO_INVOICE_FOUND"]);
  });

  it("charges the invoice over Pix; EFI's notification pays it once, moves the due date and tells the sockets", async () => {
    await setCredentials();
    const due = addDays(today, 4);
    const company = await companyWithPlan({ dueDate: due, recurrence: "TRIMESTRAL" });
    await runJob();
    const [invoice] = await invoicesOf(company.id);
    const admin = await signedIn(core, { companyId: company.id });
    const frames: { type: string; action?: string; dueDate?: string }[] = [];
    const ws = new WebSocket(`${core.url.replace("http", "ws")}/ws?token=${admin.token}`);
    ws.on("message", (d) => frames.push(JSON.parse(String(d))));
    await new Promise((resolve) => ws.once("open", resolve));

    const res = await core.api("POST", "/subscription", { token: admin.token, body: checkoutBody(invoice.id) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      qrcode: {
        qrcode: expect.stringContaining("BR.GOV.BCB.PIX"),
        imagemQrcode: expect.stringMatching(/^data:image\/png/),
      },
      stripeURL: null,
      asaasURL: null,
      mercadopagoURL: null,
      valorext: expect.stringContaining("129,90"),
      value: 12990,
      invoiceId: invoice.id,
      confirmedBy: "notification",
    });
    const marked = await core.db.pool.query("SELECT payment_check_until FROM invoices WHERE id = $1", [invoice.id]);
    expect(marked.rows[0].payment_check_until).toBeNull();
    const cob = efi.cobs.get(res.body.txid)!;
    expect(cob).toMatchObject({
      valor: { original: "129.90" },
      chave: "pix@chatflow.example",
      devedor: { cpf: "12345678909", nome: "Maria Souza" },
      infoAdicionais: [{ nome: "fatura", valor: `${company.id}:${invoice.id}` }],
    });
    expect(efi.webhook).toMatchObject({ key: "pix@chatflow.example" });
    expect(efi.webhook?.url).toMatch(/^https:\/\/chatflow\.example\/webhooks\/efi\/[0-9a-f]{40}$/);

    // Not paid yet: a notification changes nothing.
    expect((await notify(cob.txid)).body).toEqual({ paid: 0 });
    efi.pay(cob.txid);
    expect((await notify(cob.txid)).body).toEqual({ paid: 1 });
    expect(await notify(cob.txid)).toMatchObject({ status: 200, body: { paid: 0 } });
    const now = await dueDateOf(company.id);
    expect(now).toBe(advanceDueDate(due, "TRIMESTRAL"));
    expect((await invoicesOf(company.id))[0]).toMatchObject({ status: "paid" });
    // The admin's other screens follow through the change log (decision 0063).
    const pulled = await core.api("GET", "/sync/pull?cursor=0", { token: admin.token });
    expect(pulled.body.lists).toContain("invoices");
    await expect
      .poll(() => frames.find((f) => f.type === "payment"))
      .toEqual({
        type: "payment",
        action: "CONCLUIDA",
        dueDate: now,
        invoiceId: invoice.id,
      });
    ws.close();
    const again = await core.api("POST", "/subscription", { token: admin.token, body: checkoutBody(invoice.id) });
    expect([again.status, again.body.error]).toEqual([409, "ERR_WRONG_STATE"]);
  });

  it("prices a custom plan itself (3 users and 3 connections for 49, +11 a user, +20 a connection)", async () => {
    await setCredentials();
    const company = await companyWithPlan({ dueDate: addDays(today, 1) });
    await runJob();
    const [invoice] = await invoicesOf(company.id);
    const admin = await signedIn(core, { companyId: company.id });
    const plan = JSON.stringify({ users: 5, connections: 4, price: 1, custom: true });
    const res = await core.api("POST", "/subscription", {
      token: admin.token,
      body: checkoutBody(invoice.id, { plan, price: 1, users: 5, connections: 4 }),
    });
    expect(res.status).toBe(200);
    expect(customPlanPrice(5, 4)).toBe(9100);
    expect(res.body.value).toBe(9100);
    expect(efi.cobs.get(res.body.txid)?.valor).toEqual({ original: "91.00" });
    const low = await core.api("POST", "/subscription", {
      token: admin.token,
      body: checkoutBody(invoice.id, { plan, users: 2, connections: 3 }),
    });
    expect(low.status).toBe(400);
  });

  it("answers ERR_PAYMENT_PROVIDER_FAILED when EFI refuses the certificate at the handshake", async () => {
    await setCredentials(efi.strangerP12);
    const company = await companyWithPlan({ dueDate: addDays(today, 1) });
    await runJob();
    const [invoice] = await invoicesOf(company.id);
    const admin = await signedIn(core, { companyId: company.id });
    const res = await core.api("POST", "/subscription", { token: admin.token, body: checkoutBody(invoice.id) });
    expect([res.status, res.body.error]).toEqual([502, "ERR_PAYMENT_PROVIDER_FAILED"]);
    await setCredentials();
  });

  it("refuses a notification whose URL does not carry the secret", async () => {
    const res = await core.api("POST", "/webhooks/efi/not-the-secret/pix", { body: { pix: [{ txid: "abc" }] } });
    expect([res.status, res.body.error]).toEqual([401, "ERR_INVALID_SIGNATURE"]);
  });
});
