// @vitest-environment jsdom
// The queue modal as an admin uses it: the §5 rules shown under their fields before anything
// is sent, and the service-hours tab (spec 2 §2): one row per weekday with the default windows,
// whose own save keeps the hours and returns to the first tab with the spec's reminder.
import "fake-indexeddb/auto";
import { cleanup, render, screen, within } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { getDefaultStore } from "jotai";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionAtom } from "../auth/session-state.ts";
import { i18n } from "../i18n/i18n.ts";
import { ALL_PLAN_FLAGS, buildSessionUser } from "../test-support/users.ts";
import { toastsAtom } from "../ui/toasts.ts";
import { QueueModal } from "./queue-modal.tsx";

afterEach(() => cleanup());

function open(o: { queueCount: number; scheduleType: string }) {
  const onSaved = vi.fn();
  const fetchSpy = vi.spyOn(globalThis, "fetch");
  render(<QueueModal queue={null} online onClose={() => {}} onSaved={onSaved} {...o} />);
  return { onSaved, fetchSpy };
}

const fieldError = (testId: string) => {
  const field = screen.getByTestId(testId).closest(".field");
  return field?.querySelector(".field-error")?.textContent ?? "";
};

describe("#queue modal validation", () => {
  it("shows the name, greeting and out-of-hours rules and sends nothing", async () => {
    const user = userEvent.setup();
    const { onSaved, fetchSpy } = open({ queueCount: 1, scheduleType: "queue" });
    await user.click(screen.getByTestId("queue-save"));
    expect(fieldError("queue-name")).toBe(i18n.t("validation.tooShort"));
    expect(fieldError("queue-greeting")).toBe(i18n.t("queuesPage.validation.greetingRequired"));
    expect(fieldError("queue-out-of-hours")).toBe(i18n.t("queuesPage.validation.outOfHoursRequired"));
    // Only reads (the file lists for the select): nothing is sent.
    expect(fetchSpy.mock.calls.filter(([, init]) => (init?.method ?? "GET") !== "GET")).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it("asks for no greeting for a company's first queue, and no out-of-hours message without queue hours", async () => {
    const user = userEvent.setup();
    const { fetchSpy } = open({ queueCount: 0, scheduleType: "disabled" });
    await user.type(screen.getByTestId("queue-name"), "V");
    await user.click(screen.getByTestId("queue-save"));
    expect(fieldError("queue-name")).toBe(i18n.t("validation.tooShort"));
    expect(fieldError("queue-greeting")).toBe("");
    expect(screen.queryByTestId("queue-out-of-hours")).toBeNull();
    // No hours tab unless the company's scheduleType is queue.
    expect(screen.queryByTestId("queue-tab-hours")).toBeNull();
    fetchSpy.mockRestore();
  });
});

describe("#queue modal service hours", () => {
  it("lists monday to sunday with 08:00-12:00 and 13:00-18:00", async () => {
    const user = userEvent.setup();
    open({ queueCount: 0, scheduleType: "queue" });
    await user.click(screen.getByTestId("queue-tab-hours"));
    const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
    for (const day of days) {
      const row = screen.getByTestId(`queue-hours-${day}`);
      expect(within(row).getByText(i18n.t(`queuesPage.modal.weekdays.${day}`))).toBeTruthy();
      const values = ["startTimeA", "endTimeA", "startTimeB", "endTimeB"].map(
        (f) => (within(row).getByTestId(`queue-hours-${day}-${f}`) as HTMLInputElement).value,
      );
      expect(values).toEqual(["08:00", "12:00", "13:00", "18:00"]);
    }
  });

  it("keeps the hours from its own save, returns to the first tab and says to click save", async () => {
    const user = userEvent.setup();
    const { fetchSpy } = open({ queueCount: 0, scheduleType: "queue" });
    await user.click(screen.getByTestId("queue-tab-hours"));
    const saturday = screen.getByTestId("queue-hours-saturday-endTimeB") as HTMLInputElement;
    await user.clear(saturday);
    await user.type(saturday, "14:00");
    await user.click(screen.getByTestId("queue-save-hours"));
    expect(screen.getByTestId("queue-tab-data").getAttribute("aria-selected")).toBe("true");
    expect(
      getDefaultStore()
        .get(toastsAtom)
        .map((t) => t.text),
    ).toContain("Clique em salvar para registar as alterações");
    // Only reads (the file lists for the select): nothing is sent.
    expect(fetchSpy.mock.calls.filter(([, init]) => (init?.method ?? "GET") !== "GET")).toEqual([]);
    await user.click(screen.getByTestId("queue-tab-hours"));
    expect((screen.getByTestId("queue-hours-saturday-endTimeB") as HTMLInputElement).value).toBe("14:00");
    fetchSpy.mockRestore();
  });
});

describe("#queue modal integration (spec 2 §1: useIntegrations)", () => {
  const store = getDefaultStore();
  afterEach(() => store.set(sessionAtom, { status: "checking" }));

  function answering() {
    return vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = String(input instanceof Request ? input.url : input);
      const body = url.includes("/queueIntegration")
        ? { queueIntegrations: [{ id: 5, name: "Robô de vendas", type: "typebot" }], count: 1, hasMore: false }
        : { files: [], count: 0, hasMore: false };
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    });
  }

  it("offers the company's integrations when the plan has useIntegrations, and no select without it", async () => {
    const fetchSpy = answering();
    const admin = buildSessionUser({ profile: "admin" });
    store.set(sessionAtom, { status: "authenticated", user: admin });
    const user = userEvent.setup();
    render(
      <QueueModal queue={null} queueCount={0} scheduleType="disabled" online onClose={() => {}} onSaved={() => {}} />,
    );
    await user.click(screen.getByTestId("queue-integration"));
    expect(await screen.findByRole("option", { name: "Robô de vendas" })).toBeTruthy();
    cleanup();

    const plan = { ...ALL_PLAN_FLAGS, useIntegrations: false };
    store.set(sessionAtom, { status: "authenticated", user: { ...admin, company: { ...admin.company!, plan } } });
    fetchSpy.mockClear();
    render(
      <QueueModal queue={null} queueCount={0} scheduleType="disabled" online onClose={() => {}} onSaved={() => {}} />,
    );
    expect(screen.queryByTestId("queue-integration")).toBeNull();
    expect(fetchSpy.mock.calls.some(([input]) => String(input).includes("/queueIntegration"))).toBe(false);
    fetchSpy.mockRestore();
  });
});
