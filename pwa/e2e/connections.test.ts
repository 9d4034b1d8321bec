// The connections screen and its QR dialog (spec 2 §2, §4), in chromium against the whole stack with the channel
// worker's Baileys adapter (issue 10's proof): an admin creates a WhatsApp (QR code) connection, asks for a new QR
// code and the dialog waits for it; the request reaches the worker as a NOTIFY, the adapter opens a socket (a
// stand-in: WhatsApp's servers are not reachable here) whose Baileys events carry a QR code, and the dialog draws
// it; a rotated code replaces it; pairing opens the socket, the dialog closes itself, the row reads CONNECTED with
// the phone's number, and the side menu's badge follows.
// Facebook and Instagram (decision 0052), against a Graph API stand-in on loopback: an admin connects a page and
// its Instagram account from the 'new connection' menu (POST /facebook lists the user's pages on the stand-in and
// subscribes them); a Messenger message comes in through the signed webhook and opens a ticket named from the
// contact's Graph profile; the agent's reply goes out once through the Send API from a worker serving Facebook.

import { createHmac } from "node:crypto";
import { startFakeGraphPages } from "@chatflow/core/testing/fake-graph-pages.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { startWorker } from "../../channel-worker/src/worker.ts";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { signIn, until } from "./support.ts";

const FACEBOOK_SECRET = "e2e-facebook-app-secret";
const PAGE = { id: "501002003", name: "Loja no Facebook", accessToken: "e2e-page-token" };
const PSID = "7001002003";

const graph = forFile(() => startFakeGraphPages(), { stop: (g) => g.close() });
const world = browserStackForFile({
  baileys: true,
  core: () => ({ graphApiUrl: graph.url, facebookAppSecret: FACEBOOK_SECRET }),
});
let page: Page;

forFile(async () => {
  const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await signIn(page, world.stack.core.url);
});

/** The stand-in socket the worker's adapter opened last. */
const socket = () => world.stack.baileys!.last();

describe("connections", () => {
  it("an admin creates a WhatsApp connection, asks for a QR code, sees it, and the dialog closes once paired", async () => {
    await page.goto(`${world.stack.core.url}/connections`);
    await page.getByTestId("connections-page").waitFor();
    await page.getByTestId("connection-row").first().waitFor();

    await page.getByTestId("connections-add").click();
    await page.getByTestId("connections-add-whatsapp").click();
    const modal = page.getByTestId("connection-modal");
    await modal.waitFor();
    // Spec 2 §5 in its own words, on the field, before anything is sent.
    await page.getByTestId("connection-name").fill("L");
    await page.getByTestId("connection-save").click();
    await modal.getByText("Too Short!").waitFor();
    await page.getByTestId("connection-name").fill("Loja QR");
    await page.getByTestId("connection-save").click();
    await modal.waitFor({ state: "detached" });

    const row = page.getByTestId("connection-row").filter({ hasText: "Loja QR" });
    await row.getByText("Desconectado").waitFor();
    // The side menu's badge (spec 1 §2): a connection needs attention.
    await page.getByTestId("connections-alert").waitFor();
    const [stored] = (
      await world.stack.core.db.pool.query<{ id: number; status: string }>(
        "SELECT id, status FROM whatsapps WHERE company_id = 1 AND name = 'Loja QR'",
      )
    ).rows;
    expect(stored).toMatchObject({ status: "DISCONNECTED" });
    const id = stored!.id;

    // DISCONNECTED offers 'try again' and 'new QR' (spec 2 §4); the admin asks for a new QR code.
    await row.getByTestId("connection-retry").waitFor();
    await row.getByTestId("connection-newQr").click();
    const dialog = page.getByTestId("qr-dialog");
    await dialog.getByText("Aguardando pelo QR Code").waitFor();
    await until("core to mark the session as opening", async () => {
      const r = await world.stack.core.db.pool.query("SELECT status FROM whatsapps WHERE id = $1 AND company_id = 1", [
        id,
      ]);
      return r.rows[0]?.status === "OPENING";
    });

    // The adapter opened a socket for it; Baileys produces a QR code.
    await until("the worker to open a socket", () => (world.stack.baileys?.sockets.length ?? 0) > 0);
    socket().emit("connection.update", { qr: "2@stand-in-qr-code,key,secret,adv" });
    const code = dialog.getByTestId("qr-code");
    await code.waitFor();
    expect(await code.locator("svg").count()).toBe(1);
    await row.getByTestId("connection-qrcode").waitFor();
    const drawn = await code.innerHTML();
    // Baileys rotates the code: the dialog draws the new one.
    socket().emit("connection.update", { qr: "2@rotated-qr-code,key,secret,adv" });
    await until("the rotated code to be drawn", async () => (await code.innerHTML()) !== drawn);
    expect(
      (await world.stack.core.db.pool.query("SELECT qrcode FROM whatsapps WHERE id = $1", [id])).rows[0].qrcode,
    ).toBe("2@rotated-qr-code,key,secret,adv");

    // Paired: the socket opens as the phone, the dialog closes itself and the row reads CONNECTED with its number.
    socket().open("5511999990000:3@s.whatsapp.net");
    await dialog.waitFor({ state: "detached" });
    await row.getByText("Conectado").waitFor();
    await row.getByText("5511999990000").waitFor();
    await row.getByTestId("connection-disconnect").waitFor();
    // Every connection of the company is connected again: the badge goes.
    await page.getByTestId("connections-alert").waitFor({ state: "detached" });
  });
});

describe("a connection's integration and prompt (decision 0062)", () => {
  it("an admin picks the company's integration and prompt on the integrations tab and they are stored", async () => {
    const pool = world.stack.core.db.pool;
    const integration = await pool.query<{ id: number }>(
      `INSERT INTO queue_integrations (company_id, type, name, url_n8n, signing_secret)
       VALUES (1, 'webhook', 'CRM da loja', 'https://crm.example.com/hook', 'e2e') RETURNING id`,
    );
    const prompt = await pool.query<{ id: number }>(
      `INSERT INTO prompts (company_id, name, prompt, api_key)
       VALUES (1, 'Recepcionista', 'Você é a recepcionista da loja e responde com gentileza e clareza.', 'sk-e2e')
       RETURNING id`,
    );
    await page.goto(`${world.stack.core.url}/connections`);
    await page.getByTestId("connections-page").waitFor();
    await page.getByTestId("connections-add").click();
    await page.getByTestId("connections-add-whatsapp").click();
    const modal = page.getByTestId("connection-modal");
    await modal.waitFor();
    await page.getByTestId("connection-name").fill("Loja com IA");
    await page.getByTestId("connection-tab-integrations").click();
    await page.getByTestId("connection-integrationId").click();
    await page.getByRole("option", { name: "CRM da loja" }).click();
    await page.locator('[data-testid="connection-promptId"]:not([data-disabled])').waitFor();
    await page.getByTestId("connection-promptId").click();
    await page.getByRole("option", { name: "Recepcionista" }).click();
    await page.getByTestId("connection-save").click();
    await modal.waitFor({ state: "detached" });
    const { rows } = await pool.query(
      "SELECT integration_id, prompt_id FROM whatsapps WHERE company_id = 1 AND name = 'Loja com IA'",
    );
    expect(rows).toEqual([{ integration_id: integration.rows[0]!.id, prompt_id: prompt.rows[0]!.id }]);
  });
});

const q = (sql: string, args: unknown[] = []) => world.stack.core.db.pool.query(sql, args);

describe("facebook and instagram connections", () => {
  it("an admin connects a page and its Instagram account; a Messenger contact is answered from the inbox", async () => {
    graph.user("9001", "e2e-user-token", [{ ...PAGE, instagram: { id: "601002003", username: "lojafb" } }]);
    graph.profile(PSID, PAGE.accessToken, { first_name: "Ana", last_name: "Souza" });
    // The stack's worker serves WhatsApp: this one serves Facebook and Instagram, against the stand-in. Started
    // here, after the WhatsApp test: a second worker takes its fair share of the first one's connections.
    const facebookWorker = await startWorker({
      databaseUrl: world.stack.core.databaseUrl,
      graphApiUrl: graph.url,
      dataDir: world.stack.core.config.dataDir,
      pollMs: 200,
      channels: ["facebook", "instagram"],
      log: () => {},
    });
    try {
      await page.goto(`${world.stack.core.url}/connections`);
      await page.getByTestId("connection-row").first().waitFor();
      await page.getByTestId("connections-add").click();
      await page.getByTestId("connections-add-instagram").click();
      await page.getByTestId("facebook-user-id").fill("9001");
      await page.getByTestId("facebook-user-token").fill("e2e-user-token");
      await page.getByTestId("facebook-connect-save").click();
      await page.getByTestId("facebook-connect").waitFor({ state: "detached" });
      await page.getByTestId("connection-row").filter({ hasText: PAGE.name }).getByText("Conectado").waitFor();
      await page.getByTestId("connection-row").filter({ hasText: "Insta lojafb" }).getByText("Conectado").waitFor();
      expect(graph.subscriptions.map((s) => s.pageId)).toEqual([PAGE.id]);

      // The contact writes on Messenger: Meta's signed delivery.
      const raw = JSON.stringify({
        object: "page",
        entry: [
          {
            id: PAGE.id,
            time: Date.now(),
            messaging: [
              {
                sender: { id: PSID },
                recipient: { id: PAGE.id },
                timestamp: Date.now(),
                message: { mid: "m_e2e_1", text: "Oi, vocês entregam hoje?" },
              },
            ],
          },
        ],
      });
      const delivered = await fetch(`${world.stack.core.url}/webhooks/facebook`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-hub-signature-256": `sha256=${createHmac("sha256", FACEBOOK_SECRET).update(raw).digest("hex")}`,
        },
        body: raw,
      });
      expect(delivered.status).toBe(200);
      const ticket = await until("the Messenger ticket", async () => {
        const { rows } = await q(
          `SELECT t.id, t.uuid, c.name FROM tickets t JOIN contacts c ON c.id = t.contact_id
           WHERE c.number = $1 AND t.channel = 'facebook'`,
          [PSID],
        );
        return rows[0];
      });
      expect(ticket.name).toBe("Ana Souza");
      const admin = (await q("SELECT id FROM users WHERE email = 'admin@chatflow.local'")).rows[0];
      await q("UPDATE tickets SET status = 'open', user_id = $2 WHERE id = $1", [ticket.id, admin.id]);

      await page.goto(`${world.stack.core.url}/tickets/${ticket.uuid}`);
      await page.getByTestId("message-bubble").filter({ hasText: "Oi, vocês entregam hoje?" }).waitFor();
      await page.getByTestId("message-input").fill("Entregamos sim!");
      await page.getByTestId("message-send").click();
      const sent = await until("the reply on the Send API", () =>
        graph.sends.find((s) => String(s.body.message?.text ?? "").includes("Entregamos sim!")),
      );
      expect(sent).toMatchObject({ pageId: PAGE.id, body: { recipient: { id: PSID } } });
      await until("the reply marked sent", async () => {
        const { rows } = await q("SELECT send_state FROM messages WHERE body LIKE '%Entregamos sim!' AND from_me");
        return rows[0]?.send_state === "sent";
      });
      await facebookWorker.drained();
      expect(graph.sends.filter((s) => String(s.body.message?.text ?? "").includes("Entregamos sim!"))).toHaveLength(1);
    } finally {
      await facebookWorker.stop();
    }
  });
});
