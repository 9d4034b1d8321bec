import "fake-indexeddb/auto";
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { createApiClient } from "../api/http.ts";
import { getMeta } from "../store/meta.ts";
import { testDb } from "../test-support/factories.ts";
import { BASE_URL } from "../test-support/fake-core.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { buildSessionUser } from "../test-support/users.ts";
import { type ProfileForm, saveProfile, validateProfile } from "./profile.ts";
import { saveListWidth } from "./save-list-width.ts";

const server = mockNetworkForFile();

const api = createApiClient({
  baseUrl: BASE_URL,
  getToken: () => "t",
  refreshToken: async () => null,
  onSessionExpired: () => undefined,
});

const form = (over: Partial<ProfileForm> = {}): ProfileForm => ({
  name: "Agente",
  password: "",
  language: "pt-BR",
  theme: "light",
  defaultMenu: "open",
  ...over,
});

describe("#validateProfile (the user form's rules, spec 1 §5, and the password policy)", () => {
  it("checks the name's length and the new password's policy; an empty password keeps the old one", () => {
    expect(validateProfile(form())).toEqual({});
    expect(validateProfile(form({ name: " " }))).toEqual({ name: "validation.required" });
    expect(validateProfile(form({ name: "A" }))).toEqual({ name: "validation.tooShort" });
    expect(validateProfile(form({ name: "A".repeat(51) }))).toEqual({ name: "validation.tooLong" });
    expect(validateProfile(form({ password: "secret12" }))).toEqual({ password: "validation.passwordPolicy" });
    expect(validateProfile(form({ password: "Segredo12" }))).toEqual({});
  });
});

describe("#saveProfile", () => {
  it("sends the self-editable fields to PUT /users/{id}, keeps the session's company and stores the result", async () => {
    const db = testDb();
    const current = buildSessionUser();
    let body: unknown;
    server.use(
      http.put(`${BASE_URL}/users/7`, async ({ request }) => {
        body = await request.json();
        const { company: _c, ...row } = current;
        return HttpResponse.json({
          ...row,
          company: { id: 2, name: "Loja", dueDate: "2999-12-31" },
          name: "Ana Paula",
          defaultTheme: "dark",
          defaultMenu: "closed",
        });
      }),
    );
    const set: UserDTO[] = [];

    const saved = await saveProfile(
      { api, db, setUser: (u) => set.push(u) },
      current,
      form({
        name: "  Ana Paula ",
        password: "Segredo12",
        theme: "dark",
        defaultMenu: "closed",
      }),
    );

    expect(body).toEqual({ name: "Ana Paula", password: "Segredo12", defaultTheme: "dark", defaultMenu: "closed" });
    expect(saved).toMatchObject({ name: "Ana Paula", defaultTheme: "dark", defaultMenu: "closed" });
    expect(saved.company?.plan?.useKanban).toBe(true);
    expect(set).toEqual([saved]);
    expect((await getMeta(db, "sessionUser"))?.name).toBe("Ana Paula");
  });

  it("leaves out an empty password, and sends nothing when only the language changed (works offline)", async () => {
    const db = testDb();
    const current = buildSessionUser();
    const bodies: unknown[] = [];
    server.use(
      http.put(`${BASE_URL}/users/7`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ ...current, name: "Novo" });
      }),
    );
    const deps = { api, db, setUser: () => undefined };
    await saveProfile(deps, current, form({ language: "en" }));
    expect(bodies).toEqual([]);
    await saveProfile(deps, current, form({ name: "Novo" }));
    expect(bodies).toEqual([{ name: "Novo", defaultTheme: "light", defaultMenu: "open" }]);
  });

  it("keeps the stored user as it was when the server refuses", async () => {
    const db = testDb();
    const current = buildSessionUser();
    server.use(
      http.put(`${BASE_URL}/users/7`, () =>
        HttpResponse.json({ error: "ERR_VALIDATION", message: "x", fields: { name: "Too Short!" } }, { status: 400 }),
      ),
    );
    await expect(
      saveProfile({ api, db, setUser: () => undefined }, current, form({ name: "Xy" })),
    ).rejects.toMatchObject({
      status: 400,
      body: { fields: { name: "Too Short!" } },
    });
    expect(await getMeta(db, "sessionUser")).toBeUndefined();
  });

  it("saves the ticket list's width the same way", async () => {
    const db = testDb();
    let body: unknown;
    server.use(
      http.put(`${BASE_URL}/users/7`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...buildSessionUser(), defaultTicketsManagerWidth: 430 });
      }),
    );
    const saved = await saveListWidth({ api, db, setUser: () => undefined }, buildSessionUser(), 430);
    expect(body).toEqual({ defaultTicketsManagerWidth: 430 });
    expect(saved.defaultTicketsManagerWidth).toBe(430);
    expect((await getMeta(db, "sessionUser"))?.defaultTicketsManagerWidth).toBe(430);
  });
});
