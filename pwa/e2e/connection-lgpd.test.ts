// The connection dialog's LGPD labels and external token (spec 2 §3 Connection 'Other labels in the connection form';
// issue 26, decision 0117), in chromium against the whole stack: the admin sets the connection's own LGPD link and
// message and its two switches on the messages tab, a link that is no web address is refused under the field, the
// external token is shown with a copy button and renewed on save; the tab and the token looked at on two phones and
// a desk, without overflow or a serious axe violation.
import { forFile } from "@chatflow/core/testing/for-file.ts";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { LOOK_SIZES, looked, signIn, until } from "./support.ts";

const world = browserStackForFile();
const w = forFile(async () => {
  const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await signIn(page, world.stack.core.url);
  return { page };
});

const stored = async () =>
  (
    await world.stack.core.db.pool.query<{
      token: string | null;
      lgpd_link: string | null;
      lgpd_message: string | null;
      lgpd_obfuscate_deleted: boolean;
      lgpd_always_confirm: boolean;
    }>(
      `SELECT token, lgpd_link, lgpd_message, lgpd_obfuscate_deleted, lgpd_always_confirm
       FROM whatsapps WHERE id = $1`,
      [world.stack.whatsappId],
    )
  ).rows[0]!;

describe("the connection dialog's LGPD labels and external token", () => {
  it("an admin sets the connection's LGPD texts and switches and renews its external token", {
    timeout: 120_000,
  }, async () => {
    const { page } = w;
    const before = await stored();
    const open = async () => {
      await page.goto(`${world.stack.core.url}/connections`);
      await page.getByTestId("connections-page").waitFor();
      await page.locator(`[data-testid="connection-edit"]`).first().click();
      await page.getByTestId("connection-modal").waitFor();
    };
    await open();
    // The stand's connection was made without a token: core makes one on its next save.
    expect(before.token).toBeNull();
    await page.getByTestId("connection-token-none").waitFor();

    await page.getByTestId("connection-tab-messages").click();
    await page.getByTestId("connection-lgpd").scrollIntoViewIfNeeded();
    await page.getByTestId("connection-lgpd-link").fill("loja.example/privacidade");
    await page.getByTestId("connection-lgpd-message").fill("Nesta loja usamos seus dados só no atendimento.");
    await page.getByTestId("connection-lgpd-obfuscate").click();
    await page.getByTestId("connection-lgpd-always-confirm").click();
    await page.getByTestId("connection-save").click();
    await until("the link refused under its field", async () =>
      ((await page.getByTestId("connection-lgpd").textContent()) ?? "").includes("http:// ou https://"),
    );
    expect((await stored()).lgpd_link).toBeNull();

    await page.getByTestId("connection-lgpd-link").fill("https://loja.example/privacidade");
    await page.getByTestId("connection-save").click();
    await until("the labels saved", async () => (await stored()).lgpd_always_confirm);
    const after = await stored();
    expect(after).toMatchObject({
      lgpd_link: "https://loja.example/privacidade",
      lgpd_message: "Nesta loja usamos seus dados só no atendimento.",
      lgpd_obfuscate_deleted: true,
      lgpd_always_confirm: true,
    });
    expect(after.token).toMatch(/^[A-Za-z0-9]{30}$/);

    // Opened again: the token shown; renewed on save, the old one replaced.
    await page.getByTestId("connection-modal").waitFor({ state: "detached" });
    await open();
    expect(await page.getByTestId("connection-token-value").textContent()).toBe(after.token);
    await page.getByTestId("connection-token-renew").click();
    await page.getByTestId("connection-token-renewing").waitFor();
    await page.getByTestId("connection-save").click();
    await until("a new token stored", async () => (await stored()).token !== after.token);
    const renewed = (await stored()).token;
    expect(renewed).toMatch(/^[A-Za-z0-9]{30}$/);
    await page.getByTestId("connection-modal").waitFor({ state: "detached" });
    await open();
    expect(await page.getByTestId("connection-token-value").textContent()).toBe(renewed);
    const problems: string[] = [];
    for (const { name, width, height } of LOOK_SIZES) {
      await page.setViewportSize({ width, height });
      await page.getByTestId("connection-tab-general").click();
      await page.getByTestId("connection-token").scrollIntoViewIfNeeded();
      problems.push(...(await looked(page, `connection-token-${name}`)));
      await page.getByTestId("connection-tab-messages").click();
      await page.getByTestId("connection-lgpd").scrollIntoViewIfNeeded();
      expect(await page.getByTestId("connection-lgpd-link").inputValue()).toBe("https://loja.example/privacidade");
      expect(await page.getByTestId("connection-lgpd-always-confirm").locator("input").isChecked()).toBe(true);
      problems.push(...(await looked(page, `connection-lgpd-${name}`)));
    }
    expect(problems).toEqual([]);
  });
});
