// @vitest-environment jsdom
// The settings page as an admin and the super user use it (spec 3 §2): a toggle applies at once with
// 'Updating' while it travels, a custom message appears and is required by its toggle, the tabs follow
// scheduleType and the role, and the login screen wears the brand read before login.
import "fake-indexeddb/auto";
import { PLAN_FLAG_KEYS } from "@chatflow/core/contract/plans.ts";
import { COMPANY_SETTING_DEFAULTS, PLATFORM_SETTING_DEFAULTS } from "@chatflow/core/contract/settings.ts";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { getDefaultStore } from "jotai";
import { HttpResponse, http } from "msw";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "../app-db.ts";
import { LoginPage } from "../auth/login-page.tsx";
import { i18n } from "../i18n/i18n.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { toastsAtom } from "../ui/toasts.ts";
import { applyBranding, DEFAULT_BRANDING, fetchBranding } from "./branding.ts";
import { SettingsView } from "./settings-page.tsx";
import { companyCacheKey } from "./use-settings-data.ts";

const network = mockNetworkForFile();
const origin = () => window.location.origin;

beforeEach(async () => {
  await i18n.changeLanguage("pt-BR");
  await db.cache.clear();
});
afterEach(() => cleanup());

/** Core's settings calls for company 2, holding `settings`; PUTs are recorded and answered after `gate`. */
function companyCalls(settings: Record<string, string>, gate: Promise<void> = Promise.resolve()) {
  const puts: { column: string; data: string }[] = [];
  const kept = { ...COMPANY_SETTING_DEFAULTS, ...settings };
  network.use(
    http.get(`${origin()}/companySettings/2`, () => HttpResponse.json({ companyId: 2, ...kept })),
    http.put(`${origin()}/companySettings`, async ({ request }) => {
      const body = (await request.json()) as { column: string; data: string };
      puts.push(body);
      await gate;
      Object.assign(kept, { [body.column]: body.data });
      return HttpResponse.json({ [body.column]: body.data });
    }),
    http.get(`${origin()}/settings`, () =>
      HttpResponse.json(Object.entries(PLATFORM_SETTING_DEFAULTS).map(([key, value]) => ({ key, value }))),
    ),
    http.get(`${origin()}/companies/2`, () => HttpResponse.json({ id: 2, name: "Loja", schedules: [] })),
    http.get(`${origin()}/settings/installation`, () =>
      HttpResponse.json({ mailConfigured: true, publicUrlConfigured: true }),
    ),
  );
  return puts;
}

const t = (key: string) => i18n.t(`settingsPage.${key}`);
const tabNames = () => screen.getAllByRole("tab").map((tab) => tab.textContent);

describe("#settings options", () => {
  it("applies a toggle at once, saying 'Updating' until core answers", async () => {
    let open = () => {};
    const puts = companyCalls({}, new Promise<void>((r) => (open = r)));
    const user = userEvent.setup();
    render(<SettingsView companyId={2} isSuper={false} />);
    const rating = await screen.findByRole("switch", { name: t("options.userRating") });
    expect((rating as HTMLInputElement).checked).toBe(false);
    await user.click(rating);
    await waitFor(() => expect(puts).toEqual([{ column: "userRating", data: "enabled" }]));
    const option = rating.closest(".settings-option") as HTMLElement;
    expect(within(option).getByRole("status").textContent).toBe(t("updating"));
    open();
    await waitFor(() => expect(within(option).getByRole("status").textContent).toBe(""));
    expect((screen.getByRole("switch", { name: t("options.userRating") }) as HTMLInputElement).checked).toBe(true);
  });

  it("shows the transfer message with its toggle, required: blank is not sent, text is", async () => {
    const puts = companyCalls({});
    const user = userEvent.setup();
    render(<SettingsView companyId={2} isSuper={false} />);
    const toggle = await screen.findByRole("switch", { name: t("options.sendMsgTransfTicket") });
    expect(screen.queryByTestId("setting-transferMessage")).toBeNull();
    await user.click(toggle);
    const message = await screen.findByTestId("setting-transferMessage");
    const field = message.closest(".field") as HTMLElement;
    expect(field.querySelector(".field-error")?.textContent).toBe(t("required"));
    await user.click(message);
    await user.tab();
    expect(puts.map((p) => p.column)).toEqual(["sendMsgTransfTicket"]);
    await user.type(message, "Você foi transferido");
    await user.tab();
    await waitFor(() => expect(puts.at(-1)).toEqual({ column: "transferMessage", data: "Você foi transferido" }));
    expect(field.querySelector(".field-error")?.textContent ?? "").toBe("");
  });

  it("asks for the accept-call message only while calls are refused", async () => {
    companyCalls({ acceptCallWhatsapp: "disabled" });
    render(<SettingsView companyId={2} isSuper={false} />);
    expect(await screen.findByTestId("setting-AcceptCallWhatsappMessage")).toBeTruthy();
    expect(screen.queryByTestId("setting-greetingAcceptedMessage")).toBeNull();
    expect(screen.queryByTestId("setting-sendQueuePositionMessage")).toBeNull();
  });
});

describe("#settings offline", () => {
  it("shows what it last loaded, says changes need a connection, and sends nothing", async () => {
    await db.cache.put({
      key: companyCacheKey(2),
      value: { ...COMPANY_SETTING_DEFAULTS, userRating: "enabled" },
      fetchedAt: new Date().toISOString(),
    });
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    try {
      render(<SettingsView companyId={2} isSuper={false} />);
      const rating = await screen.findByRole("switch", { name: t("options.userRating") });
      expect((rating as HTMLInputElement).checked).toBe(true);
      expect((rating as HTMLInputElement).disabled).toBe(true);
      expect(screen.getByTestId("settings-page").textContent).toContain("Precisa de conexão");
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      onLine.mockRestore();
      fetchSpy.mockRestore();
    }
  });
});

describe("#settings tabs", () => {
  it("gives an admin Options, and Schedules while scheduleType is company", async () => {
    companyCalls({ scheduleType: "company" });
    const user = userEvent.setup();
    render(<SettingsView companyId={2} isSuper={false} />);
    await screen.findByTestId("settings-tab-options");
    expect(tabNames()).toEqual([t("tabs.options"), t("tabs.schedules")]);
    await user.click(screen.getByTestId("settings-tab-schedules"));
    // A company that never set its hours starts from the defaults.
    const monday = await screen.findByTestId("company-hours-monday-startTimeA");
    expect((monday as HTMLInputElement).value).toBe("08:00");
    expect(screen.queryByTestId("settings-tab-whitelabel")).toBeNull();
    // Saved with PUT /companies/{id}/schedules, every weekday.
    let saved: { schedules: { weekdayEn: string; startTimeA: string }[] } | null = null;
    network.use(
      http.put(`${origin()}/companies/2/schedules`, async ({ request }) => {
        saved = (await request.json()) as typeof saved;
        return HttpResponse.json({ id: 2, ...saved });
      }),
    );
    await user.click(screen.getByTestId("settings-hours-save"));
    await waitFor(() => expect(saved?.schedules).toHaveLength(7));
    expect(saved!.schedules[0]).toMatchObject({ weekdayEn: "monday", startTimeA: "08:00" });
  });

  it("gives the super user Companies, Plans, Helps, Whitelabel, Pix and the platform options, without Schedules by queue hours", async () => {
    companyCalls({ scheduleType: "queue" });
    render(<SettingsView companyId={2} isSuper />);
    await screen.findByTestId("setting-userCreation");
    expect(tabNames()).toEqual(
      ["options", "companies", "plans", "helps", "whitelabel", "certificate"].map((tab) => t(`tabs.${tab}`)),
    );
    expect(screen.getByRole("switch", { name: t("options.userCreation") })).toBeTruthy();
    expect((await screen.findByTestId("settings-mail-status")).textContent).toBe(t("installation.mailConfigured"));
    expect(screen.queryByTestId("settings-public-url-missing")).toBeNull();
  });

  it("tells the super user that mail is not configured, and beside the EFI credentials that PUBLIC_URL is missing", async () => {
    companyCalls({});
    network.use(
      http.get(`${origin()}/settings/installation`, () =>
        HttpResponse.json({ mailConfigured: false, publicUrlConfigured: false }),
      ),
    );
    render(<SettingsView companyId={2} isSuper />);
    const mail = await screen.findByTestId("settings-mail-status");
    expect(mail.textContent).toBe(t("installation.mailNotConfigured"));
    expect(mail.textContent).toContain("E-mail não configurado");
    const publicUrl = await screen.findByTestId("settings-public-url-missing");
    expect(publicUrl.textContent).toContain("PUBLIC_URL");
    // Where the EFI credentials are set: in the client id's option, above its field.
    expect(publicUrl.closest(".settings-option")?.querySelector('[data-testid="setting-eficlientid"]')).toBeTruthy();
  });

  it("shows an admin no installation status and never asks for it", async () => {
    companyCalls({});
    let asked = 0;
    network.use(
      http.get(`${origin()}/settings/installation`, () => {
        asked++;
        return HttpResponse.json({ mailConfigured: false, publicUrlConfigured: false });
      }),
    );
    render(<SettingsView companyId={2} isSuper={false} />);
    await screen.findByRole("switch", { name: t("options.userRating") });
    expect(screen.queryByTestId("settings-mail-status")).toBeNull();
    expect(asked).toBe(0);
  });
});

describe("#settings whitelabel", () => {
  it("sends the app name on leaving the field and shows the uploaded logo by its stored name", async () => {
    companyCalls({});
    const puts: unknown[] = [];
    let uploads = 0;
    network.use(
      http.put(`${origin()}/settings/appName`, async ({ request }) => {
        const { value } = (await request.json()) as { value: string };
        puts.push(value);
        return HttpResponse.json({ key: "appName", value });
      }),
      // jsdom's FormData body cannot be read back here: the answer alone is checked.
      http.post(`${origin()}/settings-whitelabel/logo`, () => {
        uploads++;
        return HttpResponse.json("0190a1b2-logo.png");
      }),
    );
    const user = userEvent.setup();
    render(<SettingsView companyId={2} isSuper />);
    await user.click(await screen.findByTestId("settings-tab-whitelabel"));
    const name = await screen.findByTestId("setting-appName");
    await user.clear(name);
    await user.tab();
    expect(puts).toEqual([]);
    await user.type(name, "Acme Atende");
    await user.tab();
    await waitFor(() => expect(puts).toEqual(["Acme Atende"]));
    const logo = screen.getByTestId("setting-appLogoDark");
    const input = logo.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "logo.png", { type: "image/png" }));
    await waitFor(() => expect(within(logo).getByRole("img").getAttribute("src")).toBe("/branding/0190a1b2-logo.png"));
    expect(uploads).toBe(1);
    // The dark logo only: the light one still has none.
    expect(within(screen.getByTestId("setting-appLogoLight")).queryByRole("img")).toBeNull();
    applyBranding(DEFAULT_BRANDING);
  });
});

describe("#settings plans", () => {
  it("lists plans in R$, edits the one picked, and says what to check when core refuses", async () => {
    companyCalls({});
    const plan = {
      id: 5,
      name: "Ouro",
      users: 5,
      connections: 2,
      queues: 3,
      amount: 149.9,
      isPublic: true,
      ...Object.fromEntries(PLAN_FLAG_KEYS.map((k) => [k, true])),
    };
    const sent: { method: string; body: Record<string, unknown> }[] = [];
    network.use(
      http.get(`${origin()}/plans/all`, () => HttpResponse.json([plan])),
      http.put(`${origin()}/plans/5`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push({ method: "PUT", body });
        return HttpResponse.json({ ...plan, useKanban: body.useKanban });
      }),
      http.post(`${origin()}/plans`, async ({ request }) => {
        sent.push({ method: "POST", body: (await request.json()) as Record<string, unknown> });
        return HttpResponse.json(
          { error: "ERR_VALIDATION", message: "Required", fields: { name: "Required" } },
          { status: 400 },
        );
      }),
    );
    const user = userEvent.setup();
    render(<SettingsView companyId={2} isSuper />);
    await user.click(await screen.findByTestId("settings-tab-plans"));
    const row = await screen.findByTestId("plan-row");
    expect(row.textContent?.replace(/\s/g, " ")).toContain("Ouro · R$ 149,90");
    // New mode: no delete.
    expect(screen.queryByTestId("plan-delete")).toBeNull();
    await user.click(within(row).getByRole("button"));
    expect((screen.getByTestId("plan-name") as HTMLInputElement).value).toBe("Ouro");
    expect(screen.getByTestId("plan-delete")).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: t("plans.flags.useKanban") }));
    await user.click(screen.getByTestId("plan-save"));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: "PUT", body: { name: "Ouro", amount: "149.90", useKanban: false } });
    // Clear goes back to a new plan; core's refusal shows under its field, with the spec's hint.
    await user.click(screen.getByTestId("plan-clear"));
    expect(screen.queryByTestId("plan-delete")).toBeNull();
    await user.click(screen.getByTestId("plan-save"));
    await waitFor(() => expect(sent.at(-1)?.method).toBe("POST"));
    await waitFor(() =>
      expect(screen.getByTestId("plan-name").closest(".field")?.querySelector(".field-error")?.textContent).toBe(
        i18n.t("validation.required"),
      ),
    );
    expect(getDefaultStore().get(toastsAtom)).toContainEqual(expect.objectContaining({ text: t("plans.saveFailed") }));
  });
});

describe("#settings helps", () => {
  it("lists the help videos, edits the one picked with PUT, and creates one after clear with POST", async () => {
    companyCalls({});
    const help = { id: 3, title: "Primeiros passos", description: "Como conectar", video: "dQw4w9WgXcQ" };
    const sent: { method: string; body: Record<string, unknown> }[] = [];
    const record =
      (method: string) =>
      async ({ request }: { request: Request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push({ method, body });
        return HttpResponse.json({ ...help, ...body, id: method === "PUT" ? 3 : 4 });
      };
    network.use(
      http.get(`${origin()}/helps/list`, () => HttpResponse.json([help])),
      http.put(`${origin()}/helps/3`, record("PUT")),
      http.post(`${origin()}/helps`, record("POST")),
    );
    const user = userEvent.setup();
    render(<SettingsView companyId={2} isSuper />);
    await user.click(await screen.findByTestId("settings-tab-helps"));
    const row = await screen.findByTestId("help-row");
    await user.click(within(row).getByRole("button"));
    const title = screen.getByTestId("help-title") as HTMLInputElement;
    expect(title.value).toBe("Primeiros passos");
    await user.type(title, " 2");
    await user.click(screen.getByTestId("help-save"));
    await waitFor(() =>
      expect(sent).toEqual([
        { method: "PUT", body: { title: "Primeiros passos 2", description: help.description, video: help.video } },
      ]),
    );
    await user.click(screen.getByTestId("help-clear"));
    expect(screen.queryByTestId("help-delete")).toBeNull();
    await user.type(screen.getByTestId("help-title"), "Novo");
    await user.click(screen.getByTestId("help-save"));
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({ method: "POST", body: { title: "Novo", description: "", video: "" } }),
    );
  });
});

describe("#settings pix certificate", () => {
  it("warns of the missing file and destination before sending, and says when the file is attached", async () => {
    companyCalls({});
    let sent = 0;
    network.use(
      http.post(`${origin()}/settings/cert-upload`, ({ request }) => {
        sent++;
        expect(new URL(request.url).searchParams.get("ref")).toBe("efi");
        return HttpResponse.json({ message: "Arquivo anexado" });
      }),
    );
    const user = userEvent.setup();
    render(<SettingsView companyId={2} isSuper />);
    await user.click(await screen.findByTestId("settings-tab-certificate"));
    await user.click(screen.getByTestId("certificate-send"));
    const panel = screen.getByTestId("settings-certificate");
    expect(panel.textContent).toContain(t("certificate.noFile"));
    expect(panel.textContent).toContain(t("certificate.noDestination"));
    expect(sent).toBe(0);
    await user.click(screen.getByTestId("certificate-destination"));
    await user.click(await screen.findByRole("option", { name: t("certificate.destinations.efi") }));
    const input = panel.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File([new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x03])], "cert.p12"));
    await user.click(screen.getByTestId("certificate-send"));
    await waitFor(() => expect(sent).toBe(1));
    await waitFor(() =>
      expect(getDefaultStore().get(toastsAtom)).toContainEqual(
        expect.objectContaining({ text: t("certificate.attached"), kind: "info" }),
      ),
    );
  });
});

describe("#branded login", () => {
  it("shows the app name and logo read from the public settings before login", async () => {
    const values: Record<string, string> = {
      appName: "Acme Atende",
      primaryColorLight: "#FF5722",
      appLogoLight: "0190a1b2-acme.png",
    };
    network.use(
      http.get(`${origin()}/public-settings/:key`, ({ params }) =>
        HttpResponse.json({ key: params.key, value: values[String(params.key)] ?? "" }),
      ),
    );
    applyBranding(await fetchBranding(origin(), DEFAULT_BRANDING));
    render(
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>,
    );
    expect(screen.getByTestId("login-brand").textContent).toBe("Acme Atende");
    expect(screen.getByTestId("login-logo").getAttribute("src")).toBe("/branding/0190a1b2-acme.png");
    expect(i18n.t("app.name")).toBe("Acme Atende");
    // Nothing answers: what was known stays, the defaults for a first visit.
    network.use(http.get(`${origin()}/public-settings/:key`, () => HttpResponse.error()));
    expect((await fetchBranding(origin(), DEFAULT_BRANDING)).appName).toBe("Chat-flow");
    applyBranding(DEFAULT_BRANDING);
  });
});
