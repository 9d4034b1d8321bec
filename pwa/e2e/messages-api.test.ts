// /messages-api's template test form end to end (spec 3 §2 Messages API page, §7; decision 0116): the page at the
// three sizes, then an approved template sent with the connection's token to a number that never wrote, so past
// the 24-hour window: the external API queues it, the channel worker sends it once to the Cloud API stand-in as a
// `type: template` message with its values.
import { forFile } from "@chatflow/core/testing/for-file.ts";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { LOOK_SIZES, looked, signInToLanding, until } from "./support.ts";

const world = browserStackForFile();
const TOKEN = "E2eTemplateToken0123456789abcd";
const NUMBER = "5511977778888";

forFile(async () => {
  await world.stack.core.db.pool.query("UPDATE whatsapps SET token = $1 WHERE company_id = 1 AND id = $2", [
    TOKEN,
    world.stack.whatsappId,
  ]);
});

describe("#messages-api e2e", () => {
  it("documents templates, cards and interactive messages and sends a template past the window", {
    timeout: 120_000,
  }, async () => {
    const problems: string[] = [];
    for (const size of LOOK_SIZES) {
      const context = await world.browser.newContext({ viewport: { width: size.width, height: size.height } });
      const page = await context.newPage();
      page.on("pageerror", (e) => console.error("page error:", e.message));
      await signInToLanding(page, world.stack.core.url);
      await page.goto(`${world.stack.core.url}/messages-api`);
      await page.getByTestId("messages-api-template-form").waitFor();
      await page.getByTestId("messages-api-template-example").scrollIntoViewIfNeeded();
      problems.push(...(await looked(page, `messages-api-template-docs-${size.name}`)));
      if (size.name === "desk") {
        // A bad name is refused here, nothing sent; then the real one goes.
        await page.getByTestId("messages-api-template-token").fill(TOKEN);
        await page.getByTestId("messages-api-template-number").fill(NUMBER);
        await page.getByTestId("messages-api-template-name").fill("Pedido Enviado");
        await page.getByTestId("messages-api-template-send").click();
        await page.getByText("Use o nome do modelo: letras minúsculas, números e _").waitFor();
        await page.getByTestId("messages-api-template-form").scrollIntoViewIfNeeded();
        problems.push(...(await looked(page, "messages-api-template-errors-desk")));
        await page.getByTestId("messages-api-template-name").fill("pedido_enviado");
        await page.getByTestId("messages-api-template-values").fill("Maria\namanhã");
        await page.getByTestId("messages-api-template-send").click();
        await page.getByText("Mensagem enviada com sucesso").waitFor();
      }
      await context.close();
    }
    expect(problems).toEqual([]);
    const sent = await until("the template at the Graph API", () => {
      const found = world.stack.graph.requests.filter((r) => r.body.to === NUMBER);
      return found.length > 0 && found;
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({
      type: "template",
      template: {
        name: "pedido_enviado",
        language: { code: "pt_BR" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Maria" },
              { type: "text", text: "amanhã" },
            ],
          },
        ],
      },
    });
  });
});
