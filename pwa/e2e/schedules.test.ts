// Scheduled messages as an agent uses them: scheduled from a ticket's message input, seen on /schedules, edited
// to go out now, sent once by the channel worker's timed job and shown in the conversation; then one scheduled
// from the contact drawer, which continues to /schedules?contactId=, is deleted there. Last, one to a contact who
// last wrote 25 hours ago is refused by the Cloud API's 24-hour window: ERRO, and the dialog says why (decision 0116).
import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { acceptAsAdmin, LOOK_SIZES, looked, signIn, until } from "./support.ts";

// The timed jobs every second, so the send does not wait for the minute.
const world = browserStackForFile({ jobIntervalMs: 1000 });

let contactId = 0;

forFile(async () => {
  const { pool } = world.stack.core.db;
  const queue = await pool.query<{ id: number }>(
    "INSERT INTO queues (company_id, name, color) VALUES (1, 'Agenda', '#8e24aa') RETURNING id",
  );
  expect(
    await world.stack.deliverInbound({ from: "5511944443333", name: "Carla Dias", text: "Olá", id: "wamid.s.1" }),
  ).toBe(200);
  const { rows } = await pool.query<{ id: number; contact_id: number }>(
    "SELECT id, contact_id FROM tickets ORDER BY id DESC LIMIT 1",
  );
  contactId = rows[0]!.contact_id;
  expect(await acceptAsAdmin(world.stack.core.url, rows[0]!.id, queue.rows[0]!.id)).toBe(200);
});

async function openConversation(page: Page) {
  const item = page.getByTestId("ticket-item").filter({ hasText: "Carla Dias" });
  await item.waitFor();
  await item.click();
  await page.getByTestId("message-input").waitFor();
}

const pad = (n: number) => String(n).padStart(2, "0");
/** The browser runs in this machine's zone: a datetime-local value for `d`. */
const localInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

const schedules = async () =>
  (
    await world.stack.core.db.pool.query<{ id: number; body: string; status: string; send_at: Date }>(
      "SELECT id, body, status, send_at FROM schedules WHERE company_id = 1 AND contact_id = $1 ORDER BY id",
      [contactId],
    )
  ).rows;

/** Shows the month of `at` in the month view (next when a schedule an hour ahead falls in the next month). */
async function showMonthOf(page: Page, at: Date) {
  await page.getByTestId("schedules-today").click();
  if (at.getMonth() !== new Date().getMonth()) await page.getByTestId("schedules-next").click();
}

describe("#schedules e2e", () => {
  it("schedules from a ticket, shows it on /schedules, edits it, and the job sends it once into the conversation", {
    timeout: 120_000,
  }, async () => {
    const page = await world.browser.newPage({ viewport: { width: 1366, height: 800 } });
    await signIn(page, world.stack.core.url);
    await openConversation(page);

    await page.getByTestId("schedule-button").click();
    const dialog = page.getByTestId("schedule-dialog");
    await dialog.waitFor();
    expect(await page.getByTestId("schedule-contact-name").inputValue()).toBe("Carla Dias");
    // One hour ahead by default (spec 1 §9).
    const shown = new Date(await page.getByTestId("schedule-send-at").inputValue());
    expect(Math.abs(shown.getTime() - (Date.now() + 3_600_000))).toBeLessThan(120_000);
    await page.getByTestId("schedule-body").fill("oi");
    await page.getByTestId("schedule-save").click();
    await dialog.getByText("Mensagem muito curta").waitFor();
    await page.getByTestId("schedule-body").fill("Lembrete: sua consulta é amanhã");
    await page.getByTestId("schedule-save").click();
    await dialog.waitFor({ state: "detached" });
    const [created] = await until(
      "the schedule to be stored",
      async () => (await schedules()).length === 1 && schedules(),
    );
    expect(created).toMatchObject({ body: "Lembrete: sua consulta é amanhã", status: "PENDENTE" });

    // The calendar shows it at its time.
    await page.goto(`${world.stack.core.url}/schedules`);
    await page.getByTestId("schedules-page").waitFor();
    await showMonthOf(page, created!.send_at);
    const event = page.getByTestId("schedule-event").filter({ hasText: "Carla Dias" });
    await event.waitFor();
    expect(await event.getAttribute("data-status")).toBe("PENDENTE");
    // The day view of its day shows it with its text.
    await page.getByTestId("schedules-view-day").click();
    await page.getByTestId("schedules-today").click();
    if (created!.send_at.toDateString() !== new Date().toDateString()) await page.getByTestId("schedules-next").click();
    await page.getByTestId("schedule-event").filter({ hasText: "Lembrete: sua consulta é amanhã" }).waitFor();
    // The search leaves it out when nothing matches.
    await page.getByTestId("schedules-search").fill("nada disso");
    await page.getByText("Nenhum agendamento neste período.").waitFor();
    await page.getByTestId("schedules-search").fill("");

    // Edit: a new text, due now.
    await page.getByTestId("schedules-view-month").click();
    await showMonthOf(page, created!.send_at);
    await event.click();
    await dialog.waitFor();
    await page.getByTestId("schedule-body").fill("Lembrete alterado: consulta amanhã às 10h");
    await page.getByTestId("schedule-send-at").fill(localInput(new Date(Date.now() - 60_000)));
    await page.getByTestId("schedule-save").click();
    await dialog.waitFor({ state: "detached" });

    // The timed job sends it, once, and the calendar follows live.
    const text = "Lembrete alterado: consulta amanhã às 10h";
    const sentTexts = () => world.stack.graph.requests.filter((r) => r.body.text?.body === text).length;
    await until("the Graph API to receive the scheduled text", () => sentTexts() === 1);
    await page.getByTestId("schedules-today").click();
    await until(
      "the calendar to show it sent",
      async () =>
        (await page
          .getByTestId("schedule-event")
          .filter({ hasText: "Carla Dias" })
          .first()
          .getAttribute("data-status")) === "ENVIADA",
    );
    const runs = async () =>
      (await world.stack.core.db.pool.query("SELECT last_finished_at FROM agenda_jobs WHERE name = 'schedules:send'"))
        .rows[0]?.last_finished_at as Date | undefined;
    for (let i = 0; i < 2; i++) {
      const since = Date.now();
      await until("a later run of the job", async () => ((await runs())?.getTime() ?? 0) > since);
    }
    expect(sentTexts()).toBe(1);
    expect((await schedules())[0]).toMatchObject({ status: "ENVIADA" });

    // The conversation shows it.
    await page.goto(`${world.stack.core.url}/tickets`);
    await openConversation(page);
    await page.getByText(text).waitFor();
    await page.close();
  });

  it("schedules from the contact drawer, continues to /schedules?contactId=, and deletes it there", {
    timeout: 120_000,
  }, async () => {
    const page = await world.browser.newPage({ viewport: { width: 1366, height: 800 } });
    await signIn(page, world.stack.core.url);
    await openConversation(page);
    await page.getByTestId("contact-drawer-toggle").click();
    await page.getByTestId("contact-schedule").click();
    await page.getByTestId("schedule-dialog").waitFor();
    await page.getByTestId("schedule-body").fill("Outro lembrete, pelo contato");
    await page.getByTestId("schedule-save").click();
    await page.waitForURL(new RegExp(`/schedules\\?contactId=${contactId}$`));
    await page.getByRole("heading", { name: "Agendamentos de Carla Dias" }).waitFor();
    const made = await until("the second schedule", async () =>
      (await schedules()).find((s) => s.status === "PENDENTE"),
    );
    await showMonthOf(page, made.send_at);
    const pending = page.locator('[data-testid="schedule-event"][data-status="PENDENTE"]');
    await pending.waitFor();
    await pending.click();
    await page.getByTestId("schedule-delete").click();
    await page.getByTestId("schedule-delete-confirm").getByRole("button", { name: "Excluir" }).click();
    await pending.waitFor({ state: "detached" });
    expect((await schedules()).map((s) => s.status)).toEqual(["ENVIADA"]);
    await page.close();
  });

  it("shows a schedule refused by the 24-hour window as an error with its reason, at the three sizes", {
    timeout: 120_000,
  }, async () => {
    const { pool } = world.stack.core.db;
    // Diego wrote to the Cloud API connection 25 hours ago; his schedule falls due now.
    expect(
      await world.stack.deliverInbound({ from: "5511955556666", name: "Diego Lima", text: "Oi", id: "wamid.s.2" }),
    ).toBe(200);
    const { rows } = await pool.query<{ contact_id: number }>(
      "SELECT t.contact_id FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = '5511955556666'",
    );
    const diego = rows[0]!.contact_id;
    await pool.query("UPDATE messages SET created_at = now() - interval '25 hours' WHERE contact_id = $1", [diego]);
    const made = await pool.query<{ id: number }>(
      `INSERT INTO schedules (company_id, contact_id, body, send_at, anchor_at)
       VALUES (1, $1, 'Seu pedido chegou', now() - interval '1 minute', now() - interval '1 minute') RETURNING id`,
      [diego],
    );
    const status = async () =>
      (await pool.query("SELECT status, last_error FROM schedules WHERE id = $1", [made.rows[0]!.id])).rows[0];
    expect(await until("the job to refuse it", async () => (await status()).status === "ERRO" && status())).toEqual({
      status: "ERRO",
      last_error: "ERR_OUTSIDE_MESSAGING_WINDOW",
    });
    expect(world.stack.graph.requests.filter((r) => r.body.text?.body === "Seu pedido chegou")).toEqual([]);

    const problems: string[] = [];
    for (const size of LOOK_SIZES) {
      const context = await world.browser.newContext({ viewport: { width: size.width, height: size.height } });
      const page = await context.newPage();
      await signIn(page, world.stack.core.url);
      await page.goto(`${world.stack.core.url}/schedules?contactId=${diego}`);
      await page.getByTestId("schedules-page").waitFor();
      const event = page.locator('[data-testid="schedule-event"][data-status="ERRO"]');
      await event.first().click();
      await page.getByTestId("schedule-dialog").waitFor();
      expect(await page.getByTestId("schedule-failed-reason").textContent()).toBe(
        "Motivo: Fora da janela de 24 horas: o contato não escreve há mais de 24h. No WhatsApp, só um modelo aprovado pode ser enviado; no Facebook e no Instagram, aguarde uma nova mensagem dele.",
      );
      problems.push(...(await looked(page, `schedule-outside-window-${size.name}`)));
      await context.close();
    }
    expect(problems).toEqual([]);
  });
});
