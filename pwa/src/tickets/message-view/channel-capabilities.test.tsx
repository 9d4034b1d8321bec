// @vitest-environment jsdom
// Edit and delete as each channel allows (issue 22; decision 0093): on a channel that cannot edit or delete a sent
// message (Cloud API, Messenger, Instagram) the agent is told before acting, in the dialog, and the message says
// afterwards that the change stayed in Chat-flow; on WhatsApp by QR code nothing more is said.
import { CHANNEL_CAPABILITIES, capabilitiesOf } from "@chatflow/core/contract/channel-capabilities.ts";
import { cleanup, render, screen } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../i18n/i18n.ts";
import { buildMessage } from "../../test-support/factories.ts";
import { ChannelCapabilitiesContext } from "./channel-capabilities-context.ts";
import { type MediaSource, MediaSourceContext } from "./media-source.tsx";
import { MessageBubble } from "./message-bubble.tsx";
import { DeleteMessageDialog, EditMessageDialog } from "./message-dialogs.tsx";
import type { MessageAction } from "./message-menu.tsx";

afterEach(() => cleanup());

const source: MediaSource = {
  load: vi.fn(async () => new Blob(["x"])),
  queued: vi.fn(async () => null),
  size: vi.fn(async () => 1),
  transcribe: vi.fn(async () => ""),
};

function bubble(
  channel: string,
  message = buildMessage({ fromMe: true, isEdited: true }),
  actions: MessageAction[] = [],
) {
  return render(
    <MediaSourceContext.Provider value={source}>
      <ChannelCapabilitiesContext.Provider value={capabilitiesOf(channel)}>
        <MessageBubble message={message} queued={false} actions={actions} canRetry={false} onAction={() => {}} />
      </ChannelCapabilitiesContext.Provider>
    </MediaSourceContext.Provider>,
  );
}

describe("#channel capabilities", () => {
  it("says which channels carry an edit or a delete to the customer", () => {
    expect(CHANNEL_CAPABILITIES.whatsapp).toMatchObject({ editForEveryone: true, deleteForEveryone: true });
    for (const c of ["whatsappapi", "facebook", "instagram"] as const) {
      expect(CHANNEL_CAPABILITIES[c], c).toMatchObject({ editForEveryone: false, deleteForEveryone: false });
    }
    expect(CHANNEL_CAPABILITIES.whatsappapi.templates).toBe(true);
    expect(capabilitiesOf("someday")).toMatchObject({ editForEveryone: false, polls: false });
  });

  it("marks an own edited or deleted message as Chat-flow's only on a channel that cannot carry it", async () => {
    await i18n.changeLanguage("pt-BR");
    bubble("whatsappapi");
    expect(screen.getByTestId("message-edited").textContent).toBe("Editada só no Chat-flow: o cliente vê o original");
    cleanup();
    bubble("whatsapp");
    expect(screen.getByTestId("message-edited").textContent).toBe("Editada");
    cleanup();
    bubble("instagram", buildMessage({ fromMe: true, isDeleted: true }));
    expect(screen.getByTestId("message-deleted").textContent).toBe(
      "Apagada só no Chat-flow: o cliente ainda vê a mensagem",
    );
    cleanup();
    // WhatsApp by QR code carries a delete, but one WhatsApp kept refusing was given up by the worker: said so.
    bubble(
      "whatsapp",
      buildMessage({
        fromMe: true,
        isDeleted: true,
        dataJson: { amendFailure: { kind: "delete", code: "ERR_DELETE_WAPP_MSG", reason: "x", at: "2026-12-07" } },
      }),
    );
    expect(screen.getByTestId("message-deleted").textContent).toBe(
      "Apagada só no Chat-flow: o cliente ainda vê a mensagem",
    );
    cleanup();
    bubble(
      "whatsapp",
      buildMessage({
        fromMe: true,
        isEdited: true,
        dataJson: { amendFailure: { kind: "edit", code: "ERR_SENDING_WAPP_MSG", reason: "x", at: "2026-12-07" } },
      }),
    );
    expect(screen.getByTestId("message-edited").textContent).toBe("Editada só no Chat-flow: o cliente vê o original");
    cleanup();
    // The contact's own edit is a real one, whatever the channel.
    bubble("facebook", buildMessage({ fromMe: false, isEdited: true }));
    expect(screen.getByTestId("message-edited").textContent).toBe("Editada");
  });

  it("warns in the edit and delete dialogs before acting, and only where the channel cannot carry it", async () => {
    await i18n.changeLanguage("pt-BR");
    const message = buildMessage({ fromMe: true, body: "Oi" });
    render(<EditMessageDialog message={message} localOnly onClose={() => {}} onSave={async () => {}} />);
    expect(screen.getByTestId("edit-local-only").textContent).toBe(
      "Este canal não permite editar mensagens enviadas: a edição vale só no Chat-flow, o cliente continua vendo o original.",
    );
    cleanup();
    render(<EditMessageDialog message={message} onClose={() => {}} onSave={async () => {}} />);
    expect(screen.queryByTestId("edit-local-only")).toBeNull();
    cleanup();
    render(<DeleteMessageDialog localOnly onClose={() => {}} onConfirm={async () => {}} />);
    expect(screen.getByTestId("delete-local-only").textContent).toContain("o cliente continua vendo o original");
  });

  it("says in the message menu which entries stay in Chat-flow", async () => {
    await i18n.changeLanguage("pt-BR");
    const user = userEvent.setup();
    bubble("whatsappapi", buildMessage({ fromMe: true, body: "Oi" }), ["edit", "delete"]);
    await user.click(screen.getByRole("button", { name: "Opções da mensagem" }));
    expect(screen.getByTestId("message-menu-edit").textContent).toContain("Editar (só no Chat-flow)");
    expect(screen.getByTestId("message-menu-delete").textContent).toContain("(só no Chat-flow)");
    cleanup();
    bubble("whatsapp", buildMessage({ fromMe: true, body: "Oi" }), ["edit"]);
    await user.click(screen.getByRole("button", { name: "Opções da mensagem" }));
    expect(screen.getByTestId("message-menu-edit").textContent).not.toContain("Chat-flow");
  });
});
