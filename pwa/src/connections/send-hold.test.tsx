// @vitest-environment jsdom
// The admin is told why a connection's queue waits (decision 0053): the connections table names the reason under
// the connection's status, from the replicated row (rate-limited or restricted), and says nothing otherwise; the
// ticket's connection notice says the messages wait, and why.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../i18n/i18n.ts";
import { ConnectionNotices } from "../tickets/ticket-header.tsx";
import { ConnectionsTable, type Row } from "./connections-table.tsx";

afterEach(() => cleanup());

const row = (over: Partial<Row>): Row => ({
  id: 1,
  name: "Vendas",
  channel: "whatsapp",
  status: "CONNECTED",
  isDefault: true,
  groupAsTicket: "disabled",
  companyId: 1,
  ...over,
});

function show(rows: Row[]) {
  const noop = () => {};
  render(<ConnectionsTable rows={rows} online canEdit onSession={noop} onEdit={noop} onDelete={noop} />);
}

describe("#connections send hold", () => {
  it("names why the queue of a connection waits, under its status", () => {
    show([
      row({ id: 1, sendHold: { reason: "rate-limited", detail: "429", since: "2026-11-24T08:00:00.000Z" } }),
      row({
        id: 2,
        name: "Suporte",
        sendHold: { reason: "restricted", detail: "463", since: "2026-11-24T08:00:00.000Z" },
      }),
      row({ id: 3, name: "Cobrança", sendHold: null }),
    ]);
    const held = screen.getAllByTestId("connection-held").map((p) => p.textContent);
    expect(held).toHaveLength(2);
    expect(held[0]).toMatch(/^Envios retidos desde .+: o WhatsApp limitou a quantidade de envios\.$/);
    expect(held[1]).toContain("o WhatsApp restringiu a conta");
  });
});

describe("#ticket connection notices", () => {
  it("says the messages wait and why on a held connection, beside the connection-down notice", () => {
    render(
      <ConnectionNotices
        whatsapp={row({ sendHold: { reason: "rate-limited", detail: "429", since: "2026-11-24T08:00:00.000Z" } })}
      />,
    );
    expect(screen.getByTestId("connection-held").textContent).toBe(
      "Os envios pela conexão Vendas estão retidos: o WhatsApp limitou a quantidade de envios. As mensagens aguardam na fila e saem quando o canal voltar a aceitar.",
    );
    expect(screen.queryByTestId("connection-down")).toBeNull();
    cleanup();
    render(<ConnectionNotices whatsapp={row({ status: "DISCONNECTED", sendHold: null })} />);
    expect(screen.getByTestId("connection-down")).toBeTruthy();
    expect(screen.queryByTestId("connection-held")).toBeNull();
  });
});
