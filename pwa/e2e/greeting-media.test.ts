// A connection's greeting media in its dialog (spec 2 §3 greetingMediaAttachment; issue 26, decision 0107), in
// chromium against the whole stack: attached, replaced and removed on a saved connection, stored in core's media
// store, shown on a phone and a desk without overflow or a serious axe violation.
import AxeBuilder from "@axe-core/playwright";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { LOOK_SIZES, signIn, until } from "./support.ts";

const world = browserStackForFile();
const w = forFile(async () => {
  const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await signIn(page, world.stack.core.url);
  return { page };
});

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);

async function pick(page: Page, name: string) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByTestId("connection-greeting-media-upload").click();
  await (await chooser).setFiles({ name, mimeType: "image/png", buffer: PNG });
}

const stored = async () =>
  (
    await world.stack.core.db.pool.query<{ path: string | null; name: string | null }>(
      "SELECT greeting_media_path AS path, greeting_media_name AS name FROM whatsapps WHERE id = $1",
      [world.stack.whatsappId],
    )
  ).rows[0]!;

describe("greeting media in the connection dialog", () => {
  it("an admin attaches, replaces and removes the greeting's file of a saved connection", {
    timeout: 90_000,
  }, async () => {
    const { page } = w;
    await page.goto(`${world.stack.core.url}/connections`);
    await page.getByTestId("connections-page").waitFor();
    await page.getByTestId("connection-edit").first().click();
    await page.getByTestId("connection-modal").waitFor();
    const shown = page.getByTestId("connection-greeting-media-name");
    expect(await shown.textContent()).toBe("Nenhum arquivo");

    await pick(page, "boas-vindas.png");
    await until("the file's name shown", async () => (await shown.textContent()) === "boas-vindas.png");
    expect(await stored()).toMatchObject({ name: "boas-vindas.png" });
    const first = (await stored()).path;

    await pick(page, "cardapio.png");
    await until("the new name shown", async () => (await shown.textContent()) === "cardapio.png");
    expect((await stored()).path).not.toBe(first);

    for (const { width, height } of LOOK_SIZES) {
      await page.setViewportSize({ width, height });
      await page.getByTestId("connection-greeting-media").scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/h26-greeting-media-${width}.png` });
      for (const id of ["connection-greeting-media-upload", "connection-greeting-media-remove"]) {
        const box = await page.getByTestId(id).boundingBox();
        expect(box!.x + box!.width, id).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const axe = await new AxeBuilder({ page }).include('[data-testid="connection-modal"]').analyze();
      expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual(
        [],
      );
    }

    await page.getByTestId("connection-greeting-media-remove").click();
    await until("no file shown", async () => (await shown.textContent()) === "Nenhum arquivo");
    expect(await stored()).toEqual({ path: null, name: null });
  });
});
