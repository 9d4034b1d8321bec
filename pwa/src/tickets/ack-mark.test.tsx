// @vitest-environment jsdom
// A message's three places (this device's outbox, the server, the channel) are told apart by sight and by name.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../i18n/i18n.ts";
import { AckMark } from "./ack-mark.tsx";

afterEach(() => cleanup());

function mark(ack: -1 | 0 | 1 | 2 | 3, queued = false) {
  render(<AckMark ack={ack} queued={queued} />);
  const el = screen.getByRole("img");
  const shape = el.querySelector("svg")?.innerHTML ?? "";
  const out = { name: el.getAttribute("aria-label"), state: el.dataset.state, shape };
  cleanup();
  return out;
}

describe("AckMark", () => {
  it("names each state and draws the device's outbox, the server and the channel with distinct icons", () => {
    const device = mark(0, true);
    const server = mark(0);
    const sent = mark(1);
    expect(device).toMatchObject({ name: "Neste aparelho, aguardando envio ao servidor", state: "queued" });
    expect(server).toMatchObject({ name: "No servidor, aguardando o canal", state: "accepted" });
    expect(sent).toMatchObject({ name: "Enviada", state: "sent" });
    expect(new Set([device.shape, server.shape, sent.shape]).size).toBe(3);
    expect(mark(2)).toMatchObject({ name: "Entregue", state: "delivered" });
    expect(mark(3)).toMatchObject({ name: "Lida", state: "read" });
    expect(mark(-1)).toMatchObject({ name: "Falha no envio", state: "failed" });
  });
});
