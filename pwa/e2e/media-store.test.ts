// Media still displays when core keeps it in an S3 bucket (issue 23, decision 0094): an image attached in the
// composer goes into the bucket (nothing in core's DATA_DIR), the conversation shows it decoded through the
// authorised fetch, the viewer opens it, and the channel worker sends the same bytes. The DATA_DIR folder is the
// store of every other e2e file (composer.test.ts, messages.test.ts).
import { readdir } from "node:fs/promises";
import path from "node:path";
import { readStoredBytes } from "@chatflow/core/media/file-store.ts";
import { mediaKeyOfUrl } from "@chatflow/core/media/media-store.ts";
import { mediaStore } from "@chatflow/core/media/store-registry.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import { s3ForFile } from "@chatflow/core/testing/test-s3.ts";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { acceptAsAdmin, signIn, until } from "./support.ts";

const s3 = s3ForFile();
const world = browserStackForFile({ core: () => ({ mediaStore: s3.first }) });

// A 2x2 PNG the browser can decode.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

let ticketId = 0;

forFile(async () => {
  const { pool } = world.stack.core.db;
  const queue = await pool.query<{ id: number }>(
    "INSERT INTO queues (company_id, name, color) VALUES (1, 'Suporte', '#1e88e5') RETURNING id",
  );
  expect(
    await world.stack.deliverInbound({ from: "5511987651111", name: "Paula Lima", text: "Oi", id: "wamid.ms.1" }),
  ).toBe(200);
  const { rows } = await pool.query<{ id: number }>("SELECT id FROM tickets ORDER BY id DESC LIMIT 1");
  ticketId = rows[0]!.id;
  expect(await acceptAsAdmin(world.stack.core.url, ticketId, queue.rows[0]!.id)).toBe(200);
});

describe("media in an S3 bucket", () => {
  it("shows an attached image from the bucket, opens it in the viewer, and the worker sends the same bytes", async () => {
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(page, world.stack.core.url);
    await page.goto(`${world.stack.core.url}/tickets`);
    const item = page.getByTestId("ticket-item").filter({ hasText: "Paula Lima" });
    await item.waitFor();
    await item.click();
    await page.getByTestId("message-input").waitFor();

    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("message-attach").click();
    await (await chooser).setFiles({ name: "boleto.png", mimeType: "image/png", buffer: PNG });
    await page.getByTestId("media-preview").waitFor();
    await page.getByTestId("media-caption").fill("Segue o boleto");
    await page.getByTestId("media-preview-send").click();

    const { pool } = world.stack.core.db;
    let mediaUrl = "";
    await until("the image stored", async () => {
      const { rows } = await pool.query<{ media_url: string }>(
        "SELECT media_url FROM messages WHERE ticket_id = $1 AND body = 'Segue o boleto'",
        [ticketId],
      );
      mediaUrl = rows[0]?.media_url ?? "";
      return Boolean(mediaUrl);
    });
    // In the bucket, byte for byte; nothing in core's own folder.
    const store = await mediaStore(world.stack.core.config.dataDir);
    expect(store.kind).toBe("s3");
    expect((await readStoredBytes(store, mediaKeyOfUrl(1, mediaUrl)!))!.equals(PNG)).toBe(true);
    expect(await readdir(path.join(world.stack.core.config.dataDir, "media")).catch(() => [])).toEqual([]);

    // The conversation shows it, decoded from the bytes the authorised fetch brought from the bucket.
    const thumb = page.getByTestId("message-image");
    await thumb.waitFor();
    await until("the decoded image", () =>
      thumb.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 2),
    );
    await thumb.click();
    const viewer = page.getByTestId("image-viewer");
    await viewer.waitFor();
    await page.keyboard.press("Escape");
    await viewer.waitFor({ state: "detached" });

    // The worker read the same file from the bucket and uploaded it to the Graph API.
    await until("the image sent", () => world.stack.graph.uploads.some((u) => Buffer.from(u.bytes).equals(PNG)));
    await context.close();
  });
});
