// Queues, their service hours and the chatbot option tree (spec 2 §2, §4), in chromium against the
// whole stack: an admin creates a queue with hours (the hours tab's own save, then save), edits it to
// add a two-level option tree, and a contact writing on the Cloud API fake walks the tree; outside the
// hours the contact gets the out-of-hours text instead; a queue another admin adds shows up live and a leaf of type
// queue hands the contact over to it; a queue is deleted after its confirmation.

import { buildUser } from "@chatflow/core/testing/factories.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sentTexts } from "../../channel-worker/src/testing/fake-graph-api.ts";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { toInbox, until } from "./support.ts";

const world = browserStackForFile();
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
let page: Page;

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.stack.core.db.pool.query(text, params)).rows as T[];
}

/** The bot's texts the Graph API fake received for `to`, in order. */
const sentTo = (to: string) =>
  world.stack.graph.requests.filter((r) => r.body.to === to).map((r) => r.body.text?.body ?? "");

async function addOption(scope: Locator, name: string, greeting: string) {
  const editor = page.getByTestId("option-editor");
  await editor.waitFor();
  await page.getByTestId("option-name").fill(name);
  await page.getByTestId("option-greeting").fill(greeting);
  await page.getByTestId("option-save").click();
  await editor.waitFor({ state: "detached" });
  await scope.getByTestId("option-step").filter({ hasText: name }).first().waitFor();
}

forFile(async () => {
  // Service hours decided per queue (company setting scheduleType, spec 2 §4).
  await sql("UPDATE settings SET value = 'queue' WHERE company_id = 1 AND key = 'scheduleType'");
  await sql(
    "INSERT INTO settings (company_id, key, value) VALUES (1, 'scheduleType', 'queue') ON CONFLICT (company_id, key) DO NOTHING",
  );
  const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto(`${world.stack.core.url}/login`);
  await page.getByTestId("login-email").fill("admin@chatflow.local");
  await page.getByTestId("login-password").fill("chatflow");
  await page.getByTestId("login-submit").click();
  await toInbox(page);
});

describe("queues and the chatbot", () => {
  it("an admin sets hours and a two-level option tree on a queue; a contact walks it, and gets the out-of-hours text outside the hours", async () => {
    await page.goto(`${world.stack.core.url}/queues`);
    await page.getByTestId("queues-page").waitFor();
    await page.getByTestId("queues-add").click();
    const modal = page.getByTestId("queue-modal");
    await modal.waitFor();
    await page.getByTestId("queue-name").fill("Atendimento");
    await page.getByTestId("queue-greeting").fill("Olá {{firstName}}! Escolha uma opção:");
    // scheduleType queue: the out-of-hours message is required before anything is sent.
    await page.getByTestId("queue-save").click();
    await modal
      .getByText("A mensagem de fora de expediente é obrigatória quando o horário é definido por fila")
      .waitFor();
    await page.getByTestId("queue-out-of-hours").fill("Estamos fechados, {{firstName}}.");

    // Hours: the whole day in window A, window B unused, every weekday (the defaults are 08-12 and 13-18).
    await page.getByTestId("queue-tab-hours").click();
    expect(await page.getByTestId("queue-hours-monday-startTimeA").inputValue()).toBe("08:00");
    for (const day of DAYS) {
      await page.getByTestId(`queue-hours-${day}-startTimeA`).fill("00:00");
      await page.getByTestId(`queue-hours-${day}-endTimeA`).fill("23:59");
      await page.getByTestId(`queue-hours-${day}-startTimeB`).fill("");
      await page.getByTestId(`queue-hours-${day}-endTimeB`).fill("");
    }
    await page.getByTestId("queue-save-hours").click();
    await page.getByText("Clique em salvar para registar as alterações").waitFor();
    expect(await page.getByTestId("queue-tab-data").getAttribute("aria-selected")).toBe("true");
    await page.getByTestId("queue-save").click();
    await modal.waitFor({ state: "detached" });
    const row = page.getByTestId("queue-row").filter({ hasText: "Atendimento" });
    await row.waitFor();
    await page.getByRole("heading", { name: "Filas & Chatbot (1)" }).waitFor();
    const [queue] = await sql<{ id: number; schedules: { weekdayEn: string; startTimeA: string; endTimeA: string }[] }>(
      "SELECT id, schedules FROM queues WHERE company_id = 1 AND name = 'Atendimento'",
    );
    expect(queue!.schedules).toHaveLength(7);
    expect(queue!.schedules.every((s) => s.startTimeA === "00:00" && s.endTimeA === "23:59")).toBe(true);

    // Another admin adds a second queue meanwhile: the list shows it without a reload (spec 2 §4 live updates),
    // and the tree's "Anual" option will hand the contact over to it.
    const other = await buildUser(world.stack.core.db.pool, { companyId: 1, profile: "admin", name: "Outra Admin" });
    const login = await fetch(`${world.stack.core.url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: other.email, password: other.password }),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await fetch(`${world.stack.core.url}/queue`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: "Vendas",
        color: "#8e24aa",
        greetingMessage: "Vendas aqui.",
        outOfHoursMessage: "Vendas fechado.",
      }),
    });
    expect(created.status).toBeLessThan(300);
    const vendas = (await created.json()) as { id: number };
    await page.getByTestId("queue-row").filter({ hasText: "Vendas" }).waitFor();
    await page.getByRole("heading", { name: "Filas & Chatbot (2)" }).waitFor();

    // The option tree: Planos (Mensal, Anual: to the Vendas queue) and Suporte, through the stepper.
    await row.getByTestId("queue-edit").click();
    await modal.waitFor();
    const tree = page.getByTestId("option-tree");
    await page.getByTestId("option-add").click();
    await addOption(tree, "Planos", "Qual plano?");
    await page.getByTestId("option-add").click();
    await addOption(tree, "Suporte", "Descreva o problema.");
    const planos = tree.getByTestId("option-step").filter({ hasText: "Planos" }).first();
    await planos.getByTestId("option-add-child").first().click();
    await addOption(planos, "Mensal", "O mensal custa R$ 10.");
    await planos.getByTestId("option-add-child").first().click();
    await page.getByTestId("option-editor").waitFor();
    await page.getByTestId("option-type").click();
    await page.getByRole("option", { name: "Fila" }).click();
    await page.getByTestId("option-queue").click();
    await page.getByRole("option", { name: "Vendas" }).click();
    await addOption(planos, "Anual", "O anual custa R$ 100.");
    // Keyboard: the name field's Enter saves the option being edited, not the queue.
    await page.getByTestId("option-add").click();
    await page.getByTestId("option-name").fill("Temporária");
    await page.getByTestId("option-name").press("Enter");
    await tree.getByTestId("option-step").filter({ hasText: "Temporária" }).waitFor();
    await modal.waitFor();
    // Deleting an option takes its inner options along, after the spec's confirmation.
    await tree.getByTestId("option-step").filter({ hasText: "Temporária" }).getByTestId("option-delete").click();
    const confirm = page.getByTestId("option-delete-confirm");
    await confirm.getByText("Tem certeza? Todas as opções internas também serão excluídas.").waitFor();
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await tree.getByTestId("option-step").filter({ hasText: "Temporária" }).waitFor({ state: "detached" });
    expect(
      await sql("SELECT name, chatbot_id IS NULL AS root FROM chatbots WHERE queue_id = $1 ORDER BY id", [queue!.id]),
    ).toEqual([
      { name: "Planos", root: true },
      { name: "Suporte", root: true },
      { name: "Mensal", root: false },
      { name: "Anual", root: false },
    ]);
    // Focus lands on the add button (the deleted step's is gone), so Escape closes the modal.
    await page.waitForFunction(() => document.activeElement?.getAttribute("data-testid") === "option-add");
    await page.keyboard.press("Escape");
    await modal.waitFor({ state: "detached" });

    // The Cloud API connection offers the queue (the connection dialog comes with its own issue).
    await sql("INSERT INTO whatsapp_queues (whatsapp_id, queue_id, company_id) VALUES ($1, $2, 1)", [
      world.stack.whatsappId,
      queue!.id,
    ]);
    const from = "5511955550001";
    const says = async (text: string, id: string) =>
      expect(await world.stack.deliverInbound({ from, name: "Maria Souza", text, id })).toBe(200);
    await says("oi", "wamid.q1");
    await until("the queue's greeting and options", () =>
      sentTo(from).includes("Olá Maria! Escolha uma opção:\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Suporte"),
    );
    await says("1", "wamid.q2");
    await until("the second level", () => sentTo(from).includes("Qual plano?\n\n*[ 1 ]* - Mensal\n*[ 2 ]* - Anual"));
    await says("2", "wamid.q3");
    await until("the leaf's text", () => sentTo(from).includes("O anual custa R$ 100."));
    const [ticket] = await sql(
      "SELECT queue_id, is_bot, status FROM tickets WHERE contact_id = (SELECT id FROM contacts WHERE number = $1)",
      [from],
    );
    // The leaf of type queue handed the ticket over to Vendas, waiting there for an agent.
    expect(ticket).toEqual({ queue_id: vendas.id, is_bot: false, status: "pending" });
    expect(
      await sql("SELECT queue_type, opt_queue_id FROM chatbots WHERE queue_id = $1 AND name = 'Anual'", [queue!.id]),
    ).toEqual([{ queue_type: "queue", opt_queue_id: vendas.id }]);

    // Outside the hours (every window emptied), a new contact gets the out-of-hours text and no menu.
    await sql(
      `UPDATE queues SET schedules = (SELECT jsonb_agg(s || '{"startTimeA":"","endTimeA":"","startTimeB":"","endTimeB":""}')
         FROM jsonb_array_elements(schedules) s) WHERE id = $1`,
      [queue!.id],
    );
    const late = "5511955550002";
    expect(await world.stack.deliverInbound({ from: late, name: "João Lima", text: "oi", id: "wamid.q4" })).toBe(200);
    await until("the out-of-hours text", () => sentTo(late).includes("Estamos fechados, João."));
    await world.stack.worker.drained();
    expect(sentTo(late)).toEqual(["Estamos fechados, João."]);
    expect(sentTexts(world.stack.graph).filter((t) => t.includes("*[ 1 ]*"))).toHaveLength(2);
  });

  it("deletes a queue after the confirmation", async () => {
    await sql(
      "INSERT INTO queues (company_id, name, color, greeting_message) VALUES (1, 'Descartável', '#795548', 'Oi')",
    );
    await page.goto(`${world.stack.core.url}/queues`);
    const row = page.getByTestId("queue-row").filter({ hasText: "Descartável" });
    await row.getByTestId("queue-delete").click();
    const confirm = page.getByTestId("queue-delete-confirm");
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Excluir" }).click();
    await page.getByText("Queue deleted successfully!").waitFor();
    await row.waitFor({ state: "detached" });
    expect(await sql("SELECT 1 FROM queues WHERE name = 'Descartável'")).toHaveLength(0);
  });
});
