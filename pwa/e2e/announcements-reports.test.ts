// Announcements and the tickets report in chromium (spec 3 §2 "Announcements", "Reports"; decision 0072): the super
// user publishes an announcement with an image through the dialog ('Obrigatório' first), an agent's top bar shows it
// at once, coloured by priority, and keeps it offline; the agent is sent from /announcements to / with the toast.
// An admin filters the report, pages it, reads a ticket's log, opens the ticket and exports the spreadsheet.
import { readFile } from "node:fs/promises";
import { read, utils } from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { ADMIN, signIn, until } from "./support.ts";

const world = browserStackForFile();

// A 1x1 PNG.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);

async function adminToken(): Promise<string> {
  const res = await world.stack.core.api("POST", "/auth/login", { body: ADMIN });
  return res.body.token;
}

describe("announcements", () => {
  it("reach every top bar live, by priority, kept offline; others are sent away from the page", {
    timeout: 120_000,
  }, async () => {
    const agent = { email: "agente.informativos@example.com", password: "Segredo12" };
    const created = await world.stack.core.api("POST", "/users", {
      token: await adminToken(),
      body: { name: "Agente", ...agent, profile: "user", queueIds: [] },
    });
    expect(created.status).toBe(201);
    const agentContext = await world.browser.newContext();
    const agentPage = await agentContext.newPage();
    await signIn(agentPage, world.stack.core.url, agent);

    const context = await world.browser.newContext();
    const page = await context.newPage();
    await signIn(page, world.stack.core.url);
    await page.goto(`${world.stack.core.url}/announcements`);
    await page.getByTestId("announcements-add").click();
    const modal = page.getByTestId("announcement-modal");
    await page.getByTestId("announcement-save").click();
    expect(await modal.getByText("Obrigatório").count()).toBe(2);
    await page.getByTestId("announcement-title").fill("Manutenção no sábado");
    await page.getByTestId("announcement-text").fill("O sistema para às 22h.");
    await page.getByTestId("announcement-priority").click();
    await page.getByRole("option", { name: "Alta" }).click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("announcement-attach").click();
    await (await chooser).setFiles({ name: "aviso.png", mimeType: "image/png", buffer: PNG });
    await page.getByTestId("announcement-attachment-name").getByText("aviso.png").waitFor();
    await page.getByTestId("announcement-save").click();
    await modal.waitFor({ state: "detached" });
    await page.getByTestId("announcement-row").filter({ hasText: "Manutenção no sábado" }).waitFor();

    // The agent's top bar, open all along, counts it without a reload; the entry is red (priority 1) with its image.
    await agentPage.getByTestId("announcements-count").getByText("1").waitFor();
    await agentPage.getByTestId("announcements-button").click();
    const entry = agentPage.getByTestId("announcement-entry").filter({ hasText: "Manutenção no sábado" });
    expect(await entry.getAttribute("data-priority")).toBe("1");
    await until("the image shown", () =>
      entry.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth > 0),
    );
    await agentPage.keyboard.press("Escape");
    await agentPage.getByTestId("announcements-count").waitFor({ state: "detached" });

    // Offline, the popover shows what it last loaded and says so.
    await agentContext.setOffline(true);
    await agentPage.getByTestId("announcements-button").click();
    await agentPage.getByText("Sem conexão: estes são os últimos informativos carregados.").waitFor();
    await entry.waitFor();
    await agentPage.keyboard.press("Escape");
    await agentContext.setOffline(false);

    // Not the super user: the toast, then / after a second.
    await agentPage.goto(`${world.stack.core.url}/announcements`);
    await agentPage
      .getByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.")
      .waitFor();
    await agentPage.waitForURL(`${world.stack.core.url}/`);
    await agentContext.close();
    await context.close();
  });
});

describe("reports", () => {
  it("filter, page, follow changes live, show a ticket's log, open the ticket and export relatio-de-atendimentos.xlsx", {
    timeout: 120_000,
  }, async () => {
    const pool = world.stack.core.db.pool;
    for (const [i, name] of ["Rita Relatório", "Caio Relatório", "Bia Relatório"].entries()) {
      await world.stack.deliverInbound({ from: `55119777700${i}`, name, text: `Olá ${i}`, id: `wamid.report.${i}` });
    }
    await until("the tickets", async () => {
      const { rows } = await pool.query(
        "SELECT count(*)::int AS n FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.name LIKE '%Relatório'",
      );
      return rows[0].n === 3;
    });
    await pool.query(
      `UPDATE tickets SET status = 'closed', closed_at = created_at + interval '90 seconds'
       WHERE contact_id = (SELECT id FROM contacts WHERE name = 'Rita Relatório')`,
    );
    const rita = (
      await pool.query(
        "SELECT id, uuid FROM tickets WHERE contact_id = (SELECT id FROM contacts WHERE name = 'Rita Relatório')",
      )
    ).rows[0];

    const context = await world.browser.newContext({ acceptDownloads: true });
    const page = await context.newPage();
    await signIn(page, world.stack.core.url);
    await page.goto(`${world.stack.core.url}/reports`);
    const table = page.getByTestId("reports-table");
    await table.getByText("Rita Relatório").waitFor();
    // A new conversation shows up without a reload (spec 3 §4: lists follow the company's changes).
    await world.stack.deliverInbound({
      from: "5511977770099",
      name: "Duda Relatório",
      text: "Oi",
      id: "wamid.report.9",
    });
    await table.getByText("Duda Relatório").waitFor();
    // Status closed: only Rita's, with her service time.
    await page.getByTestId("reports-status").click();
    await page.getByRole("option", { name: "Finalizado" }).click();
    await page.keyboard.press("Escape");
    await page.getByTestId("reports-apply").click();
    await until("only closed rows", async () => (await table.locator("tbody tr").count()) === 1);
    expect(await table.locator("tbody tr").first().innerText()).toContain("00:01:30");

    // Paging: 5 rows a page over every ticket of the month.
    await page.getByTestId("reports-clear").click();
    await page.getByTestId("reports-page-size").click();
    await page.getByRole("option", { name: "5", exact: true }).click();
    const total = (
      await pool.query(
        `SELECT count(*)::int AS n FROM tickets WHERE company_id = 1
         AND created_at >= date_trunc('month', now() AT TIME ZONE 'America/Sao_Paulo') AT TIME ZONE 'America/Sao_Paulo'`,
      )
    ).rows[0].n as number;
    await page
      .getByTestId("reports-range")
      .getByText(`1–${Math.min(5, total)} de ${total}`)
      .waitFor();

    // Only Rita's again (the contact filter), her log, then her ticket.
    await page.getByTestId("reports-contact").fill("Rita");
    await page.getByRole("option", { name: /Rita Relatório/ }).click();
    await page.getByTestId("reports-apply").click();
    await until("Rita's row alone", async () => (await table.locator("tbody tr").count()) === 1);
    await page.getByTestId("report-logs").click();
    await page.getByTestId("ticket-log-dialog").getByTestId("ticket-log").waitFor();
    await page.keyboard.press("Escape");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("reports-export").click()]);
    expect(download.suggestedFilename()).toBe("relatio-de-atendimentos.xlsx");
    const wb = read(await readFile((await download.path())!), { type: "buffer" });
    const rows = utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, defval: null });
    expect(rows[0]?.[2]).toBe("Contato");
    expect(rows).toHaveLength(2);
    expect([rows[1]?.[0], rows[1]?.[2]]).toEqual([rita.id, "Rita Relatório"]);

    await page.getByTestId("report-open").click();
    await page.waitForURL(`${world.stack.core.url}/tickets/${rita.uuid}`);

    // A group is a contact the filter finds too (decision 0119), marked as a group, and its tickets are listed.
    const group = (
      await pool.query<{ id: number }>(
        `INSERT INTO contacts (company_id, name, number, is_group, whatsapp_id)
         VALUES (1, 'Grupo Relatório', '120363041234567890', true, $1) RETURNING id`,
        [world.stack.whatsappId],
      )
    ).rows[0]!.id;
    const groupTicket = (
      await pool.query<{ id: number }>(
        `INSERT INTO tickets (company_id, contact_id, status, is_group, whatsapp_id, last_message)
         VALUES (1, $1, 'open', true, $2, 'Bom dia, equipe') RETURNING id`,
        [group, world.stack.whatsappId],
      )
    ).rows[0]!.id;
    await page.goto(`${world.stack.core.url}/reports`);
    await table.getByText("Rita Relatório").waitFor();
    await page.getByTestId("reports-contact").fill("Grupo Rel");
    await page.getByRole("option", { name: "Grupo Relatório (grupo)" }).click();
    await page.getByTestId("reports-apply").click();
    await until("the group's row alone", async () => (await table.locator("tbody tr").count()) === 1);
    expect(await table.locator("tbody tr").first().innerText()).toContain(String(groupTicket));
    expect(await table.locator("tbody tr").first().innerText()).toContain("Grupo Relatório");
    await context.close();
  });
});
