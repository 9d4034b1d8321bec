import { createStore, getDefaultStore } from "jotai";
import { describe, expect, it } from "vitest";
import type { OutboxEntry } from "../store/db.ts";
import { toastsAtom } from "../ui/toasts.ts";
import { holderNoticeAtom, refusalText, reportRefusal } from "./refusals.ts";

const entry: OutboxEntry = { id: 3, name: "acceptTicket", args: { ticketId: 9 }, queuedAt: "" };

describe("#sync.reportRefusal", () => {
  it("turns an open-ticket conflict into the notice naming the holder's user and queue", () => {
    const store = createStore();
    reportRefusal(
      entry,
      {
        error: "ERR_OTHER_OPEN_TICKET",
        message: "There is already an open ticket for this contact",
        data: { userId: 4, userName: "Bruno", queueName: "Vendas", status: "open", uuid: "u-1" },
      },
      store,
    );
    expect(store.get(holderNoticeAtom)).toEqual({
      mutation: "acceptTicket",
      holder: { userId: 4, userName: "Bruno", queueName: "Vendas", status: "open", uuid: "u-1" },
    });
  });

  it("shows other refusals as a toast, with the spec's sentence where the refusal carries one", () => {
    const store = createStore();
    const before = getDefaultStore().get(toastsAtom).length;
    reportRefusal(entry, { error: "ERR_VALIDATION", message: "Selecione uma fila" }, store);
    const toasts = getDefaultStore().get(toastsAtom);
    expect(toasts.slice(before).map((t) => t.text)).toEqual(["Selecione uma fila"]);
    expect(store.get(holderNoticeAtom)).toBeNull();
  });

  it("keeps the tag rule's words and translates everything else by code", () => {
    expect(refusalText({ error: "ERR_VALIDATION", message: "You must assign a tag before closing the ticket." })).toBe(
      "You must assign a tag before closing the ticket.",
    );
    expect(refusalText({ error: "ERR_VALIDATION", message: "queueId: Expected number" })).toBe(
      "Dados inválidos. Verifique os campos.",
    );
    expect(refusalText({ error: "ERR_NO_PERMISSION", message: "No permission" })).toBe(
      "Você não tem permissão para acessar este recurso.",
    );
  });
});
