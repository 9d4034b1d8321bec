// The Cloud API's 24-hour window as an agent meets it (issue 10, decision 0053): the contact last wrote a day
// ago, so the composer says a free-form reply will not go out and offers the connection's approved templates;
// the agent picks one, fills its variables, reads the preview and sends it; it reaches the Graph API once, as a
// template with those parameters, and shows in the conversation.
import { SAMPLE_TEMPLATES } from "@chatflow/core/testing/fake-graph-templates.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { acceptAsAdmin, signIn, until } from "./support.ts";

const world = browserStackForFile();
const WABA = "102290129340398";

let ticketUuid = "";
let ticketId = 0;

forFile(async () => {
  const { pool } = world.stack.core.db;
  // The connection's WhatsApp Business Account, whose message_templates edge the Graph API stand-in answers.
  await pool.query("UPDATE whatsapps SET business_account_id = $1 WHERE id = $2", [WABA, world.stack.whatsappId]);
  world.stack.graph.templates.accounts.set(WABA, { token: "e2e-access-token", templates: SAMPLE_TEMPLATES });
  const queue = await pool.query<{ id: number }>(
    "INSERT INTO queues (company_id, name, color) VALUES (1, 'Pós-venda', '#43a047') RETURNING id",
  );
  expect(
    await world.stack.deliverInbound({
      from: "5511976543210",
      name: "Rita Prado",
      text: "Meu pedido?",
      id: "wamid.t.1",
    }),
  ).toBe(200);
  const { rows } = await pool.query<{ id: number; uuid: string }>(
    "SELECT id, uuid FROM tickets ORDER BY id DESC LIMIT 1",
  );
  ticketId = rows[0]!.id;
  ticketUuid = rows[0]!.uuid;
  expect(await acceptAsAdmin(world.stack.core.url, ticketId, queue.rows[0]!.id)).toBe(200);
  // She wrote a day and an hour ago: the window closed.
  await pool.query("UPDATE messages SET created_at = now() - interval '25 hours' WHERE ticket_id = $1", [ticketId]);
});

describe("the 24-hour window on the Cloud API", () => {
  it("offers the approved templates, sends the one chosen with its variables once, and shows it", async () => {
    const context = await world.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(page, world.stack.core.url);
    await page.goto(`${world.stack.core.url}/tickets/${ticketUuid}`);
    const notice = page.getByTestId("window-notice");
    await notice.getByTestId("window-closed").waitFor();
    expect(await notice.getAttribute("data-open")).toBe("false");

    await notice.getByTestId("window-pick-template").click();
    const dialog = page.getByTestId("template-picker");
    await dialog.waitFor();
    // Only approved templates can be chosen; the pending one is not offered as sendable.
    await dialog.getByTestId("template-select").click();
    await page.getByRole("option", { name: /pedido_atualizado/ }).click();
    // Sending with a variable empty says which one.
    await page.getByTestId("template-header-1").fill("#4521");
    await page.getByTestId("template-variable-1").fill("Rita");
    await page.getByTestId("template-send").click();
    await dialog.getByText("Preencha a variável").waitFor();
    expect(await dialog.getByText("Preencha a variável").count()).toBe(1);
    await page.getByTestId("template-variable-2").fill("enviado");
    await dialog.getByTestId("template-preview").filter({ hasText: "Olá Rita, seu pedido foi enviado." }).waitFor();
    expect(await dialog.getByTestId("template-preview").textContent()).toContain("Pedido #4521");
    await page.getByTestId("template-send").click();
    await dialog.waitFor({ state: "detached" });

    const sent = () => world.stack.graph.requests.filter((r) => r.body.type === "template");
    await until("the template at the Graph API", () => sent().length === 1);
    expect(sent()[0]!.body).toMatchObject({
      to: "5511976543210",
      type: "template",
      template: {
        name: "pedido_atualizado",
        language: { code: "pt_BR" },
        components: [
          { type: "header", parameters: [{ type: "text", text: "#4521" }] },
          {
            type: "body",
            parameters: [
              { type: "text", text: "Rita" },
              { type: "text", text: "enviado" },
            ],
          },
        ],
      },
    });
    // In the conversation, with its filled-in text; and stored once.
    await page.getByTestId("message-bubble").filter({ hasText: "Olá Rita, seu pedido foi enviado." }).waitFor();
    const { rows } = await world.stack.core.db.pool.query(
      "SELECT count(*)::int AS n FROM messages WHERE ticket_id = $1 AND media_type = 'template'",
      [ticketId],
    );
    expect(rows[0].n).toBe(1);
    // Nothing more reaches the Graph API later (a second sync, a retry).
    await new Promise((r) => setTimeout(r, 1500));
    expect(sent()).toHaveLength(1);
    await context.close();
  });
});
