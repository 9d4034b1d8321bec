// The dashboard as people meet it (issue 8, spec 1 §2 "Dashboard (/)"): the admin opens /, filters a period and
// reads the seeded figures, switches to NPS and Atendentes, filters the charts, exports the attendants table
// and the .xlsx reads back with the table's rows; another company's tickets never count; a plain user without
// showDashboard gets the 403 page.
import { readFile } from "node:fs/promises";
import { buildCompany, buildContact, buildUser } from "@chatflow/core/testing/factories.ts";
import { read, utils } from "@e965/xlsx";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { serviceWorkerInControl, signIn } from "./support.ts";

const world = browserStackForFile();

/** A moment of São Paulo (UTC-3). */
const sp = (day: string, hhmm: string) => new Date(`${day}T${hhmm}:00-03:00`);

async function seedTicket(o: {
  companyId: number;
  status: string;
  userId: number | null;
  created: Date;
  acceptedMin?: number;
  closedMin?: number;
  rate?: number;
}): Promise<void> {
  const pool = world.stack.core.db.pool;
  const contact = await buildContact(pool, { companyId: o.companyId });
  const at = (min: number) => new Date(o.created.getTime() + min * 60_000);
  const { rows } = await pool.query<{ id: number }>(
    // Touched now: the worker's auto-close (24 h without activity) must leave the open and waiting ones alone.
    `INSERT INTO tickets (company_id, contact_id, status, user_id, closed_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, now()) RETURNING id`,
    [o.companyId, contact.id, o.status, o.userId, o.closedMin === undefined ? null : at(o.closedMin), o.created],
  );
  const id = rows[0]!.id;
  const log = (type: string, when: Date, userId: number | null) =>
    pool.query(
      "INSERT INTO ticket_logs (company_id, ticket_id, type, user_id, created_at) VALUES ($1, $2, $3, $4, $5)",
      [o.companyId, id, type, userId, when],
    );
  await log("create", o.created, null);
  if (o.acceptedMin !== undefined) await log("open", at(o.acceptedMin), o.userId);
  if (o.rate !== undefined) {
    await pool.query("INSERT INTO user_ratings (company_id, ticket_id, user_id, rate) VALUES ($1, $2, $3, $4)", [
      o.companyId,
      id,
      o.userId,
      o.rate,
    ]);
  }
}

describe("dashboard", () => {
  // One person's whole visit (two browsers, a download, offline): longer than one step of the suite's default.
  it("an admin reads the period's figures on the three tabs and exports the attendants; a plain user gets 403", {
    timeout: 300_000,
  }, async () => {
    const pool = world.stack.core.db.pool;
    const admin = (
      await pool.query<{ id: number; name: string }>("SELECT id, name FROM users WHERE email = 'admin@chatflow.local'")
    ).rows[0]!;
    // Company 1, early March 2026: two closed and rated (5 and 2), one in attendance, one waiting.
    const day = "2026-03-02";
    await seedTicket({
      companyId: 1,
      status: "closed",
      userId: admin.id,
      created: sp(day, "09:00"),
      acceptedMin: 10,
      closedMin: 40,
      rate: 5,
    });
    await seedTicket({
      companyId: 1,
      status: "closed",
      userId: admin.id,
      created: sp(day, "10:00"),
      acceptedMin: 10,
      closedMin: 40,
      rate: 2,
    });
    await seedTicket({ companyId: 1, status: "open", userId: admin.id, created: sp(day, "11:00"), acceptedMin: 10 });
    await seedTicket({ companyId: 1, status: "pending", userId: null, created: sp(day, "14:00") });
    // Another company's busy week: none of it may count.
    const other = await buildCompany(pool, { name: "Outra" });
    const otherUser = await buildUser(pool, { companyId: other.id, name: "Fulano de Outra" });
    for (let i = 0; i < 3; i++) {
      await seedTicket({
        companyId: other.id,
        status: "closed",
        userId: otherUser.id,
        created: sp(day, "09:30"),
        acceptedMin: 1,
        closedMin: 2,
        rate: 1,
      });
    }

    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 }, acceptDownloads: true });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(page, world.stack.core.url);
    await page.goto(`${world.stack.core.url}/`);
    await page.getByTestId("dashboard-page").waitFor();

    // An empty filter is refused with the spec's words.
    await page.getByTestId("dashboard-days").fill("");
    await page.getByTestId("dashboard-apply").click();
    await page.getByText("Parametrize o filtro").waitFor();

    await page.getByTestId("dashboard-start-date").fill("2026-03-01");
    await page.getByTestId("dashboard-end-date").fill("2026-03-07");
    await page.getByTestId("dashboard-apply").click();
    await page.getByTestId("dashboard-period").filter({ hasText: "01/03/2026 a 07/03/2026" }).waitFor();
    const card = async (id: string) =>
      (await page.getByTestId(`dashboard-card-${id}`).locator(".stat-card-value").textContent())?.trim();
    expect(await card("supportHappening")).toBe("1");
    expect(await card("supportPending")).toBe("1");
    expect(await card("supportFinished")).toBe("2");
    expect(await card("avgSupportTime")).toBe("30 min");
    expect(await card("avgWaitTime")).toBe("10 min");
    expect(await card("passiveTickets")).toBe("4");

    await page.getByTestId("dashboard-tab-nps").click();
    const score = page.getByRole("meter", { name: "NPS" });
    await score.waitFor();
    expect(await score.getAttribute("aria-valuetext")).toBe("0");
    expect(await page.getByRole("meter", { name: "Promotores" }).getAttribute("aria-valuetext")).toBe("50%");
    expect(await page.getByRole("meter", { name: "Detratores" }).getAttribute("aria-valuetext")).toBe("50%");
    expect(await card("totalTickets")).toBe("4");
    expect(await card("withRating")).toBe("2");
    expect(await card("percRating")).toBe("100%");

    await page.getByTestId("dashboard-tab-attendants").click();
    const table = page.getByTestId("dashboard-attendants-table");
    await table.waitFor();
    const adminRow = table.locator("tbody tr").filter({ hasText: admin.name });
    expect(await adminRow.locator("td").allTextContents()).toEqual([admin.name, "3.5", "2", "3", "10", "30", "Online"]);
    expect(await table.textContent()).not.toContain("Fulano de Outra");

    // Each chart has its own period and filter button.
    const users = page.getByTestId("dashboard-chart-users");
    await users.getByTestId("dashboard-chart-users-start").fill("2026-03-01");
    await users.getByTestId("dashboard-chart-users-end").fill("2026-03-07");
    await users.getByTestId("dashboard-chart-users-apply").click();
    await users
      .locator("table tr")
      .filter({ hasText: `${admin.name}Tickets: 3` })
      .waitFor();
    const days = page.getByTestId("dashboard-chart-days");
    await days.getByTestId("dashboard-chart-days-start").fill(day);
    await days.getByTestId("dashboard-chart-days-end").fill(day);
    await days.getByTestId("dashboard-chart-days-apply").click();
    await days.getByRole("heading", { name: "Tickets por hora" }).waitFor();
    expect(await days.locator("table tr").filter({ hasText: "Tickets: 1" }).allTextContents()).toEqual([
      "09hTickets: 1",
      "10hTickets: 1",
      "11hTickets: 1",
      "14hTickets: 1",
    ]);

    // The export: an .xlsx whose rows are the table's.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("dashboard-export").click()]);
    expect(download.suggestedFilename()).toBe("atendentes.xlsx");
    const wb = read(await readFile((await download.path())!), { type: "buffer" });
    const rows = utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, { header: 1, defval: null });
    expect(rows[0]).toEqual([
      "Nome",
      "Avaliação",
      "Nº de avaliações",
      "Tickets",
      "T.M. de espera (min)",
      "T.M. de atendimento (min)",
      "Status",
    ]);
    const users1 = (await pool.query("SELECT count(*)::int AS n FROM users WHERE company_id = 1")).rows[0].n;
    expect(rows).toHaveLength(1 + users1);
    expect(rows[1]).toEqual([admin.name, 3.5, 2, 3, 10, 30, "Online"]);

    // Offline: the screen opens again on the figures it last loaded and says it needs a connection.
    await serviceWorkerInControl(page);
    await context.setOffline(true);
    await page.getByRole("link", { name: "Atendimentos", exact: true }).first().click();
    // The route changes before the inbox's code has loaded; until it renders, the dashboard stays on screen.
    await page.getByTestId("ticket-list").waitFor();
    await page.getByRole("link", { name: "Dashboard" }).first().click();
    await page.getByText("Precisa de conexão: os números são os últimos carregados neste aparelho.").waitFor();
    expect(await card("supportFinished")).toBe("2");
    expect(await page.getByTestId("dashboard-period").textContent()).toBe("Período: 01/03/2026 a 07/03/2026");
    await context.setOffline(false);
    await context.close();

    // A plain user without showDashboard: the 403 page on /.
    const plain = await buildUser(pool, { companyId: 1, profile: "user", name: "Agente Sem Dashboard" });
    const plainContext = await world.browser.newContext({ viewport: { width: 390, height: 844 } });
    const plainPage = await plainContext.newPage();
    await signIn(plainPage, world.stack.core.url, plain);
    await plainPage.goto(`${world.stack.core.url}/`);
    await plainPage.getByTestId("access-denied").waitFor();
    expect(await plainPage.locator("h1").textContent()).toBe("Oops! Acesso Negado!");
    await plainContext.close();
  });
});
