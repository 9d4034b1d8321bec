// The conversation's messages in chromium against the whole stack: an image opened in its
// viewer, the audio rate remembered over a reload, the message menu's reply, edit, forward and
// delete reaching core (and an edit made offline going out once back online), and a message the
// channel refused sent again with 'Tentar novamente'.

import { recordChanges } from "@chatflow/core/kernel/change-log.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import { saveMedia } from "@chatflow/core/media/media-store.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { Locator, Page } from "playwright-core";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { toInbox, until } from "./support.ts";

const world = browserStackForFile();

// A 2x2 PNG: the viewer needs an image the browser can decode.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

let page: Page;
let ticket: { id: number; uuid: string; contactId: number };
let adminId: number;
let otherContactId: number;
let historyUuid: string;
const HISTORY = 50;

const q = (sql: string, args: unknown[] = []) => world.stack.core.db.pool.query(sql, args);
const bubble = (text: string) => page.getByTestId("message-bubble").filter({ hasText: text });
const row = (text: string) => page.locator(".message-row").filter({ hasText: text });

async function openMenu(text: string, action: string) {
  const r = row(text).last();
  await r.hover();
  await r.getByRole("button", { name: "Opções da mensagem" }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

async function send(text: string): Promise<Locator> {
  await page.getByTestId("message-input").fill(text);
  await page.getByTestId("message-send").click();
  const b = bubble(text).last();
  await b.waitFor();
  return b;
}

/** The message as core stored it (the composer may sign it: '*Admin:*' before the text). */
async function serverMessage(body: string) {
  const { rows } = await q(
    "SELECT id, body, ack, is_edited, is_deleted, is_forwarded, quoted_msg_id, ticket_id, send_state FROM messages WHERE body = $1 OR body LIKE '%' || $1 ORDER BY created_at DESC LIMIT 1",
    [body],
  );
  return rows[0];
}

forFile(async () => {
  const pool = world.stack.core.db.pool;
  expect(
    await world.stack.deliverInbound({ from: "5511933334444", name: "Carla", text: "Oi, tudo bem?", id: "wamid.m1" }),
  ).toBe(200);
  expect(await world.stack.deliverInbound({ from: "5511955556666", name: "Davi", text: "Olá", id: "wamid.m2" })).toBe(
    200,
  );
  const t = await until("the inbound ticket", async () => {
    const { rows } = await q(
      `SELECT t.id, t.uuid, t.contact_id AS "contactId" FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = '5511933334444'`,
    );
    return rows[0];
  });
  ticket = t;
  const other = await until(
    "the second contact",
    async () => (await q("SELECT id FROM contacts WHERE number = '5511955556666'")).rows[0],
  );
  otherContactId = other.id;
  adminId = (await q("SELECT id FROM users WHERE email = 'admin@chatflow.local'")).rows[0].id;
  const queue = await q("INSERT INTO queues (company_id, name, color) VALUES (1, 'Vendas', '#1e88e5') RETURNING id");
  // The admin attends the ticket; an image and a voice note arrived from the contact.
  const image = await saveMedia(world.stack.core.config.dataDir, 1, "foto.png", PNG);
  const audio = await saveMedia(world.stack.core.config.dataDir, 1, "voz.ogg", Buffer.from("OggS"));
  await transaction(pool, async (client) => {
    await client.query("UPDATE tickets SET status = 'open', user_id = $2, queue_id = $3 WHERE id = $1", [
      ticket.id,
      adminId,
      queue.rows[0].id,
    ]);
    for (const [mediaType, url, body] of [
      ["image", image.url, "Olha a foto"],
      ["audio", audio.url, ""],
    ] as const) {
      const id = uuidv7();
      await client.query(
        `INSERT INTO messages (id, company_id, ticket_id, contact_id, body, from_me, media_type, media_url, ack, created_at, updated_at)
         VALUES ($1, 1, $2, $3, $4, false, $5, $6, 0, now(), now())`,
        [id, ticket.id, ticket.contactId, body, mediaType, url],
      );
      await recordChanges(client, [{ companyId: 1, entity: "messages", id }]);
    }
    await recordChanges(client, [{ companyId: 1, entity: "tickets", id: ticket.id }]);
  });

  // A long conversation: the first pull brings only its newest page.
  expect(await world.stack.deliverInbound({ from: "5511977770000", name: "Eduardo", text: "Oi", id: "wamid.h" })).toBe(
    200,
  );
  const h = await until("the history ticket", async () => {
    const { rows } = await q(
      `SELECT t.id, t.uuid, t.contact_id AS "contactId" FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.number = '5511977770000'`,
    );
    return rows[0];
  });
  historyUuid = h.uuid;
  await q("UPDATE tickets SET status = 'open', user_id = $2 WHERE id = $1", [h.id, adminId]);
  await q("DELETE FROM messages WHERE ticket_id = $1", [h.id]);
  for (let i = 0; i < HISTORY; i++) {
    await q(
      `INSERT INTO messages (id, company_id, ticket_id, contact_id, body, from_me, media_type, ack, created_at, updated_at)
       VALUES ($1, 1, $2, $3, $4, false, 'chat', 0, now() - make_interval(mins => $5), now() - make_interval(mins => $5))`,
      [uuidv7(), h.id, h.contactId, `Histórico ${i}`, HISTORY - i],
    );
  }

  const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto(`${world.stack.core.url}/login`);
  await page.getByTestId("login-email").fill("admin@chatflow.local");
  await page.getByTestId("login-password").fill("chatflow");
  await page.getByTestId("login-submit").click();
  await toInbox(page);
  await page.goto(`${world.stack.core.url}/tickets/${ticket.uuid}`);
  await page.getByTestId("message-input").waitFor();
});

describe("messages", () => {
  it("loads older messages from core when scrolled to the top, keeping the place", async () => {
    await page.goto(`${world.stack.core.url}/tickets/${historyUuid}`);
    await bubble(`Histórico ${HISTORY - 1}`).waitFor();
    const list = page.getByTestId("message-list");
    const shown = await page.getByTestId("message-bubble").count();
    expect(shown).toBeLessThan(HISTORY);
    await until("the oldest message", async () => {
      if ((await bubble("Histórico 0").count()) > 0) return true;
      const oldest = page.getByTestId("message-bubble").first();
      const before = await oldest.textContent();
      await list.evaluate((el) => {
        el.scrollTop = 0;
      });
      // Once the older page is laid above, the message that was on top stays in view.
      await until(
        "an older page",
        async () => (await page.getByTestId("message-bubble").first().textContent()) !== before,
      );
      const box = await page
        .getByTestId("message-bubble")
        .filter({ hasText: before ?? "" })
        .first()
        .boundingBox();
      const frame = await list.boundingBox();
      expect(box && frame && box.y >= frame.y - 1 && box.y < frame.y + frame.height).toBe(true);
      return false;
    });
    expect(await page.getByTestId("message-bubble").count()).toBe(HISTORY);
    await page.goto(`${world.stack.core.url}/tickets/${ticket.uuid}`);
    await page.getByTestId("message-input").waitFor();
  });

  it("opens an image, fetched with the company's token, in a viewer that zooms and closes on Escape", async () => {
    const thumb = page.getByTestId("message-image");
    await thumb.waitFor();
    // The picture decoded: its bytes came through the authorised fetch.
    await until("the decoded image", () =>
      thumb.locator("img").evaluate((img: HTMLImageElement) => img.naturalWidth === 2),
    );
    await thumb.focus();
    await page.keyboard.press("Enter");
    const viewer = page.getByTestId("image-viewer");
    await viewer.waitFor();
    await viewer.getByRole("button", { name: "Aumentar zoom" }).click();
    expect(await viewer.getByTestId("image-zoom").textContent()).toBe("150%");
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });
  });

  it("remembers the audio playback rate across a reload", async () => {
    const rate = page.getByTestId("audio-rate");
    await rate.waitFor();
    expect(await rate.textContent()).toBe("1x");
    await rate.click();
    await rate.click();
    expect(await rate.textContent()).toBe("2x");
    await page.reload();
    await page.getByTestId("audio-rate").waitFor();
    expect(await page.getByTestId("audio-rate").textContent()).toBe("2x");
    await until("the audio element at 2x", () =>
      page.getByTestId("message-audio").evaluate((a: HTMLAudioElement) => a.playbackRate === 2),
    );
  });

  it("replies quoting, edits, forwards and deletes through the menu, each reaching core", async () => {
    // Reply (quote) to the contact's message.
    await openMenu("Oi, tudo bem?", "Responder");
    await page.getByTestId("composer-quote").waitFor();
    const reply = await send("Tudo ótimo, e você?");
    await reply.getByTestId("message-quote").waitFor();
    const original = await serverMessage("Oi, tudo bem?");
    await until(
      "the quoted reply at core",
      async () => (await serverMessage("Tudo ótimo, e você?"))?.quoted_msg_id === original.id,
    );
    // Pressing the quote goes to the quoted message.
    await reply.getByTestId("message-quote").click();
    await until("focus on the quoted message", () =>
      page.evaluate((id) => document.activeElement?.getAttribute("data-message-id") === id, original.id),
    );

    // Edit the own reply.
    await until("the reply sent", async () => Number((await serverMessage("Tudo ótimo, e você?"))?.ack) >= 1);
    await openMenu("Tudo ótimo, e você?", "Editar");
    await page.getByTestId("edit-message-dialog").waitFor();
    await page.getByTestId("edit-message-body").fill("Tudo ótimo! E você?");
    await page.getByTestId("edit-message-save").click();
    await bubble("Tudo ótimo! E você?").getByTestId("message-edited").waitFor();
    await until("the edit at core", async () => (await serverMessage("Tudo ótimo! E você?"))?.is_edited === true);

    // Forward it to Davi.
    await openMenu("Tudo ótimo! E você?", "Encaminhar");
    const dialog = page.getByTestId("forward-message-dialog");
    await dialog.waitFor();
    await page.getByTestId("forward-message-contact").fill("Dav");
    await page.getByRole("option", { name: /Davi/ }).click();
    await dialog.getByTestId("forward-message-chosen").waitFor();
    await page.getByTestId("forward-message-submit").click();
    await dialog.waitFor({ state: "detached" });
    await until("the forwarded copy at core", async () => {
      const { rows } = await q(
        `SELECT m.is_forwarded FROM messages m JOIN tickets t ON t.id = m.ticket_id
         WHERE t.contact_id = $1 AND m.body LIKE '%Tudo ótimo! E você?'`,
        [otherContactId],
      );
      return rows[0]?.is_forwarded === true;
    });

    // Delete it, after the spec's confirmation.
    await openMenu("Tudo ótimo! E você?", "Deletar");
    await page.getByTestId("delete-message-dialog").waitFor();
    // The Cloud API cannot delete a sent message: the agent is told before, and the bubble says so after (0093).
    await page.getByTestId("delete-local-only").waitFor();
    await page.getByRole("button", { name: "Apagar" }).click();
    await page
      .getByTestId("message-deleted")
      .filter({ hasText: "Apagada só no Chat-flow: o cliente ainda vê a mensagem" })
      .waitFor();
    await until("the deletion at core", async () => {
      const { rows } = await q(
        "SELECT is_deleted FROM messages WHERE ticket_id = $1 AND body LIKE '%Tudo ótimo! E você?'",
        [ticket.id],
      );
      return rows[0]?.is_deleted === true;
    });
  });

  it("edits offline at once and the edit reaches core when the network is back", async () => {
    await send("Mensagem com erro de digitacao");
    await until("it was sent", async () => Number((await serverMessage("Mensagem com erro de digitacao"))?.ack) >= 1);
    await page.context().setOffline(true);
    await openMenu("Mensagem com erro de digitacao", "Editar");
    await page.getByTestId("edit-message-body").fill("Mensagem com erro de digitação");
    await page.getByTestId("edit-message-save").click();
    await bubble("Mensagem com erro de digitação").getByTestId("message-edited").waitFor();
    expect(await page.getByTestId("outbox-count").getAttribute("data-count")).toBe("1");
    expect((await serverMessage("Mensagem com erro de digitacao"))?.is_edited).toBe(false);
    await page.context().setOffline(false);
    await until(
      "the edit at core",
      async () => (await serverMessage("Mensagem com erro de digitação"))?.is_edited === true,
    );
  });

  it("shows a message the channel refused as failed, and 'Tentar novamente' sends it once", async () => {
    // A refusal whose retry can work (Graph's "Invalid parameter", judged unknown: decision 0100). An undeliverable
    // number (131026) offers no retry: meta-conformance.test.ts shows that one.
    world.stack.graph.reply = () => ({
      status: 400,
      body: { error: { message: "(#100) Invalid parameter", type: "OAuthException", code: 100 } },
    });
    const failed = await send("Vai falhar na primeira");
    await until("the failure", async () => (await failed.getAttribute("data-ack")) === "-1");
    // Meta's own reason, with its code, under the bubble.
    await failed.getByTestId("message-failure-reason").getByText("#100", { exact: false }).waitFor();
    world.stack.graph.reply = null;
    const before = world.stack.graph.requests.filter((r) =>
      r.body.text?.body?.endsWith("Vai falhar na primeira"),
    ).length;
    await failed.getByTestId("message-retry").click();
    await until("the tick after the retry", async () => Number(await failed.getAttribute("data-ack")) >= 1);
    expect(await failed.getByTestId("message-retry").count()).toBe(0);
    const sends = world.stack.graph.requests.filter((r) =>
      r.body.text?.body?.endsWith("Vai falhar na primeira"),
    ).length;
    expect(sends).toBe(before + 1);
    expect((await serverMessage("Vai falhar na primeira"))?.send_state).toBe("sent");
  });
});
