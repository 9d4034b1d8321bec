// @vitest-environment jsdom
// The schedule dialog as a person meets it: the spec's defaults, its validation messages, and 'Precisa de
// conexão' with saving off when offline. Saving itself is covered end to end (pwa/e2e/schedules.test.ts).
import "fake-indexeddb/auto";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import "../i18n/i18n.ts";
import { db } from "../app-db.ts";
import { ScheduleDialog } from "./schedule-dialog.tsx";

const setOnline = (online: boolean) =>
  Object.defineProperty(navigator, "onLine", { value: online, configurable: true });

afterEach(async () => {
  cleanup();
  setOnline(true);
  await db.contacts.clear();
});

async function withContact() {
  await db.contacts.put({
    id: 41,
    name: "Carla Dias",
    number: "5511944443333",
    email: "",
    urlPicture: null,
    active: true,
    isGroup: false,
    channel: "whatsappapi",
    companyId: 1,
    acceptAudioMessage: true,
    disableBot: false,
    whatsappId: null,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  } as never);
}

describe("#schedule dialog", () => {
  it("opens with the contact, one hour ahead, one send, and says the spec's messages", async () => {
    await withContact();
    render(<ScheduleDialog contactId={41} onClose={() => {}} />);
    await waitFor(() =>
      expect((screen.getByTestId("schedule-contact-name") as HTMLInputElement).value).toBe("Carla Dias"),
    );
    const sendAt = screen.getByTestId("schedule-send-at") as HTMLInputElement;
    expect(Math.abs(new Date(sendAt.value).getTime() - (Date.now() + 3_600_000))).toBeLessThan(120_000);
    expect((screen.getByTestId("schedule-times") as HTMLInputElement).value).toBe("1");
    const user = userEvent.setup();
    await user.type(screen.getByTestId("schedule-body"), "oi");
    await user.clear(sendAt);
    await user.click(screen.getByTestId("schedule-save"));
    expect(await screen.findByText("Mensagem muito curta")).toBeTruthy();
    expect(screen.getByText("Obrigatório")).toBeTruthy();
  });

  it("says 'Precisa de conexão' and keeps saving off while offline", async () => {
    setOnline(false);
    render(<ScheduleDialog contactId={41} onClose={() => {}} />);
    expect(await screen.findByText("Precisa de conexão")).toBeTruthy();
    expect(screen.getByTestId("schedule-save").hasAttribute("disabled")).toBe(true);
  });
});
