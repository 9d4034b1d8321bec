// Meta's own published webhook examples (core/src/meta/fixtures, README.md names each one's source), posted signed to
// the running stack as Meta posts them, and what the agent then sees in the conversation in chromium (issue 22):
// replies with their quote, reactions on their message and gone when withdrawn, the ad's card, the channel notice,
// unsupported messages with their raw type, the failed delivery with Meta's reason (never hidden by a late `sent`),
// Messenger's ids with `$`, its plugins' guests known by a user_ref, Instagram's story link and unsend, a send Meta
// refuses at once told as a failed status; and that redelivering every example adds nothing.
import http from "node:http";
import AxeBuilder from "@axe-core/playwright";
import { recordChanges } from "@chatflow/core/kernel/change-log.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import {
  META_IDS,
  type MetaChannel,
  metaFixtureNames,
  postMetaFixture,
} from "@chatflow/core/meta/fixtures/meta-fixtures.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import { closeServer, listenOnLoopback } from "@chatflow/core/testing/loopback-server.ts";
import type { Page } from "playwright-core";
import { v7 as uuidv7 } from "uuid";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { LOOK_SIZES, toInbox, until } from "./support.ts";

const SECRET = "e2e-meta-secret";
/** How long a poll waits for the replica to catch up (the machine may be busy). */
const POLL = { timeout: 15_000 };
const world = browserStackForFile({ core: () => ({ facebookAppSecret: SECRET, facebookVerifyToken: "e2e-verify" }) });
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

/** Where Messenger's and Instagram's attachment URLs point: a loopback server with a PNG. */
const files = forFile(
  async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "image/png", "content-length": PNG.length }).end(PNG);
    });
    const url = await listenOnLoopback(server);
    return { url, close: () => closeServer(server) };
  },
  { stop: (f) => f.close() },
);

let page: Page;
const q = (sql: string, args: unknown[] = []) => world.stack.core.db.pool.query(sql, args);
const post = async (channel: MetaChannel, name: string) =>
  expect(await postMetaFixture(world.stack.core.url, channel, name, SECRET, (k) => `${files.url}/${k}.png`), name).toBe(
    200,
  );
const bubble = (text: string) => page.getByTestId("message-bubble").filter({ hasText: text });
const connections: Record<MetaChannel, number> = { "whatsapp-cloud": 0, messenger: 0, instagram: 0 };
let adminId = 0;

/** Our sent message in the contact's ticket, which the customer's reply, reaction and receipts name. */
async function ourMessage(channel: MetaChannel, contact: string, remoteId: string, body: string) {
  await transaction(world.stack.core.db.pool, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, body, from_me, ack, send_state,
         remote_id, user_id, created_at, updated_at)
       SELECT $6, 1, t.id, t.contact_id, t.whatsapp_id, $3, true, 1, 'sent', $4, $5,
         '2024-12-07T11:00:00Z', '2024-12-07T11:00:00Z'
       FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE t.whatsapp_id = $1 AND c.number = $2
       RETURNING id`,
      [connections[channel], contact, body, remoteId, adminId, uuidv7()],
    );
    // The change log tells the agent's replica, as a send would.
    await recordChanges(client, [{ companyId: 1, entity: "messages", id: rows[0]!.id }]);
  });
  await bubble(body).first().waitFor();
}

/** The conversation's bubble count once it stops changing (the replica fills the conversation in pages). */
async function settledBubbles(): Promise<number> {
  let last = -1;
  for (let same = 0; same < 3; ) {
    await page.waitForTimeout(400);
    const now = await page.getByTestId("message-bubble").count();
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return last;
}

/** Opens the contact's ticket in the agent's conversation. */
async function openTicket(channel: MetaChannel, contact: string) {
  const t = await until(`the ${channel} ticket`, async () => {
    const { rows } = await q(
      `SELECT t.id, t.uuid FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE t.whatsapp_id = $1 AND c.number = $2`,
      [connections[channel], contact],
    );
    return rows[0] as { id: number; uuid: string } | undefined;
  });
  await q("UPDATE tickets SET status = 'open', user_id = $2 WHERE id = $1", [t.id, adminId]);
  await page.goto(`${world.stack.core.url}/tickets/${t.uuid}`);
  await page
    .getByTestId("message-input")
    .waitFor()
    .catch(async (err) => {
      if (process.env.SCREENSHOT_DIR)
        await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/meta-${channel}-stuck.png` });
      throw err;
    });
  return t;
}

forFile(async () => {
  adminId = (await q("SELECT id FROM users WHERE email = 'admin@chatflow.local'")).rows[0].id;
  const cloud = await q(
    `INSERT INTO whatsapps (company_id, name, channel, status, is_default, phone_number_id, access_token, app_secret)
     VALUES (1, 'Cloud Meta', 'whatsappapi', 'CONNECTED', false, $1, 'e2e-access-token', $2) RETURNING id`,
    [META_IDS.phoneNumberId, SECRET],
  );
  connections["whatsapp-cloud"] = cloud.rows[0].id;
  for (const [channel, account] of [
    ["messenger", META_IDS.pageId],
    ["instagram", META_IDS.instagramId],
  ] as const) {
    const { rows } = await q(
      `INSERT INTO whatsapps (company_id, name, channel, status, page_id, account_id, access_token)
       VALUES (1, $1, $2, 'CONNECTED', $3, $4, 'page-token') RETURNING id`,
      [channel, channel === "messenger" ? "facebook" : "instagram", META_IDS.pageId, account],
    );
    connections[channel] = rows[0].id;
  }
  // The Cloud API's media, served by the Graph API stand-in under the ids Meta's examples carry.
  for (const id of [
    "1037543291543636",
    "1037543291543637",
    "1037543291543638",
    "1037543291543639",
    "1037543291543640",
  ]) {
    world.stack.graph.media.set(id, { bytes: PNG, mime: "image/png" });
  }
  const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto(`${world.stack.core.url}/login`);
  await page.getByTestId("login-email").fill("admin@chatflow.local");
  await page.getByTestId("login-password").fill("chatflow");
  await page.getByTestId("login-submit").click();
  await toInbox(page);
});

describe("Meta's examples in the agent's conversation", () => {
  it("WhatsApp Cloud API: quotes, reactions, the ad's card, notices, unsupported types, orders, media", async () => {
    await post("whatsapp-cloud", "text");
    await openTicket("whatsapp-cloud", META_IDS.waId);
    await ourMessage("whatsapp-cloud", META_IDS.waId, META_IDS.ourWamid, "Posso ajudar?");
    await post("whatsapp-cloud", "reply-with-context");
    const reply = bubble("Yes, this one");
    await expect.poll(() => reply.getByTestId("message-quote").textContent(), POLL).toContain("Posso ajudar?");
    // A reaction lands on our message; its withdrawal takes it off.
    await post("whatsapp-cloud", "reaction");
    const ours = bubble("Posso ajudar?").first();
    await expect.poll(() => ours.getByTestId("message-reactions").textContent(), POLL).toBe("😀");
    await post("whatsapp-cloud", "reaction-removed");
    await expect.poll(() => ours.getByTestId("message-reactions").count(), POLL).toBe(0);
    for (const name of metaFixtureNames("whatsapp-cloud").filter((n) => !n.startsWith("status-"))) {
      await post("whatsapp-cloud", name);
    }
    const ad = bubble("Can I get more info about this?");
    await expect.poll(() => ad.getByTestId("message-referral").textContent(), POLL).toContain("Summer sale");
    expect(await ad.getByTestId("message-referral").textContent()).toContain("Veio de um anúncio");
    const notice = page.getByRole("note").filter({ hasText: "changed their phone number" });
    await notice.waitFor();
    for (const raw of ["unknown", "unsupported", "poll_update"]) {
      await page.locator(`[data-testid="message-unsupported"][data-raw-type="${raw}"]`).waitFor();
    }
    expect(await page.getByTestId("message-order").textContent()).toContain("2 × sku-123 (49.9 BRL)");
    expect(await bubble("button-text").count()).toBe(1);
    expect(await bubble("list_reply_title").count()).toBe(1);
    expect(await bubble("No").getByTestId("message-quote").count()).toBe(1);
    for (const type of ["image", "audio", "video", "application", "locationMessage", "contactMessage"]) {
      expect(
        await page.locator(`[data-testid="message-bubble"][data-media-type="${type}"]`).count(),
        type,
      ).toBeGreaterThan(0);
    }
  });

  it("WhatsApp Cloud API: a failed delivery shows Meta's reason and what to do, and a late `sent` does not hide it", async () => {
    await openTicket("whatsapp-cloud", META_IDS.waId);
    const ours = bubble("Posso ajudar?").first();
    await post("whatsapp-cloud", "status-delivered");
    await expect.poll(() => ours.getAttribute("data-ack"), POLL).toBe("2");
    await post("whatsapp-cloud", "status-failed");
    await expect.poll(() => ours.getAttribute("data-ack"), POLL).toBe("-1");
    const reason = ours.getByTestId("message-failure-reason");
    expect(await reason.textContent()).toContain("Envie um modelo (template)");
    expect(await reason.textContent()).toContain("#131047 · Re-engagement message");
    // Outside the window a retry cannot work: none is offered.
    expect(await ours.getByTestId("message-retry").count()).toBe(0);
    await post("whatsapp-cloud", "status-sent");
    await post("whatsapp-cloud", "status-read");
    await page.waitForTimeout(500);
    expect(await ours.getAttribute("data-ack")).toBe("-1");
    // A rate limit passes: the reason says wait, and the retry is there.
    await post("whatsapp-cloud", "status-failed-rate-limit");
    await expect
      .poll(() => ours.getByTestId("message-failure-reason").getAttribute("data-kind"), POLL)
      .toBe("rate-limit");
    expect(await ours.getByTestId("message-retry").count()).toBe(1);
  });

  it("WhatsApp Cloud API: a send Meta refuses at once shows its reason as a failed status does, with no retry where none can work", async () => {
    const t = await openTicket("whatsapp-cloud", META_IDS.waId);
    // The customer wrote a moment ago (Meta's examples are dated 2024): the 24-hour window is open for a reply.
    await transaction(world.stack.core.db.pool, async (client) => {
      const { rows } = await client.query<{ id: string }>(
        "UPDATE messages SET created_at = now(), updated_at = now() WHERE ticket_id = $1 AND NOT from_me RETURNING id",
        [t.id],
      );
      await recordChanges(
        client,
        rows.map((r) => ({ companyId: 1, entity: "messages" as const, id: r.id })),
      );
    });
    await expect.poll(() => page.getByTestId("window-closed").count(), POLL).toBe(0);
    // Meta's error response as the Cloud API's error codes page shows it, for the number that cannot receive it.
    world.stack.graph.reply = (req) =>
      req.body.text?.body?.includes("Chegou o pedido?")
        ? {
            status: 400,
            body: {
              error: {
                message: "(#131026) Message Undeliverable.",
                type: "OAuthException",
                code: 131026,
                error_data: { messaging_product: "whatsapp", details: "Message Undeliverable." },
                fbtrace_id: "Az8or2yhqkZfEZ-_4Qn_Bam",
              },
            },
          }
        : undefined;
    try {
      await page.getByTestId("message-input").fill("Chegou o pedido?");
      await page.getByTestId("message-send").click();
      const refused = bubble("Chegou o pedido?").first();
      await expect.poll(() => refused.getAttribute("data-ack"), POLL).toBe("-1");
      const reason = refused.getByTestId("message-failure-reason");
      expect(await reason.getAttribute("data-kind")).toBe("undeliverable");
      expect(await reason.textContent()).toContain("Confirme o número com o cliente");
      expect(await reason.textContent()).toContain("#131026");
      // An undeliverable number will not take it on a second try: none is offered.
      expect(await refused.getByTestId("message-retry").count()).toBe(0);
    } finally {
      world.stack.graph.reply = null;
    }
  });

  it("Messenger: Meta's mid.$ ids, the quote, reactions, postbacks, the page's echo, the referral card, the read mark", async () => {
    await post("messenger", "text-quick-reply");
    await openTicket("messenger", META_IDS.psid);
    await ourMessage("messenger", META_IDS.psid, META_IDS.ourMid, "Como posso ajudar?");
    for (const name of [
      "reply",
      "reaction",
      "attachment-image",
      "attachment-file",
      "postback",
      "echo",
      "referral-ad",
    ]) {
      await post("messenger", name);
    }
    const ours = bubble("Como posso ajudar?").first();
    await expect.poll(() => ours.getByTestId("message-reactions").textContent(), POLL).toBe("❤️");
    expect(await bubble("hello, world!").getByTestId("message-quote").first().textContent()).toContain(
      "Como posso ajudar?",
    );
    await bubble("Talk to a person").waitFor();
    await page
      .locator('.message-row.from-me [data-testid="message-bubble"]', { hasText: "Sent from the Page inbox" })
      .waitFor();
    expect(await page.getByTestId("message-referral").textContent()).toContain("Summer sale");
    await page.locator('[data-testid="message-bubble"][data-media-type="image"]').waitFor();
    await page.locator('[data-testid="message-bubble"][data-media-type="application"]').waitFor();
    await post("messenger", "reaction-unreact");
    await expect.poll(() => ours.getByTestId("message-reactions").count(), POLL).toBe(0);
    await post("messenger", "read");
    await expect.poll(() => ours.getAttribute("data-ack"), POLL).toBe("3");
  });

  it("Messenger: a website plugin's guest (user_ref) and a checkbox plugin's opt-in are kept and shown", async () => {
    await post("messenger", "user-ref-message");
    await openTicket("messenger", "user_ref:f3b2c1d0-guest-7a8e");
    await post("messenger", "user-ref-postback");
    await bubble("hello, world!").first().waitFor();
    // The chat plugin's Get Started carries how the guest came: the referral card above it.
    const started = bubble("Get Started").first();
    await expect.poll(() => started.getByTestId("message-referral").textContent(), POLL).toContain("pricing-page");
    await post("messenger", "optin-checkbox");
    await openTicket("messenger", "user_ref:checkout-5f1c2a9e7b3d");
    await page
      .getByRole("note")
      .filter({ hasText: "Aceitou receber mensagens pelo plugin do Messenger no site (checkout-page)" })
      .waitFor();
  });

  it("Instagram: the story a message answers or mentions, reactions, unsend and the account's echo", async () => {
    await post("instagram", "text");
    await openTicket("instagram", META_IDS.igsid);
    await ourMessage("instagram", META_IDS.igsid, META_IDS.ourIgMid, "Entregamos em todo o Brasil");
    for (const name of ["story-reply", "story-mention", "reaction", "echo"]) await post("instagram", name);
    expect(await bubble("Que lindo!").getByTestId("message-story").textContent()).toContain("Respondeu ao seu story");
    await page.locator('[data-testid="message-story"][data-story="mention"]').waitFor();
    const ours = bubble("Entregamos em todo o Brasil").first();
    await expect.poll(() => ours.getByTestId("message-reactions").textContent(), POLL).toBe("❤️");
    await page.locator(".message-row.from-me", { hasText: "Entregamos sim!" }).waitFor();
    await post("instagram", "unsend");
    await expect.poll(() => bubble("Oi! Vocês entregam em Recife?").count(), POLL).toBe(0);
    await page.getByTestId("message-deleted").first().waitFor();
  });

  it("reads well at 360x740, 390x844 and 1366x800 in both themes: no serious axe violation, nothing past the right edge", async () => {
    const found: string[] = [];
    for (const [channel, contact] of [
      ["whatsapp-cloud", META_IDS.waId],
      ["messenger", META_IDS.psid],
      ["instagram", META_IDS.igsid],
    ] as const) {
      for (const { width, height } of LOOK_SIZES) {
        await page.setViewportSize({ width, height });
        await openTicket(channel, contact);
        await page.getByTestId("message-bubble").first().waitFor();
        // The failed delivery, with its reason, in view (it is the oldest message of the WhatsApp conversation).
        const reason = page.getByTestId("message-failure-reason");
        if ((await reason.count()) > 0) await reason.first().scrollIntoViewIfNeeded();
        for (const theme of ["light", "dark"] as const) {
          await page.evaluate((t) => {
            document.documentElement.dataset.theme = t;
            document.documentElement.style.colorScheme = t;
          }, theme);
          const at = `${channel} ${width}x${height} ${theme}`;
          if (process.env.SCREENSHOT_DIR) {
            await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/meta-${channel}-${width}-${theme}.png` });
          }
          // The whole of axe in light; in dark what the theme decides (colours), as the screens suite does.
          const builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"], selectors: false });
          if (theme === "dark") builder.withRules(["color-contrast", "link-in-text-block"]);
          const axe = await builder.analyze();
          for (const v of axe.violations.filter((x) => x.impact === "serious" || x.impact === "critical")) {
            found.push(`${at}: ${v.id} ${v.nodes.map((n) => n.html.slice(0, 80)).join(", ")}`);
          }
          const wide = await page.evaluate(() => (document.scrollingElement ?? document.documentElement).scrollWidth);
          if (wide > width) found.push(`${at}: the page is ${wide} px wide`);
          const past = await page.evaluate(
            (w) =>
              [...document.querySelectorAll(".message-card, .message-system, .message-failure-reason, .message-story")]
                .filter((el) => el.getBoundingClientRect().right > w + 0.5)
                .map((el) => el.className),
            width,
          );
          for (const el of past) found.push(`${at}: ${el} past the right edge`);
        }
        await page.evaluate(() => {
          delete document.documentElement.dataset.theme;
          document.documentElement.style.colorScheme = "";
        });
      }
    }
    await page.setViewportSize({ width: 1366, height: 800 });
    expect(found).toEqual([]);
  }, 400_000);

  it("redelivering every example adds nothing the agent sees", async () => {
    const count = async () => (await q("SELECT count(*)::int AS n FROM messages")).rows[0].n as number;
    for (const channel of ["whatsapp-cloud", "messenger", "instagram"] as const) {
      for (const name of metaFixtureNames(channel)) await post(channel, name);
    }
    const stored = await count();
    await openTicket("messenger", META_IDS.psid);
    await bubble("Sent from the Page inbox").first().waitFor();
    const shown = await settledBubbles();
    expect(shown).toBeGreaterThan(5);
    for (const channel of ["whatsapp-cloud", "messenger", "instagram"] as const) {
      for (const name of metaFixtureNames(channel)) await post(channel, name);
    }
    expect(await count()).toBe(stored);
    expect(await settledBubbles()).toBe(shown);
  });
});
