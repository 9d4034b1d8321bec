// The flow runtime, phrase campaigns and the to-do list (issue 11), in chromium against the whole stack: an admin
// picks a published flow as the Cloud connection's welcome flow in the connection dialog; an inbound message then
// walks it through a menu choice and a question into a queue (each text reaching the Graph API stand-in once);
// closing the ticket in the app ends the run it walked; a phrase campaign made on /phrase-lists starts its flow on its
// phrase; /todolist keeps tasks across a reload.
import { ZSaveFlowRequestSchema } from "@chatflow/core/contract/flows.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { signIn, until } from "./support.ts";

const world = browserStackForFile();
let page: Page;

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.stack.core.db.pool.query(text, params)).rows as T[];
}

const textsTo = (to: string) =>
  world.stack.graph.requests.filter((r) => r.body.to === to).map((r) => r.body.text?.body ?? "");

/** A flow of company 1 with the snapshot 'Salvar' publishes, checked by the same schema. */
async function publishedFlow(name: string, nodes: unknown[], connections: unknown[]): Promise<number> {
  const [flow] = await sql<{ id: number }>("INSERT INTO flows (company_id, name) VALUES (1, $1) RETURNING id", [name]);
  const parsed = ZSaveFlowRequestSchema.parse({ idFlow: flow!.id, nodes, connections });
  await sql("UPDATE flows SET flow = $2, saved_at = now() WHERE id = $1", [
    flow!.id,
    JSON.stringify({ nodes: parsed.nodes, connections: parsed.connections }),
  ]);
  return flow!.id;
}

const node = (id: string, type: string, data: Record<string, unknown> = {}) => ({
  id,
  type,
  data,
  position: { x: 0, y: 0 },
});

/** Picks `option` in the kit's select `testId` inside `scope`. */
async function choose(scope: ReturnType<Page["getByTestId"]>, testId: string, option: string) {
  await scope.getByTestId(testId).click();
  await page.getByRole("option", { name: option }).click();
}

forFile(async () => {
  const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await signIn(page, world.stack.core.url);
});

describe("flow runtime", () => {
  it("a welcome flow picked in the connection dialog walks a menu choice and a question into a queue", async () => {
    const [queue] = await sql<{ id: number }>(
      "INSERT INTO queues (company_id, name, color) VALUES (1, 'Pedidos', '#1e88e5') RETURNING id",
    );
    await publishedFlow(
      "Boas-vindas",
      [
        node("1", "start"),
        node("menu", "menu", {
          message: "Olá {{firstName}}! Escolha:",
          arrayOption: [
            { number: 1, value: "Pedidos" },
            { number: 2, value: "Outros" },
          ],
        }),
        node("ask", "question", { typebotIntegration: { message: "Qual o número do pedido?", answerKey: "pedido" } }),
        node("ok", "message", { label: "Pedido {{pedido}} anotado." }),
        node("queue", "ticket", { queue: { id: queue!.id, name: "Pedidos" } }),
      ],
      [
        { source: "1", target: "menu" },
        { source: "menu", target: "ask", sourceHandle: "option-1" },
        { source: "ask", target: "ok" },
        { source: "ok", target: "queue" },
      ],
    );

    await page.goto(`${world.stack.core.url}/connections`);
    const row = page.getByTestId("connection-row").filter({ hasText: "WhatsApp Cloud" });
    await row.getByTestId("connection-edit").click();
    const modal = page.getByTestId("connection-modal");
    await modal.getByRole("tab", { name: "Fluxo padrão" }).click();
    await choose(modal, "connection-flowIdWelcome", "Boas-vindas");
    await modal.getByTestId("connection-save").click();
    await modal.waitFor({ state: "detached" });
    await until("the welcome flow stored", async () => {
      const [w] = await sql<{ n: number }>(
        "SELECT count(*)::int AS n FROM whatsapps WHERE id = $1 AND flow_id_welcome IS NOT NULL",
        [world.stack.whatsappId],
      );
      return w!.n === 1;
    });

    const from = "5511944440001";
    const deliver = (text: string, id: string) => world.stack.deliverInbound({ from, name: "Joana Dias", text, id });
    expect(await deliver("oi", "wamid.fr1")).toBe(200);
    const menu = "Olá Joana! Escolha:\n\n*[ 1 ]* - Pedidos\n*[ 2 ]* - Outros";
    await until("the menu", () => textsTo(from).includes(menu));
    expect(await deliver("1", "wamid.fr2")).toBe(200);
    await until("the question", () => textsTo(from).includes("Qual o número do pedido?"));
    expect(await deliver("PED-77", "wamid.fr3")).toBe(200);
    await until("the thanks", () => textsTo(from).includes("Pedido PED-77 anotado."));
    const [ticket] = await sql<{ queue_id: number }>(
      "SELECT t.queue_id FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = $1",
      [from],
    );
    expect(ticket!.queue_id).toBe(queue!.id);
    expect(textsTo(from)).toEqual([menu, "Qual o número do pedido?", "Pedido PED-77 anotado."]);
  });

  it("closing the ticket in the app ends the flow it was walking; the contact's next word starts it afresh", async () => {
    // The welcome flow of the test above is still the connection's.
    const from = "5511944440003";
    const deliver = (text: string, id: string) => world.stack.deliverInbound({ from, name: "Caio Reis", text, id });
    const menu = "Olá Caio! Escolha:\n\n*[ 1 ]* - Pedidos\n*[ 2 ]* - Outros";
    expect(await deliver("oi", "wamid.fc1")).toBe(200);
    await until("the menu", () => textsTo(from).includes(menu));
    const [ticket] = await sql<{ id: number; uuid: string }>(
      "SELECT t.id, t.uuid FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = $1",
      [from],
    );
    // The admin closes the waiting ticket from its action bar (directly or from its menu, as the bar lays it out).
    await page.goto(`${world.stack.core.url}/tickets/${ticket!.uuid}`);
    await page.getByTestId("ticket-actions").waitFor();
    if (!(await page.getByTestId("ticket-resolve").isVisible())) await page.getByTestId("ticket-more").click();
    await page.getByTestId("ticket-resolve").or(page.getByTestId("ticket-resolve-silent")).first().click();
    const silent = page.getByTestId("ticket-resolve-silent");
    if (await silent.isVisible()) await silent.click();
    await until("the run ended by the closing", async () => {
      const [run] = await sql<{ status: string; end_reason: string }>(
        "SELECT status, end_reason FROM flow_runs WHERE ticket_id = $1",
        [ticket!.id],
      );
      return run?.status === "ended" && run.end_reason === "closed";
    });
    // Her '1' answers no menu of the closed ticket: a new ticket, and the welcome flow from its start.
    expect(await deliver("1", "wamid.fc2")).toBe(200);
    await until("the menu again", () => textsTo(from).filter((t) => t === menu).length === 2);
    expect(textsTo(from)).not.toContain("Qual o número do pedido?");
  });

  it("a phrase campaign made on /phrase-lists starts its flow when a contact writes its phrase", async () => {
    await publishedFlow(
      "Promoção",
      [node("1", "start"), node("promo", "message", { label: "Cupom: NATAL10" })],
      [{ source: "1", target: "promo" }],
    );
    await page.goto(`${world.stack.core.url}/phrase-lists`);
    await page.getByTestId("phrase-lists-page").waitFor();
    await page.getByTestId("phrase-lists-add").click();
    const modal = page.getByTestId("phrase-campaign-modal");
    // The spec's rule before anything is sent: name, flow and phrase required.
    await modal.getByTestId("phrase-campaign-save").click();
    expect(await modal.getByText("Obrigatório").count()).toBe(3);
    await modal.getByTestId("phrase-campaign-name").fill("Natal");
    await choose(modal, "phrase-campaign-flow", "Promoção");
    await choose(modal, "phrase-campaign-connection", "WhatsApp Cloud");
    await modal.getByTestId("phrase-campaign-phrase").fill("Quero o cupom");
    await modal.getByTestId("phrase-campaign-save").click();
    await modal.waitFor({ state: "detached" });
    await page.getByText("Frase criada com sucesso!").waitFor();
    await page.getByTestId("phrase-campaign-row").filter({ hasText: "Natal" }).getByText("Ativa").waitFor();

    const from = "5511944440002";
    expect(await world.stack.deliverInbound({ from, name: "Rui", text: "quero o CUPOM", id: "wamid.fr4" })).toBe(200);
    await until("the campaign's flow", () => textsTo(from).includes("Cupom: NATAL10"));
  });
});

describe("to-do list", () => {
  it("adds, edits and deletes tasks, kept in the browser across a reload", async () => {
    await page.goto(`${world.stack.core.url}/todolist`);
    await page.getByTestId("todolist-page").waitFor();
    const field = page.getByTestId("todolist-text");
    for (const text of ["Ligar para a Joana", "Enviar proposta", "   "]) {
      await field.fill(text);
      await field.press("Enter");
    }
    // Blank text is ignored (spec 2 §5).
    await until("two tasks", async () => (await page.getByTestId("todolist-task").count()) === 2);
    await page.getByTestId("todolist-task").filter({ hasText: "Enviar proposta" }).getByTestId("todolist-edit").click();
    await field.fill("Enviar proposta revisada");
    await page.getByTestId("todolist-submit").click();
    await page
      .getByTestId("todolist-task")
      .filter({ hasText: "Ligar para a Joana" })
      .getByTestId("todolist-delete")
      .click();
    await page.reload();
    await page.getByTestId("todolist-task").first().waitFor();
    expect(await page.getByTestId("todolist-task").allInnerTexts()).toEqual([
      expect.stringContaining("Enviar proposta revisada"),
    ]);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("tasks") ?? "[]"));
    expect(stored).toEqual([expect.objectContaining({ text: "Enviar proposta revisada" })]);
  });
});
