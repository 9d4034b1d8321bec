// @vitest-environment jsdom
// The public account screens as a person uses them (spec 3 §2, §5, §8): signup checks the form with the spec's texts
// before sending, shows 'Error creating user...' for a refusal and core's own reason when signup is switched off;
// the password reset needs matching passwords and shows a refused code on its field.
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { getDefaultStore } from "jotai";
import { HttpResponse, http } from "msw";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "../i18n/i18n.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { toastsAtom } from "../ui/toasts.ts";
import { ForgotPasswordPage } from "./forgot-password-page.tsx";
import { SignupPage } from "./signup-page.tsx";

const network = mockNetworkForFile();
const origin = () => window.location.origin;
const t = (key: string) => i18n.t(key);
const toasts = () =>
  getDefaultStore()
    .get(toastsAtom)
    .map((toast) => toast.text);

beforeEach(async () => {
  await i18n.changeLanguage("pt-BR");
  getDefaultStore().set(toastsAtom, []);
});
afterEach(() => cleanup());

function at(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/forgetpsw" element={<ForgotPasswordPage />} />
        <Route path="/login" element={<p>login screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const PLAN = { id: 7, name: "Básico", users: 3, connections: 2, queues: 4, amount: 49.9, isPublic: true };

async function fillSignup(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByTestId("signup-company-name"), "Padaria Central");
  await user.type(screen.getByTestId("signup-name"), "Dona Maria");
  await user.type(screen.getByTestId("signup-email"), "maria@example.com");
  await user.type(screen.getByTestId("signup-password"), "Senha123");
  await user.type(screen.getByTestId("signup-phone"), "5511999990000");
}

describe("#signup page", () => {
  it("says what is wrong with the spec's texts and sends nothing", async () => {
    let sent = 0;
    network.use(
      http.get(`${origin()}/plans/list`, () => HttpResponse.json([PLAN])),
      http.post(`${origin()}/auth/signup`, () => {
        sent++;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    at("/signup");
    await user.type(screen.getByTestId("signup-name"), "M");
    await user.type(screen.getByTestId("signup-email"), "maria");
    await user.click(screen.getByTestId("signup-submit"));
    expect(await screen.findByText("Muito curto!")).toBeTruthy();
    expect(screen.getByText("E-mail inválido")).toBeTruthy();
    expect(screen.getAllByText("Obrigatório").length).toBeGreaterThan(0);
    expect(sent).toBe(0);
  });

  it("sends the form with the plan and the companyId of the link, then goes to /login with a toast", async () => {
    let body: Record<string, unknown> = {};
    let release = () => {};
    network.use(
      http.get(`${origin()}/plans/list`, () => HttpResponse.json([PLAN])),
      http.post(`${origin()}/auth/signup`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        await new Promise<void>((r) => {
          release = r;
        });
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    at("/signup?companyId=3");
    await fillSignup(user);
    await waitFor(() => expect(screen.getByTestId("signup-plan").textContent).toContain("Básico"));
    await user.click(screen.getByTestId("signup-submit"));
    await waitFor(() => expect(screen.getByTestId("signup-submit").textContent).toBe("Enviando..."));
    release();
    expect(await screen.findByText("login screen")).toBeTruthy();
    expect(body).toMatchObject({
      companyName: "Padaria Central",
      email: "maria@example.com",
      planId: 7,
      companyId: "3",
    });
    expect(toasts()).toContain(t("account.signupSuccess"));
  });

  it("shows the spec's failure text for a refusal, and core's reason when signup is switched off", async () => {
    let answer = { error: "ERR_INTERNAL", message: "boom" };
    network.use(
      http.get(`${origin()}/plans/list`, () => HttpResponse.json([PLAN])),
      http.post(`${origin()}/auth/signup`, () =>
        HttpResponse.json(answer, { status: answer.error === "ERR_INTERNAL" ? 500 : 403 }),
      ),
    );
    const user = userEvent.setup();
    at("/signup");
    await fillSignup(user);
    await waitFor(() => expect(screen.getByTestId("signup-plan").textContent).toContain("Básico"));
    await user.click(screen.getByTestId("signup-submit"));
    await waitFor(() => expect(toasts()).toContain("Erro ao criar usuário. Verifique os dados informados."));
    answer = { error: "ERR_USER_CREATION_DISABLED", message: "off" };
    await user.click(screen.getByTestId("signup-submit"));
    await waitFor(() => expect(toasts()).toContain(t("backendErrors.ERR_USER_CREATION_DISABLED")));
    expect(screen.queryByText("login screen")).toBeNull();
  });
});

describe("#forgetpsw page", () => {
  it("asks for the code after the e-mail, checks the confirmation, and shows a refused code on its field", async () => {
    const calls: string[] = [];
    network.use(
      http.post(`${origin()}/forgetpsw/:email`, ({ params }) => {
        calls.push(`forgetpsw ${params.email}`);
        return new HttpResponse(null, { status: 204 });
      }),
      http.post(`${origin()}/resetpasswords/:email/:token/:password`, ({ params }) => {
        calls.push(`reset ${params.token}`);
        return params.token === "123456"
          ? new HttpResponse(null, { status: 204 })
          : HttpResponse.json(
              { error: "ERR_VALIDATION", message: "x", fields: { token: "Código inválido ou expirado" } },
              { status: 400 },
            );
      }),
    );
    const user = userEvent.setup();
    at("/forgetpsw");
    await user.type(screen.getByTestId("forgot-email"), "maria");
    await user.click(screen.getByTestId("forgot-send"));
    expect(await screen.findByText("Invalid email")).toBeTruthy();
    await user.type(screen.getByTestId("forgot-email"), "@example.com");
    await user.click(screen.getByTestId("forgot-send"));
    await screen.findByTestId("forgot-code");
    expect(toasts()).toContain("Email enviado com sucesso");

    await user.type(screen.getByTestId("forgot-code"), "654321");
    await user.type(screen.getByTestId("forgot-password"), "Nova-senha1");
    await user.type(screen.getByTestId("forgot-confirmation"), "Nova-senha2");
    await user.click(screen.getByTestId("forgot-reset"));
    expect(await screen.findByText("As senhas não correspondem")).toBeTruthy();
    expect(calls).toEqual(["forgetpsw maria@example.com"]);

    await user.clear(screen.getByTestId("forgot-confirmation"));
    await user.type(screen.getByTestId("forgot-confirmation"), "Nova-senha1");
    await user.click(screen.getByTestId("forgot-reset"));
    expect(await screen.findByText("Código inválido ou expirado")).toBeTruthy();

    await user.clear(screen.getByTestId("forgot-code"));
    await user.type(screen.getByTestId("forgot-code"), "123456");
    await user.click(screen.getByTestId("forgot-reset"));
    expect(await screen.findByText("login screen")).toBeTruthy();
    expect(toasts()).toContain("Senha redefinida com sucesso");
    expect(calls).toEqual(["forgetpsw maria@example.com", "reset 654321", "reset 123456"]);
  });

  it("without a mail server says the code could not be sent and to ask the administrator, never that it was sent", async () => {
    network.use(
      http.post(`${origin()}/forgetpsw/:email`, () =>
        HttpResponse.json({ error: "ERR_MAIL_NOT_CONFIGURED", message: "No mail server is set up" }, { status: 503 }),
      ),
    );
    const user = userEvent.setup();
    at("/forgetpsw");
    await user.type(screen.getByTestId("forgot-email"), "maria@example.com");
    await user.click(screen.getByTestId("forgot-send"));
    const alert = await screen.findByTestId("forgot-mail-not-configured");
    expect(alert.getAttribute("role")).toBe("alert");
    expect(alert.textContent).toBe(
      "Não foi possível enviar o código: esta instalação não tem servidor de e-mail configurado. Peça ao administrador para redefinir a sua senha.",
    );
    expect(screen.queryByTestId("forgot-code")).toBeNull();
    expect(toasts()).not.toContain("Email enviado com sucesso");
  });
});
