// The user modal's rules and its save against a real core: the form's messages, the
// password policy for new passwords, and a user an admin adds can sign in.
import { buildCompany, buildQueue, buildUser } from "@chatflow/core/testing/factories.ts";
import { coreForFile, forFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { createApiClient } from "../api/http.ts";
import "../i18n/i18n.ts";
import { newUserForm, saveUser, tabOfField, userFormFrom, userRequest, validateUserForm } from "./user-form.ts";
import { localUsers } from "./user-list.ts";

const core = coreForFile();
const w = forFile(
  async () => {
    const companyId = (await buildCompany(core.db.pool)).id;
    const queueId = (await buildQueue(core.db.pool, { companyId, name: "Vendas" })).id;
    const admin = await buildUser(core.db.pool, { companyId, profile: "admin" });
    const { token } = await core.login(admin.email, admin.password);
    const api = createApiClient({
      baseUrl: core.url,
      getToken: () => token,
      refreshToken: async () => null,
      onSessionExpired: () => undefined,
    });
    return { companyId, queueId, api };
  },
  // Signing in over HTTP takes a while on a busy machine.
  { timeout: 60_000 },
);

const valid = () => ({ ...newUserForm(), name: "Joana Dias", email: "joana@example.com", password: "Segura123" });

describe("#users.form", () => {
  it("starts from the contract's defaults (work 00:00 to 23:59, plain user, every permission off)", () => {
    expect(newUserForm()).toMatchObject({
      profile: "user",
      startWork: "00:00",
      endWork: "23:59",
      allTicket: "disabled",
      allowGroup: false,
      showDashboard: "disabled",
      whatsappId: 0,
      queueIds: [],
    });
  });

  it("shows spec 1 §5's messages and the password policy for a new user", () => {
    expect(validateUserForm({ ...valid(), name: "", email: "", password: "" }, true)).toEqual({
      name: "Required",
      email: "Required",
      password: "Required",
    });
    expect(validateUserForm({ ...valid(), name: "J", email: "joana@", password: "curta" }, true)).toEqual({
      name: "Too Short!",
      email: "Invalid email",
      password: "A senha deve ter ao menos 8 caracteres, com uma letra maiúscula, uma minúscula e um número",
    });
    expect(validateUserForm({ ...valid(), name: "x".repeat(51) }, true)).toEqual({ name: "Too Long!" });
    expect(validateUserForm({ ...valid(), startWork: "25:00" }, true)).toEqual({
      startWork: "Horário inválido (HH:mm)",
    });
    expect(validateUserForm(valid(), true)).toEqual({});
  });

  it("keeps the password on an edit unless one is typed, and then holds it to the policy", () => {
    const form = { ...valid(), password: "" };
    expect(validateUserForm(form, false)).toEqual({});
    expect(userRequest(form, false)).not.toHaveProperty("password");
    expect(validateUserForm({ ...form, password: "fraca" }, false)).toHaveProperty("password");
    expect(userRequest({ ...form, password: "Nova12345" }, false)).toMatchObject({ password: "Nova12345" });
  });

  it("names the tab that holds a field, so a refused save opens it", () => {
    expect(tabOfField("email")).toBe("general");
    expect(tabOfField("allowConnections")).toBe("permissions");
  });
});

describe("#users.save", { timeout: 30_000 }, () => {
  it("adds a user with queues and permissions who can then sign in, and edits it keeping the password", async () => {
    const form = { ...valid(), email: "marta@example.com", queueIds: [w.queueId], showDashboard: "enabled" as const };
    const created = await saveUser(w.api, form, null, null);
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.user).toMatchObject({
      name: "Joana Dias",
      email: "marta@example.com",
      profile: "user",
      showDashboard: "enabled",
      queues: [{ id: w.queueId, name: "Vendas" }],
    });
    const session = await core.login("marta@example.com", "Segura123");
    expect(session.user.id).toBe(created.user.id);

    const edited = await saveUser(
      w.api,
      { ...userFormFrom(created.user), name: "Marta Dias", password: "" },
      created.user,
      null,
    );
    expect(edited.ok && edited.user.name).toBe("Marta Dias");
    await core.login("marta@example.com", "Segura123");
  });

  it("puts a taken e-mail under the e-mail field and creates nothing", async () => {
    const form = { ...valid(), email: "duplo@example.com" };
    expect((await saveUser(w.api, form, null, null)).ok).toBe(true);
    const again = await saveUser(w.api, { ...form, name: "Outra Pessoa" }, null, null);
    expect(again.ok).toBe(false);
    if (again.ok) return;
    expect(again.errors).toEqual({ email: "Já existe um usuário com este e-mail." });
    const { rows } = await core.db.pool.query("SELECT count(*)::int AS n FROM users WHERE lower(email) = $1", [
      "duplo@example.com",
    ]);
    expect(rows[0].n).toBe(1);
  });

  it("stores the picture with the user, and says when core refuses it without losing the user", async () => {
    const png = Uint8Array.from(
      atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
      (c) => c.charCodeAt(0),
    );
    const withPicture = await saveUser(
      w.api,
      { ...valid(), email: "foto@example.com" },
      null,
      new File([png], "eu.png"),
    );
    expect(withPicture.ok && withPicture.user.profileImage).toMatch(/^\/media\/\d+\/.+\.png$/);
    const notImage = await saveUser(
      w.api,
      { ...valid(), email: "texto@example.com" },
      null,
      new File(["não é imagem"], "eu.png"),
    );
    expect(notImage).toMatchObject({ ok: true, avatarError: "Only image files are accepted" });
  });
});

describe("localUsers", () => {
  it("lists the replica's whole rows by name, searching name and e-mail", () => {
    const base = { profile: "user" as const, startWork: "00:00", endWork: "23:59" };
    const rows = [
      { id: 3, name: "carla", email: "c@x.com", ...base },
      { id: 1, name: "Ana", email: "ana@x.com", ...base },
      { id: 2, name: "Bruno", color: null, online: false, queues: [] },
    ] as unknown as Parameters<typeof localUsers>[0];
    expect(localUsers(rows, "").map((u) => u.name)).toEqual(["Ana", "carla"]);
    expect(localUsers(rows, "C@X").map((u) => u.name)).toEqual(["carla"]);
  });
});
