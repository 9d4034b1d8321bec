// The kanban in a real browser against the whole stack, sync server included (decision 0047): two admins arrange
// the lanes on /TagsKanban and each sees the other's change and presence; an agent drags a card offline and the
// lane change reaches the server once when the network is back.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { forFile } from "../../core/src/testing/for-file.ts";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { ADMIN, signIn, until } from "./support.ts";

const world = browserStackForFile({ sync: true });

async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${world.stack.core.url}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return (await res.json()) as T;
}

const AGENT = { email: `agente-kanban-${Date.now()}@example.com`, password: "Segredo12" };
const ADMIN2 = { email: `admin2-kanban-${Date.now()}@example.com`, password: "Segredo12" };

// Two lanes, a queue the agent works, and a ticket of that queue in the first lane.
const seeded = forFile(async () => {
  const pool = world.stack.core.db.pool;
  const token = (await api<{ token: string }>("POST", "/auth/login", null, ADMIN)).token;
  const queue = (await api<{ id: number }>("POST", "/queue", token, { name: "Kanban", color: "#3F51B5" })).id;
  await api("POST", "/users", token, { name: "Agente Kanban", profile: "user", queueIds: [queue], ...AGENT });
  await api("POST", "/users", token, { name: "Bia Admin", profile: "admin", ...ADMIN2 });
  const lane = async (name: string) => (await api<{ id: number }>("POST", "/tags", token, { name, kanban: 1 })).id;
  const novo = await lane("Novo contato");
  const proposta = await lane("Proposta");
  expect(
    await world.stack.deliverInbound({
      from: "5511977001100",
      name: "Lia",
      text: "Quero saber o preço",
      id: "wamid.kanban.1",
    }),
  ).toBe(200);
  const ticket = (await pool.query<{ id: number }>("SELECT id FROM tickets ORDER BY id DESC LIMIT 1")).rows[0]!.id;
  await pool.query("UPDATE tickets SET queue_id = $2, status = 'pending', is_bot = false WHERE id = $1", [
    ticket,
    queue,
  ]);
  await pool.query("INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES ($1, $2, 1)", [ticket, novo]);
  return { queue, novo, proposta, ticket };
});

const laneTags = async (ticketId: number) =>
  (
    await world.stack.core.db.pool.query<{ tag_id: number }>(
      "SELECT tag_id FROM ticket_tags WHERE ticket_id = $1 ORDER BY tag_id",
      [ticketId],
    )
  ).rows.map((r) => r.tag_id);

const rowOrder = (page: Page) =>
  page.getByTestId("tags-kanban-row").evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-lane-id"))));

describe("kanban", () => {
  it("lets two admins co-edit the lanes: each sees the other's change and presence", async () => {
    const one = await (await world.browser.newContext()).newPage();
    const two = await (await world.browser.newContext()).newPage();
    for (const p of [one, two]) p.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(one, world.stack.core.url);
    await signIn(two, world.stack.core.url, ADMIN2);
    await one.goto(`${world.stack.core.url}/TagsKanban`);
    await two.goto(`${world.stack.core.url}/TagsKanban`);
    // Both lanes were made through the tag calls: the board adopts them, in the same order on both.
    const initial = await until("both lanes on the first admin's board", async () => {
      const order = await rowOrder(one);
      return order.length === 2 && order;
    });
    await until("the same order at the second admin", async () => (await rowOrder(two)).join() === initial.join());
    await one.getByTestId("tags-kanban-presence").filter({ hasText: "Bia Admin" }).waitFor();
    await two.getByTestId("tags-kanban-presence").waitFor();

    // The first admin moves the first lane right; the second sees it.
    await one.getByTestId("tags-kanban-row").first().getByTestId("tags-kanban-right").click();
    const swapped = [...initial].reverse();
    await until("the move at the second admin", async () => (await rowOrder(two)).join() === swapped.join());

    // The second admin opens a lane's settings: the first sees who is editing; the saved time reaches the table.
    const proposta = two.getByTestId("tags-kanban-row").filter({ hasText: "Proposta" });
    await proposta.getByTestId("tags-kanban-edit").click();
    await two.getByTestId("lane-dialog").waitFor();
    await one.getByTestId("tags-kanban-editor").filter({ hasText: "Bia Admin" }).waitFor();
    await two.getByTestId("lane-time").fill("5");
    await two.getByTestId("lane-save").click();
    await until("the projection of the new time", async () => {
      const { rows } = await world.stack.core.db.pool.query("SELECT time_lane, lane_position FROM tags WHERE id = $1", [
        seeded.proposta,
      ]);
      return rows[0]?.time_lane === 5 && rows[0].lane_position === 0;
    });
    await one.context().close();
    await two.context().close();
  });

  it("moves a card dragged offline to the new lane, and the change reaches the server once", async () => {
    const context = await world.browser.newContext();
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    const moves: string[] = [];
    // Pushes that reached core (a request the offline browser never sent does not finish).
    page.on("requestfinished", (r) => {
      if (
        r.method() === "POST" &&
        new URL(r.url()).pathname === "/sync/push" &&
        r.postData()?.includes("moveTicketLane")
      ) {
        moves.push(r.postData()!);
      }
    });
    await signIn(page, world.stack.core.url, AGENT);
    await page.goto(`${world.stack.core.url}/Kanban`);
    const lane = (id: number) => page.locator(`[data-testid="kanban-lane"][data-lane-id="${id}"]`);
    const card = lane(seeded.novo).getByTestId("kanban-card").filter({ hasText: "Lia" });
    await card.waitFor();

    await context.setOffline(true);
    await page.getByText("Sem conexão").first().waitFor();
    await card.dragTo(lane(seeded.proposta));
    await lane(seeded.proposta).getByTestId("kanban-card").filter({ hasText: "Lia" }).waitFor();
    expect(await laneTags(seeded.ticket)).toEqual([seeded.novo]);
    expect(moves).toEqual([]);

    await context.setOffline(false);
    await until(
      "the move at the server",
      async () => (await laneTags(seeded.ticket)).join() === String(seeded.proposta),
    );
    await until(
      "the outbox emptied",
      async () => (await page.getByTestId("outbox-count").getAttribute("data-count")) === "0",
    );
    expect(moves).toHaveLength(1);
    // Still in the new lane after the server's row came back through the pull.
    const moved = lane(seeded.proposta).getByTestId("kanban-card").filter({ hasText: "Lia" });
    await moved.waitFor();

    // By keyboard: the focused card goes back to the neighbouring lane with the arrow key pointing at it (the lanes'
    // order is whatever the co-editing test left).
    const order = await page
      .getByTestId("kanban-lane")
      .evaluateAll((lanes) => lanes.map((l) => Number(l.getAttribute("data-lane-id"))));
    await moved.focus();
    await page.keyboard.press(order.indexOf(seeded.novo) > order.indexOf(seeded.proposta) ? "ArrowRight" : "ArrowLeft");
    await lane(seeded.novo).getByTestId("kanban-card").filter({ hasText: "Lia" }).waitFor();
    await until(
      "the keyboard move at the server",
      async () => (await laneTags(seeded.ticket)).join() === String(seeded.novo),
    );

    // An admin renames a lane: the open board shows the new name without a reload (decision 0063).
    const token = (await api<{ token: string }>("POST", "/auth/login", null, ADMIN)).token;
    await api("PUT", `/tags/${seeded.proposta}`, token, { name: "Proposta enviada" });
    await lane(seeded.proposta).getByText("Proposta enviada").waitFor();
    await context.close();
  });
});
