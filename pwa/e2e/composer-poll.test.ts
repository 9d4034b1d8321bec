// The composer's poll dialog (decisions 0062, 0067) as an agent uses it, in chromium against the whole stack with
// the channel worker's Baileys adapter on a stand-in socket (WhatsApp's servers are not reachable here): on a
// WhatsApp (QR code) ticket, 'Enviar enquete' is in the actions menu and works from the keyboard; the empty form is
// refused with core's messages; the poll shows in the conversation as a poll, and the worker sends it to the
// contact once, as Baileys' poll with the secret core stored (so the votes can be opened); a poll written offline
// waits in the outbox and goes once when the network is back; the customer's vote, encrypted with that secret, is
// counted on the poll in view; a Cloud API ticket has no such entry.
import { createCipheriv, createHash, createHmac, randomBytes } from "node:crypto";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import { proto, type WAMessage } from "@whiskeysockets/baileys";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openStandInConnection } from "../../channel-worker/src/testing/open-stand-in.ts";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { ADMIN, acceptAsAdmin, serviceWorkerInControl, signIn, until } from "./support.ts";

const world = browserStackForFile({ baileys: true });
const CUSTOMER = "5511987650000";

let qrTicketId = 0;
let cloudTicketId = 0;

async function adminToken(): Promise<string> {
  const login = await fetch(`${world.stack.core.url}/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  return ((await login.json()) as { token: string }).token;
}

const socket = () => world.stack.baileys!.last();
/** The polls the adapter handed to Baileys. */
const sentPolls = () =>
  (world.stack.baileys?.sockets ?? []).flatMap((s) =>
    s.sent.filter((x) => "poll" in x.content).map((x) => ({ jid: x.jid, content: x.content })),
  );
/** The WhatsApp id the adapter gave the n-th poll it sent. */
const sentPollId = (n: number) =>
  (world.stack.baileys?.sockets ?? []).flatMap((s) => s.sent.filter((x) => "poll" in x.content))[n]!.options!
    .messageId!;

/** A contact's vote, encrypted as WhatsApp does (the inverse of Baileys' decryptPollVote). */
function encryptVote(o: { secret: Buffer; pollId: string; creator: string; voter: string; options: string[] }) {
  const sign = Buffer.concat([
    Buffer.from(o.pollId),
    Buffer.from(o.creator),
    Buffer.from(o.voter),
    Buffer.from("Poll Vote"),
    new Uint8Array([1]),
  ]);
  const key0 = createHmac("sha256", new Uint8Array(32)).update(o.secret).digest();
  const key = createHmac("sha256", key0).update(sign).digest();
  const iv = randomBytes(12);
  const plain = proto.Message.PollVoteMessage.encode({
    selectedOptions: o.options.map((n) => createHash("sha256").update(n).digest()),
  }).finish();
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(`${o.pollId}\u0000${o.voter}`));
  return { encPayload: Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]), encIv: iv };
}

forFile(async () => {
  const { pool } = world.stack.core.db;
  const queue = await pool.query<{ id: number }>(
    "INSERT INTO queues (company_id, name, color) VALUES (1, 'Vendas', '#1e88e5') RETURNING id",
  );
  const queueId = queue.rows[0]!.id;
  const token = await adminToken();
  const auth = { "Content-Type": "application/json", Authorization: `Bearer ${token}` };
  // A WhatsApp (QR code) connection, paired on the stand-in socket.
  const created = await fetch(`${world.stack.core.url}/whatsapp`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ name: "Loja QR", channel: "whatsapp", queueIds: [queueId] }),
  });
  expect(created.status).toBe(201);
  const whatsappId = ((await created.json()) as { id: number }).id;
  const start = await fetch(`${world.stack.core.url}/whatsappsession/${whatsappId}`, {
    method: "POST",
    headers: auth,
    body: "{}",
  });
  expect(start.status).toBe(200);
  await openStandInConnection(
    pool,
    world.stack.baileys!,
    { companyId: 1, whatsappId },
    { user: "5511999990000:3@s.whatsapp.net", timeoutMs: 20_000 },
  );
  // The customer writes on it: Baileys' own upsert.
  const inbound: WAMessage = {
    key: { remoteJid: `${CUSTOMER}@s.whatsapp.net`, fromMe: false, id: "3EB0POLLE2E1" },
    message: { conversation: "Oi! Qual sabor tem hoje?" },
    messageTimestamp: Math.floor(Date.now() / 1000),
    pushName: "Maria Baileys",
  };
  socket().emit("messages.upsert", { messages: [inbound], type: "notify" });
  qrTicketId = await until("the ticket of the QR connection", async () => {
    const r = await pool.query<{ id: number }>(
      "SELECT id FROM tickets WHERE company_id = 1 AND whatsapp_id = $1 ORDER BY id DESC LIMIT 1",
      [whatsappId],
    );
    return r.rows[0]?.id;
  });
  expect(await acceptAsAdmin(world.stack.core.url, qrTicketId, queueId)).toBe(200);
  // And a Cloud API conversation, where polls cannot go.
  expect(
    await world.stack.deliverInbound({ from: "5521933330000", name: "Pedro Cloud", text: "Olá", id: "wamid.p.1" }),
  ).toBe(200);
  const cloud = await pool.query<{ id: number }>(
    "SELECT id FROM tickets WHERE company_id = 1 AND whatsapp_id = $1 ORDER BY id DESC LIMIT 1",
    [world.stack.whatsappId],
  );
  cloudTicketId = cloud.rows[0]!.id;
  expect(await acceptAsAdmin(world.stack.core.url, cloudTicketId, queueId)).toBe(200);
});

async function openTicket(page: Page, name: string) {
  const item = page.getByTestId("ticket-item").filter({ hasText: name });
  await item.waitFor();
  await item.click();
  await page.getByTestId("message-input").waitFor();
}

/** Opens the composer's actions menu from the keyboard; answers the entries' test ids. */
async function openMenuByKeyboard(page: Page): Promise<string[]> {
  await page.getByTestId("composer-actions").focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await menu.waitFor();
  return menu.getByRole("menuitem").evaluateAll((items) => items.map((i) => i.getAttribute("data-testid") ?? ""));
}

/**
 * From the open menu, the poll entry (third) by arrows; the question typed, options by Tab, a third one added, and
 * how many answers each contact may pick chosen by arrows when more than one.
 */
async function sendPollByKeyboard(page: Page, question: string, options: [string, string, string], selectable = 1) {
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("send-poll-dialog");
  await dialog.waitFor();
  await page.keyboard.type(question);
  await page.keyboard.press("Tab");
  await page.keyboard.type(options[0]);
  await page.keyboard.press("Tab");
  await page.keyboard.type(options[1]);
  // The remove buttons are disabled at two options: the next stop is 'Adicionar opção', whose new option takes focus.
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await page.keyboard.type(options[2]);
  if (selectable > 1) {
    await dialog.getByTestId("send-poll-selectable").focus();
    // The list opens on the current choice (1); each arrow goes one further.
    await page.keyboard.press("ArrowDown");
    for (let n = 1; n < selectable; n++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await dialog
      .getByTestId("send-poll-preview")
      .filter({ hasText: `Até ${selectable} respostas por pessoa` })
      .waitFor();
    await dialog.getByTestId("send-poll-option").nth(2).focus();
  }
  await dialog.getByTestId("send-poll-preview").filter({ hasText: options[2] }).waitFor();
  await page.keyboard.press("Enter");
  await dialog.waitFor({ state: "detached" });
}

describe("composer poll", () => {
  it("sends a poll on a WhatsApp (QR code) ticket online and offline, each once, with core's secret", async () => {
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(page, world.stack.core.url);

    // The Cloud API ticket has no poll entry.
    await openTicket(page, "Pedro Cloud");
    expect(await openMenuByKeyboard(page)).not.toContain("action-send-poll");
    await page.keyboard.press("Escape");

    await openTicket(page, "Maria Baileys");
    expect(await openMenuByKeyboard(page)).toEqual(["action-send-contact", "action-interactive", "action-send-poll"]);
    // The empty form is refused with core's messages, and nothing is written.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const dialog = page.getByTestId("send-poll-dialog");
    await dialog.waitFor();
    await page.keyboard.press("Enter");
    await until("the empty fields to be marked", async () => (await dialog.getByText("Required").count()) >= 3);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // Online.
    await openMenuByKeyboard(page);
    await sendPollByKeyboard(page, "Qual sabor?", ["Uva", "Limão", "Morango"]);
    const bubble = page.getByTestId("message-bubble").filter({ hasText: "Qual sabor?" });
    await bubble.getByTestId("message-poll").waitFor();
    await until("the poll at the socket", () => sentPolls().length === 1);
    const [stored] = (
      await world.stack.core.db.pool.query(
        "SELECT id, data_json FROM messages WHERE ticket_id = $1 AND media_type = 'pollCreationMessageV3' AND from_me",
        [qrTicketId],
      )
    ).rows;
    expect(sentPolls()[0]).toEqual({
      jid: `${CUSTOMER}@s.whatsapp.net`,
      content: {
        poll: {
          name: "Qual sabor?",
          values: ["Uva", "Limão", "Morango"],
          selectableCount: 1,
          messageSecret: Buffer.from(stored.data_json.pollSecret, "base64"),
        },
      },
    });
    await until("the tick", async () => Number(await bubble.getAttribute("data-ack")) >= 1);
    // The conversation draws it as a poll, its options listed.
    expect(await bubble.getByTestId("message-poll").textContent()).toContain("Morango");
    // The customer votes: the vote, encrypted with core's secret, is opened and counted on the poll in view.
    const pollId = sentPollId(0);
    const voter = `${CUSTOMER}@s.whatsapp.net`;
    const vote: WAMessage = {
      key: { remoteJid: voter, fromMe: false, id: "3EB0POLLE2EVOTE" },
      message: {
        pollUpdateMessage: {
          pollCreationMessageKey: { remoteJid: voter, fromMe: true, id: pollId },
          vote: encryptVote({
            secret: Buffer.from(stored.data_json.pollSecret, "base64"),
            pollId,
            creator: "5511999990000@s.whatsapp.net",
            voter,
            options: ["Limão"],
          }),
          senderTimestampMs: Date.now(),
        },
      },
      messageTimestamp: Math.floor(Date.now() / 1000),
      pushName: "Maria Baileys",
    };
    socket().emit("messages.upsert", { messages: [vote], type: "notify" });
    await bubble.getByTestId("message-poll").locator("li", { hasText: "Limão" }).getByText("1 voto").waitFor();
    expect(await bubble.getByTestId("message-poll").locator("li", { hasText: "Uva" }).textContent()).toMatch(
      /· 0 votos$/,
    );

    // Offline: written on the device, waiting in the outbox.
    await serviceWorkerInControl(page);
    await until(
      "the online send to leave the outbox",
      async () => (await page.getByTestId("outbox-count").getAttribute("data-count")) === "0",
    );
    await context.setOffline(true);
    await openMenuByKeyboard(page);
    await sendPollByKeyboard(page, "Melhor dia?", ["Segunda", "Terça", "Quarta"], 2);
    const offline = page.getByTestId("message-bubble").filter({ hasText: "Melhor dia?" });
    await offline.getByTestId("message-poll").waitFor();
    expect(await offline.getAttribute("data-ack")).toBe("0");
    expect(await page.getByTestId("outbox-count").getAttribute("data-count")).toBe("1");
    expect(sentPolls()).toHaveLength(1);

    await context.setOffline(false);
    await until("the offline poll at the socket", () => sentPolls().length === 2);
    await until("its tick", async () => Number(await offline.getAttribute("data-ack")) >= 1);
    await world.stack.worker.drained();
    expect(sentPolls()).toHaveLength(2);
    expect(sentPolls()[1]!.content).toMatchObject({
      poll: { name: "Melhor dia?", values: ["Segunda", "Terça", "Quarta"], selectableCount: 2 },
    });
    const { rows } = await world.stack.core.db.pool.query(
      `SELECT body, data_json->'pollCreationMessageV3'->>'selectableOptionsCount' AS selectable
       FROM messages WHERE ticket_id = $1 AND from_me AND media_type = 'pollCreationMessageV3' ORDER BY created_at`,
      [qrTicketId],
    );
    expect(rows).toEqual([
      { body: "Qual sabor?\n- Uva\n- Limão\n- Morango", selectable: "1" },
      { body: "Melhor dia?\n- Segunda\n- Terça\n- Quarta", selectable: "2" },
    ]);
    await context.close();
  });
});
