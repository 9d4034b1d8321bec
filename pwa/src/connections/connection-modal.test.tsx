// @vitest-environment jsdom
// The connection dialog as an admin uses it (spec 2 §2, §5): the rules shown on their fields in the
// spec's words before anything is sent, the tab with the first error opened, the tabs that exist only
// for some connections (schedules by connection hours, import for WhatsApp by QR), and the warning that
// saving new import options resets a connected session (spec 2 §4).
import "fake-indexeddb/auto";
import type { WhatsappAnswer } from "@chatflow/core/contract/whatsapps.ts";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { getDefaultStore } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionAtom } from "../auth/session-state.ts";
import { i18n } from "../i18n/i18n.ts";
import { ALL_PLAN_FLAGS, buildSessionUser } from "../test-support/users.ts";
import { newConnectionForm } from "./connection-form.ts";
import { ConnectionModal } from "./connection-modal.tsx";

afterEach(() => cleanup());

type Opts = {
  channel?: "whatsapp" | "whatsappapi";
  scheduleType?: string;
  userRating?: boolean;
  connection?: WhatsappAnswer;
};

function open(o: Opts = {}) {
  const fetchSpy = vi.spyOn(globalThis, "fetch");
  render(
    <ConnectionModal
      connection={o.connection ?? null}
      channel={o.channel ?? "whatsapp"}
      isFirst={false}
      queues={[{ id: 7, name: "Suporte" }]}
      scheduleType={o.scheduleType ?? "disabled"}
      userRating={o.userRating ?? false}
      online
      onClose={() => {}}
      onSaved={() => {}}
    />,
  );
  return fetchSpy;
}

const fieldError = (testId: string) =>
  screen.getByTestId(testId).closest(".field")?.querySelector(".field-error")?.textContent ?? "";

describe("#connection dialog validation", () => {
  it("shows 'Required' on a blank name and sends nothing", async () => {
    await i18n.changeLanguage("pt-BR");
    const user = userEvent.setup();
    const fetchSpy = open();
    await user.click(screen.getByTestId("connection-save"));
    expect(fieldError("connection-name")).toBe("Required");
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it("opens the messages tab on the rating rule when the company uses ratings", async () => {
    const user = userEvent.setup();
    const fetchSpy = open({ userRating: true });
    await user.type(screen.getByTestId("connection-name"), "Loja");
    await user.click(screen.getByTestId("connection-save"));
    expect(screen.getByTestId("connection-tab-messages").getAttribute("aria-selected")).toBe("true");
    expect(fieldError("connection-rating")).toBe("Required");
    await user.click(screen.getByTestId("connection-tab-assessments"));
    expect(fieldError("connection-expiresTicketNPS")).toBe("Required");
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it("shows the schedules tab only with connection hours, and the import tab only for WhatsApp by QR", () => {
    open({ scheduleType: "connection" });
    expect(screen.getByTestId("connection-tab-schedules")).toBeTruthy();
    expect(screen.getByTestId("connection-tab-import")).toBeTruthy();
    cleanup();
    open({ channel: "whatsappapi" });
    expect(screen.queryByTestId("connection-tab-schedules")).toBeNull();
    expect(screen.queryByTestId("connection-tab-import")).toBeNull();
    expect(screen.getByTestId("connection-accessToken")).toBeTruthy();
  });

  it("warns that saving new import options resets a connected session", async () => {
    const user = userEvent.setup();
    const form = newConnectionForm("whatsapp", true);
    const connection = {
      ...form,
      id: 3,
      name: "Loja",
      status: "CONNECTED",
      groupAsTicket: "disabled",
      queues: [],
      importOldMessages: null,
      importRecentMessages: null,
      queueIdImportMessages: null,
      collectiveVacationStart: null,
      collectiveVacationEnd: null,
      timeCreateNewTicket: 0,
      expiresTicket: 0,
      timeInactiveMessage: 0,
      maxUseBotQueues: 3,
      timeUseBotQueues: 0,
      timeSendQueue: 0,
      expiresTicketNPS: 0,
      maxUseBotQueuesNPS: 3,
    } as unknown as WhatsappAnswer;
    open({ connection });
    await user.click(screen.getByTestId("connection-tab-import"));
    expect(screen.queryByTestId("connection-reset-warning")).toBeNull();
    await user.type(screen.getByTestId("connection-import-old"), "2026-11-01");
    expect(screen.getByTestId("connection-reset-warning").textContent).toBe(
      i18n.t("connectionsPage.modal.resetWarning"),
    );
  });
});

describe("#connection integrations tab (spec 2 §2; decision 0062)", () => {
  const store = getDefaultStore();
  afterEach(() => store.set(sessionAtom, { status: "checking" }));

  function answering() {
    return vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      const method = init?.method ?? (input instanceof Request ? input.method : "GET");
      let body: unknown = {};
      if (url.includes("/queueIntegration"))
        body = { queueIntegrations: [{ id: 5, name: "Robô de vendas", type: "typebot" }], count: 1, hasMore: false };
      else if (url.includes("/prompt")) body = { prompts: [{ id: 9, name: "Recepcionista" }] };
      else if (method === "POST") body = { id: 1, name: "Loja", integrationId: 5, promptId: 9 };
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    });
  }

  it("picks the company's integration and prompt and sends them with the connection", async () => {
    await i18n.changeLanguage("pt-BR");
    const fetchSpy = answering();
    store.set(sessionAtom, { status: "authenticated", user: buildSessionUser({ profile: "admin" }) });
    const user = userEvent.setup();
    open();
    await user.type(screen.getByTestId("connection-name"), "Loja");
    await user.click(screen.getByTestId("connection-tab-integrations"));
    await user.click(screen.getByTestId("connection-integrationId"));
    await user.click(await screen.findByRole("option", { name: "Robô de vendas" }));
    await waitFor(() => expect(screen.getByTestId("connection-promptId").hasAttribute("data-disabled")).toBe(false));
    await user.click(screen.getByTestId("connection-promptId"));
    await user.click(await screen.findByRole("option", { name: "Recepcionista" }));
    await user.click(screen.getByTestId("connection-save"));
    await waitFor(() => expect(fetchSpy.mock.calls.some(([, init]) => init?.method === "POST")).toBe(true));
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ integrationId: 5, promptId: 9 });
    fetchSpy.mockRestore();
  });

  it("leaves the tab out when the plan has neither useIntegrations nor useOpenAi", () => {
    const fetchSpy = answering();
    const admin = buildSessionUser({ profile: "admin" });
    const plan = { ...ALL_PLAN_FLAGS, useIntegrations: false, useOpenAi: false };
    store.set(sessionAtom, { status: "authenticated", user: { ...admin, company: { ...admin.company!, plan } } });
    open();
    expect(screen.queryByTestId("connection-tab-integrations")).toBeNull();
    fetchSpy.mockRestore();
  });
});

describe("#connection dialog of another company (the super user's /allConnections; decision 0105)", () => {
  it("names the company and offers that company's prompts and flows, by its plan, without reading the session's", async () => {
    await i18n.changeLanguage("pt-BR");
    // The super user's own plan has every flag: the tab follows the other company's lists instead.
    getDefaultStore().set(sessionAtom, { status: "authenticated", user: buildSessionUser({ profile: "admin" }) });
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const user = userEvent.setup();
    render(
      <ConnectionModal
        connection={null}
        channel="whatsapp"
        isFirst={false}
        queues={[{ id: 7, name: "Balcão" }]}
        scheduleType="disabled"
        userRating={false}
        online
        onClose={() => {}}
        onSaved={() => {}}
        company={{
          name: "Padaria",
          lists: {
            integrations: null,
            prompts: [{ id: 9, name: "Assistente da padaria" }],
            flows: [{ id: 4, name: "Boas-vindas" }],
          },
        }}
      />,
    );
    expect(screen.getByTestId("connection-company").textContent).toContain("Padaria");
    await user.click(screen.getByTestId("connection-tab-integrations"));
    expect(screen.queryByTestId("connection-integrationId")).toBeNull();
    await user.click(screen.getByTestId("connection-promptId"));
    await user.click(await screen.findByRole("option", { name: "Assistente da padaria" }));
    await user.click(screen.getByTestId("connection-tab-flowbuilder"));
    await user.click(screen.getByTestId("connection-flowIdWelcome"));
    expect(await screen.findByRole("option", { name: "Boas-vindas" })).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
    getDefaultStore().set(sessionAtom, { status: "checking" });
  });
});

describe("#connection dialog Cloud API webhook (issue 22; decision 0093)", () => {
  const saved = {
    id: 4,
    name: "Cloud",
    channel: "whatsappapi",
    isDefault: false,
    status: "CONNECTED",
    groupAsTicket: "disabled",
    queues: [],
    importOldMessages: null,
    importRecentMessages: null,
    queueIdImportMessages: null,
    collectiveVacationStart: null,
    collectiveVacationEnd: null,
    timeCreateNewTicket: 0,
    expiresTicket: 0,
    timeInactiveMessage: 0,
    maxUseBotQueues: 3,
    timeUseBotQueues: 0,
    timeSendQueue: 0,
    expiresTicketNPS: 0,
    maxUseBotQueuesNPS: 3,
    phoneNumberId: "106540352242922",
    verifyToken: "meu-token-de-verificacao",
    hasPhoneNumberId: true,
    hasAccessToken: true,
    hasAppSecret: true,
    hasVerifyToken: true,
  } as unknown as WhatsappAnswer;

  it("shows the phone number id in clear, masks the tokens, and offers the callback URL and verify token to copy", async () => {
    await i18n.changeLanguage("pt-BR");
    const user = userEvent.setup();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const fetchSpy = open({ connection: saved, channel: "whatsappapi" });
    const phone = screen.getByTestId("connection-phoneNumberId") as HTMLInputElement;
    expect(phone.type).toBe("text");
    expect(phone.value).toBe("106540352242922");
    expect((screen.getByTestId("connection-accessToken") as HTMLInputElement).type).toBe("password");
    expect(screen.getByTestId("cloud-callback-url").textContent).toBe(`${window.location.origin}/webhooks/whatsapp`);
    expect(screen.getByTestId("cloud-verify-token").textContent).toBe("meu-token-de-verificacao");
    await user.click(screen.getByTestId("cloud-verify-token-copy"));
    expect(writeText).toHaveBeenCalledWith("meu-token-de-verificacao");
    await user.click(screen.getByTestId("cloud-callback-url-copy"));
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/webhooks/whatsapp`);
    fetchSpy.mockRestore();
  });

  it("shows nothing to copy before the connection is saved", () => {
    const fetchSpy = open({ channel: "whatsappapi" });
    expect(screen.queryByTestId("cloud-webhook")).toBeNull();
    fetchSpy.mockRestore();
  });
});
