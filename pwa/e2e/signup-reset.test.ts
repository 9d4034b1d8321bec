// The public account screens in chromium (spec 3 §2 Signup and Password reset; decision 0078): a company signs up
// from the login screen's link and its admin logs in; a password is reset with the code read from the mail that
// core sent to an SMTP stand-in on loopback, and the new password logs in.
import { describe, expect, it } from "vitest";
import { resetCodeOf, startFakeSmtp } from "../../core/src/testing/fake-smtp.ts";
import { forFile } from "../../core/src/testing/for-file.ts";
import { buildPlan } from "../../core/src/testing/users-factories.ts";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { signIn } from "./support.ts";

const smtp = forFile(startFakeSmtp, { stop: (s) => s.close() });
const world = browserStackForFile({
  core: () => ({ mail: { smtpUrl: smtp.url, from: "Chat-flow <no-reply@chatflow.test>" } }),
});
const plan = forFile(() =>
  buildPlan(world.stack.core.db.pool, { name: "Plano E2E", users: 3, connections: 2, queues: 4, amount: 49.9 }),
);

async function newPage() {
  const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  return { context, page };
}

describe("public account screens", () => {
  it("signs a company up from the login screen, and its admin logs in", async () => {
    const { context, page } = await newPage();
    const base = world.stack.core.url;
    await page.goto(`${base}/login`);
    await page.getByTestId("login-signup-link").click();
    await page.waitForURL(/\/signup$/);
    // The form's own rules first: nothing is sent.
    await page.getByTestId("signup-name").fill("M");
    await page.getByTestId("signup-submit").click();
    await page.getByText("Muito curto!").waitFor();
    await page.getByText("Obrigatório").first().waitFor();

    const email = `dona-${Date.now()}@padaria-e2e.test`;
    await page.getByTestId("signup-company-name").fill("Padaria E2E");
    await page.getByTestId("signup-name").fill("Dona Maria");
    await page.getByTestId("signup-email").fill(email);
    await page.getByTestId("signup-password").fill("Padaria-2026");
    await page.getByTestId("signup-phone").fill("5511999990000");
    await page.getByTestId("signup-plan").click();
    await page.getByRole("option", { name: /Plano E2E/ }).click();
    await page.getByTestId("signup-submit").click();
    await page.waitForURL(/\/login$/);
    const { rows } = await world.stack.core.db.pool.query(
      "SELECT c.name, c.plan_id FROM users u JOIN companies c ON c.id = u.company_id WHERE u.email = $1",
      [email],
    );
    expect(rows).toEqual([{ name: "Padaria E2E", plan_id: plan.id }]);
    await signIn(page, base, { email, password: "Padaria-2026" });
    await context.close();
  });

  it("resets a password with the code from the e-mail, and the new password logs in", async () => {
    const base = world.stack.core.url;
    const email = `reset-${Date.now()}@padaria-e2e.test`;
    const made = await fetch(`${base}/auth/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        companyName: "Reset E2E",
        name: "Seu João",
        email,
        password: "Antiga-2026",
        phone: "5511988887777",
        planId: plan.id,
      }),
    });
    expect(made.status).toBe(201);

    const { context, page } = await newPage();
    await page.goto(`${base}/login`);
    await page.getByTestId("login-forgot-link").click();
    await page.waitForURL(/\/forgetpsw$/);
    await page.getByTestId("forgot-email").fill("not-an-email");
    await page.getByTestId("forgot-send").click();
    await page.getByText("Invalid email").waitFor();
    const before = smtp.mails.length;
    await page.getByTestId("forgot-email").fill(email);
    await page.getByTestId("forgot-send").click();
    await page.getByText("Email enviado com sucesso").waitFor();
    const code = resetCodeOf(await smtp.next(email, before));

    await page.getByTestId("forgot-code").fill(code);
    await page.getByTestId("forgot-password").fill("Nova-senha-2026");
    await page.getByTestId("forgot-confirmation").fill("Outra-senha-2026");
    await page.getByTestId("forgot-reset").click();
    await page.getByText("As senhas não correspondem").waitFor();
    await page.getByTestId("forgot-confirmation").fill("Nova-senha-2026");
    await page.getByTestId("forgot-reset").click();
    await page.waitForURL(/\/login$/);
    await page.getByText("Senha redefinida com sucesso").waitFor();
    await signIn(page, base, { email, password: "Nova-senha-2026" });
    await context.close();
  });
});
