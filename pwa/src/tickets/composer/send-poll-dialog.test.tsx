// @vitest-environment jsdom
// The poll dialog as an agent uses it: core's own schema refuses an empty question, an empty option and a repeated
// one (the keyboard taken to the first wrong field); options are added up to 12 and removed down to 2; how many
// answers each person may pick is chosen from 1 to the number of options (selectableCount, decision 0074); the
// preview draws the poll as the conversation will.
import "fake-indexeddb/auto";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { userEvent } from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import "../../i18n/i18n.ts";
import type { ParsedPoll } from "../send-poll.ts";
import { SendPollDialog } from "./send-poll-dialog.tsx";

afterEach(() => cleanup());

function open(online = true) {
  const onSend = vi.fn<(poll: ParsedPoll) => Promise<void>>(async () => {});
  const onClose = vi.fn();
  render(<SendPollDialog online={online} onSend={onSend} onClose={onClose} />);
  return { onSend, onClose, user: userEvent.setup() };
}

const question = () => screen.getByRole("textbox", { name: /^Pergunta/ });
const option = (n: number) => screen.getByRole("textbox", { name: new RegExp(`^Opção ${n}\\b`) });

describe("#SendPollDialog", () => {
  it("refuses an empty question and empty options, sends nothing, and takes the keyboard to the question", async () => {
    const { onSend, user } = open();
    expect(document.activeElement).toBe(question());
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(question().getAttribute("aria-invalid")).toBe("true"));
    expect(option(1).getAttribute("aria-invalid")).toBe("true");
    expect(option(2).getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByText("Required").length).toBeGreaterThanOrEqual(3);
    await waitFor(() => expect(document.activeElement).toBe(question()));
    expect(onSend).not.toHaveBeenCalled();
  });

  it("refuses a repeated option (compared trimmed, as core does) and says so on the option", async () => {
    const { onSend, user } = open();
    await user.type(question(), "Qual sabor?");
    await user.type(option(1), "Uva");
    await user.type(option(2), " Uva ");
    expect(screen.getByText("Opção repetida")).toBeTruthy();
    expect(option(2).getAttribute("aria-invalid")).toBe("true");
    await user.click(screen.getByRole("button", { name: "Enviar" }));
    // Refused by core's schema ('Options must differ'): the keyboard lands on the repeated option.
    await waitFor(() => expect(document.activeElement).toBe(option(2)));
    expect(screen.getAllByText("Opção repetida")).toHaveLength(1);
    expect(onSend).not.toHaveBeenCalled();
  });

  it("adds options up to 12 and removes them down to 2, by keyboard", async () => {
    const { user } = open();
    const add = screen.getByRole("button", { name: "Adicionar opção" });
    for (let n = 3; n <= 12; n++) {
      await user.click(add);
      // The new option takes the keyboard.
      await waitFor(() => expect(document.activeElement).toBe(option(n)));
    }
    expect(screen.getAllByTestId("send-poll-option")).toHaveLength(12);
    expect(add.hasAttribute("disabled") || add.getAttribute("aria-disabled") === "true").toBe(true);

    await user.type(option(12), "Última");
    screen.getByRole("button", { name: "Remover opção 3" }).focus();
    await user.keyboard("{Enter}");
    expect(screen.getAllByTestId("send-poll-option")).toHaveLength(11);
    expect((option(11) as HTMLInputElement).value).toBe("Última");
    for (let n = 11; n > 2; n--) await user.click(screen.getByRole("button", { name: `Remover opção ${n}` }));
    expect(screen.getAllByTestId("send-poll-option")).toHaveLength(2);
    const last = screen.getByRole("button", { name: "Remover opção 2" });
    expect(last.hasAttribute("disabled") || last.getAttribute("aria-disabled") === "true").toBe(true);
  });

  it("sends a trimmed poll with how many answers each person may pick (1 to the options), and previews it", async () => {
    const { onSend, onClose, user } = open(false);
    expect(screen.getByText("Sem conexão: a mensagem será enviada quando a conexão voltar.")).toBeTruthy();
    await user.type(question(), "  Melhor dia para a entrega? ");
    await user.type(option(1), "Segunda");
    await user.type(option(2), "Terça");
    await user.click(screen.getByRole("button", { name: "Adicionar opção" }));
    await user.keyboard("Quarta");
    const preview = screen.getByTestId("send-poll-preview");
    expect(preview.textContent).toContain("Enquete");
    expect(preview.textContent).toContain("Melhor dia para a entrega?");
    expect(preview.textContent).toContain("Quarta");
    expect(preview.textContent).toContain("Uma resposta por pessoa");

    const selectable = screen.getByRole("button", { name: /Respostas por pessoa/ });
    expect(selectable.textContent).toContain("1");
    await user.click(selectable);
    // From 1 to the number of options.
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["1", "2", "3"]);
    await user.click(screen.getByRole("option", { name: "3" }));
    expect(preview.textContent).toContain("Até 3 respostas por pessoa");
    // An option removed lowers the choice with it; one added back does not raise it.
    await user.type(option(3), "Quinta");
    await user.click(screen.getByRole("button", { name: "Remover opção 3" }));
    expect(selectable.textContent).toContain("2");
    expect(preview.textContent).toContain("Até 2 respostas por pessoa");
    await user.click(screen.getByRole("button", { name: "Adicionar opção" }));
    await user.keyboard("Quarta");
    expect(selectable.textContent).toContain("2");
    // Enter in a field sends the form.
    await user.type(option(3), "{Enter}");
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
    expect(onSend.mock.calls[0]![0]).toEqual({
      name: "Melhor dia para a entrega?",
      options: ["Segunda", "Terça", "Quarta"],
      selectableCount: 2,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("sends selectableCount 1 when one answer per person", async () => {
    const { onSend, user } = open();
    await user.type(question(), "Sim ou não?");
    await user.type(option(1), "Sim");
    await user.type(option(2), "Não{Enter}");
    await waitFor(() => expect(onSend).toHaveBeenCalledOnce());
    expect(onSend.mock.calls[0]![0]).toEqual({ name: "Sim ou não?", options: ["Sim", "Não"], selectableCount: 1 });
  });
});
