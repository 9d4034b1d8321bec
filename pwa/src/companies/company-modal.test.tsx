// @vitest-environment jsdom
// The company modal (spec 3 §2, §4, §5): the spec's messages before anything is sent, "+ Due date" by the
// recurrence, clear, delete only in edit mode and after a confirmation, save after its 500 ms.
import "fake-indexeddb/auto";
import type { CompanyAdminDTO } from "@chatflow/core/contract/companies.ts";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { getDefaultStore } from "jotai";
import { HttpResponse, http } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "../i18n/i18n.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { toastsAtom } from "../ui/toasts.ts";
import { advancedForm, dueState, emptyCompanyForm, formatBytes } from "./company-form.ts";
import { CompanyModal } from "./company-modal.tsx";
import { CompanyUsersModal } from "./company-users-modal.tsx";

const network = mockNetworkForFile();
const origin = () => window.location.origin;

beforeEach(async () => {
  await i18n.changeLanguage("pt-BR");
});
afterEach(() => cleanup());

const fieldError = (testId: string) =>
  screen.getByTestId(testId).closest(".field")?.querySelector(".field-error")?.textContent ?? "";

const plans = [{ id: 3, name: "Ouro", amount: 99.9 }] as never[];
const company: CompanyAdminDTO = {
  id: 7,
  name: "Padaria",
  email: "dono@padaria.test",
  phone: null,
  status: true,
  document: null,
  paymentMethod: null,
  dueDate: "2026-01-31",
  recurrence: "MENSAL",
  planId: 3,
  plan: { id: 3, name: "Ouro", amount: 99.9, users: 10, connections: 2 },
  numberAttendants: 4,
  numberConections: 1,
  createdAt: "2025-01-01T10:00:00.000Z",
  lastLogin: null,
  folderSize: 0,
  numberFileFolder: 0,
  updatedAtFolder: null,
};

describe("#company modal", () => {
  it("says what is missing or wrong with the spec's messages and sends nothing", async () => {
    const user = userEvent.setup();
    render(<CompanyModal company={null} plans={plans} online onClose={() => {}} onChanged={() => {}} />);
    expect(screen.queryByTestId("company-delete")).toBeNull();
    await user.click(screen.getByTestId("company-save"));
    expect(fieldError("company-name")).toBe("Nome é obrigatório");
    expect(fieldError("company-email")).toBe("E-mail é obrigatório");
    await user.type(screen.getByTestId("company-email"), "não-é-email");
    await user.click(screen.getByTestId("company-save"));
    expect(fieldError("company-email")).toBe("Email é inválido");
    // The show toggle reveals the default password.
    const password = screen.getByTestId("company-password") as HTMLInputElement;
    expect(password.type).toBe("password");
    await user.click(screen.getByRole("button", { name: i18n.t("ui.showPassword") }));
    expect(password.type).toBe("text");
  });

  it("moves the due date by the recurrence, clears, and saves an edit after its delay", async () => {
    const user = userEvent.setup();
    let body: Record<string, unknown> | null = null;
    network.use(
      http.put(`${origin()}/companies/7`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...company, ...body });
      }),
    );
    let changed = 0;
    render(<CompanyModal company={company} plans={plans} online onClose={() => {}} onChanged={() => changed++} />);
    await user.click(screen.getByTestId("company-advance"));
    expect((screen.getByTestId("company-due-date") as HTMLInputElement).value).toBe("2026-02-28");
    await user.click(screen.getByTestId("company-save"));
    await waitFor(() => expect(changed).toBe(1), { timeout: 3000 });
    expect(body).toMatchObject({ name: "Padaria", planId: 3, dueDate: "2026-02-28", recurrence: "MENSAL" });
    expect(body).not.toHaveProperty("password");
  });

  it("creates a company and says what was created: the company and its admin's login", async () => {
    const user = userEvent.setup();
    let body: Record<string, unknown> | null = null;
    network.use(
      http.post(`${origin()}/companies`, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...company, id: 8, name: "Sorveteria", email: "admin@sorveteria.test" });
      }),
    );
    let changed = 0;
    render(<CompanyModal company={null} plans={plans} online onClose={() => {}} onChanged={() => changed++} />);
    await user.type(screen.getByTestId("company-name"), "Sorveteria");
    await user.type(screen.getByTestId("company-email"), "Admin@Sorveteria.test");
    await user.type(screen.getByTestId("company-password"), "Sorvete#2026x");
    await user.click(screen.getByTestId("company-plan"));
    await user.click(await screen.findByRole("option", { name: "Ouro" }));
    await user.click(screen.getByTestId("company-save"));
    await waitFor(() => expect(changed).toBe(1), { timeout: 3000 });
    expect(body).toMatchObject({ name: "Sorveteria", email: "Admin@Sorveteria.test", planId: 3 });
    const texts = () =>
      getDefaultStore()
        .get(toastsAtom)
        .map((t) => t.text);
    expect(texts()).toContain("Empresa Sorveteria criada; acesso do administrador: admin@sorveteria.test");
  });

  it("deletes only after the confirmation", async () => {
    const user = userEvent.setup();
    let deleted = false;
    network.use(
      http.delete(`${origin()}/companies/7`, () => {
        deleted = true;
        return HttpResponse.json({ message: "Company deleted" });
      }),
    );
    let closed = false;
    render(
      <CompanyModal company={company} plans={plans} online onClose={() => (closed = true)} onChanged={() => {}} />,
    );
    await user.click(screen.getByTestId("company-delete"));
    expect(deleted).toBe(false);
    await user.click(await screen.findByRole("button", { name: i18n.t("companiesPage.deleteConfirm.confirm") }));
    await waitFor(() => expect(closed).toBe(true));
    expect(deleted).toBe(true);
  });

  it("clears back to an empty form", async () => {
    const user = userEvent.setup();
    render(<CompanyModal company={company} plans={plans} online onClose={() => {}} onChanged={() => {}} />);
    await user.click(screen.getByTestId("company-clear"));
    expect((screen.getByTestId("company-name") as HTMLInputElement).value).toBe("");
    expect(screen.queryByTestId("company-delete")).toBeNull();
  });
});

describe("#company users dialog", () => {
  it("lists the company's users and adds one with profile and queues", async () => {
    const user = userEvent.setup();
    let users = [{ id: 1, name: "Padaria", email: "dono@padaria.test", profile: "admin", queues: [] }];
    let posted: Record<string, unknown> | null = null;
    network.use(
      http.get(`${origin()}/companies/7/users`, () =>
        HttpResponse.json({ users, queues: [{ id: 9, name: "Vendas", color: "#112233" }] }),
      ),
      http.post(`${origin()}/companies/7/users`, async ({ request }) => {
        posted = (await request.json()) as Record<string, unknown>;
        users = [...users, { id: 2, name: "Vera", email: "vera@padaria.test", profile: "user", queues: [] }];
        return HttpResponse.json(users[1], { status: 201 });
      }),
    );
    render(<CompanyUsersModal company={{ id: 7, name: "Padaria" }} online onClose={() => {}} />);
    await screen.findByText("Padaria");
    await user.click(screen.getByTestId("company-user-add"));
    expect(fieldError("company-user-name")).not.toBe("");
    expect(posted).toBeNull();
    await user.type(screen.getByTestId("company-user-name"), "Vera");
    await user.type(screen.getByTestId("company-user-email"), "vera@padaria.test");
    await user.type(screen.getByTestId("company-user-password"), "Vera-2026");
    await user.click(screen.getByTestId("company-user-add"));
    await screen.findByText("Vera");
    expect(posted).toMatchObject({ name: "Vera", email: "vera@padaria.test", profile: "user", queueIds: [] });
    expect(screen.getAllByTestId("company-user-row")).toHaveLength(2);
  });
});

describe("#company users dialog edit", () => {
  it("edits a user in the same form (an empty password keeps theirs) and deletes one after a confirmation", async () => {
    const user = userEvent.setup();
    let users = [
      { id: 1, name: "Padaria", email: "dono@padaria.test", profile: "admin", queues: [] },
      { id: 2, name: "Vera", email: "vera@padaria.test", profile: "user", queues: [] },
    ];
    let put: Record<string, unknown> | null = null;
    let deleted: string | null = null;
    network.use(
      http.get(`${origin()}/companies/7/users`, () =>
        HttpResponse.json({ users, queues: [{ id: 9, name: "Vendas", color: "#112233" }] }),
      ),
      http.put(`${origin()}/companies/7/users/2`, async ({ request }) => {
        put = (await request.json()) as Record<string, unknown>;
        users = [users[0]!, { ...users[1]!, name: String(put.name) }];
        return HttpResponse.json(users[1]);
      }),
      http.delete(`${origin()}/companies/7/users/:userId`, ({ params }) => {
        deleted = String(params.userId);
        users = users.filter((u) => String(u.id) !== deleted);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    render(<CompanyUsersModal company={{ id: 7, name: "Padaria" }} online onClose={() => {}} />);
    await screen.findByText("Vera");
    // The only admin has no delete button; the plain user has one.
    expect(screen.getAllByTestId("company-user-delete")).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Editar Vera" }));
    expect(screen.getByTestId("company-user-legend").textContent).toBe("Editando Vera");
    const name = screen.getByTestId("company-user-name") as HTMLInputElement;
    expect(name.value).toBe("Vera");
    await user.clear(name);
    await user.click(screen.getByTestId("company-user-add"));
    expect(fieldError("company-user-name")).not.toBe("");
    expect(put).toBeNull();
    await user.type(name, "Vera Lúcia");
    await user.click(screen.getByTestId("company-user-add"));
    await screen.findByText("Vera Lúcia");
    expect(put).toEqual({
      name: "Vera Lúcia",
      email: "vera@padaria.test",
      password: "",
      profile: "user",
      queueIds: [],
    });
    expect(screen.getByTestId("company-user-legend").textContent).toBe("Novo usuário");
    await user.click(screen.getByRole("button", { name: "Excluir Vera Lúcia" }));
    expect(deleted).toBeNull();
    await user.click(await screen.findByTestId("confirm-dialog-confirm"));
    await waitFor(() => expect(screen.getAllByTestId("company-user-row")).toHaveLength(1));
    expect(deleted).toBe("2");
  });

  it("says the last admin's rule in words when core refuses", async () => {
    const user = userEvent.setup();
    const users = [{ id: 1, name: "Padaria", email: "dono@padaria.test", profile: "admin", queues: [] }];
    network.use(
      http.get(`${origin()}/companies/7/users`, () => HttpResponse.json({ users, queues: [] })),
      http.put(`${origin()}/companies/7/users/1`, () =>
        HttpResponse.json({ error: "ERR_WRONG_STATE", message: "last admin" }, { status: 409 }),
      ),
    );
    getDefaultStore().set(toastsAtom, []);
    render(<CompanyUsersModal company={{ id: 7, name: "Padaria" }} online onClose={() => {}} />);
    await user.click(await screen.findByRole("button", { name: "Editar Padaria" }));
    await user.click(screen.getByTestId("company-user-profile"));
    await user.click(await screen.findByRole("option", { name: "Usuário" }));
    await user.click(screen.getByTestId("company-user-add"));
    await waitFor(() =>
      expect(
        getDefaultStore()
          .get(toastsAtom)
          .map((x) => x.text),
      ).toContain("A empresa precisa de pelo menos um administrador."),
    );
  });
});

describe("#company form model", () => {
  it("advances from today when there is no due date, and tells the due state", () => {
    expect(advancedForm({ ...emptyCompanyForm, recurrence: "ANUAL" }, "2026-03-10").dueDate).toBe("2027-03-10");
    expect(dueState("2026-03-10", "2026-03-10")).toMatchObject({ tone: "danger", key: "dueToday" });
    expect(dueState("2026-03-01", "2026-03-10")).toMatchObject({ tone: "danger", key: "overdue" });
    expect(dueState("2026-03-15", "2026-03-10")).toMatchObject({ tone: "warning", key: "dueSoon", days: 5 });
    expect(dueState("2026-03-16", "2026-03-10")).toBeNull();
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1536)).toBe("1,5 KB");
  });
});
