import { describe, expect, it } from "vitest";
import { composeBody, signBody } from "./compose-body.ts";

// 14:05 in São Paulo (UTC-3): 'Boa tarde'.
const now = new Date("2025-03-04T17:05:09.000Z");
const context = {
  contact: { name: "Maria Souza" },
  user: { name: "Ana" },
  ticket: { id: 42, createdAt: "2025-03-01T12:00:00.000Z" },
  queue: { name: "Vendas" },
  connection: { name: "Loja" },
};

describe("composer variables and signature", () => {
  it("fills every variable of the spec", () => {
    const text =
      "{{ms}} {{firstName}} ({{name}}), sou {{userName}}. Ticket {{ticket_id}}, protocolo {{protocol}}, " +
      "fila {{queue}}, conexão {{connection}}, {{date}} {{hour}}";
    expect(composeBody(text, { context, sign: false, isPrivate: false, now })).toBe(
      "Boa tarde Maria (Maria Souza), sou Ana. Ticket 42, protocolo 2025030109000042, " +
        "fila Vendas, conexão Loja, 04/03/2025 14:05:09",
    );
  });

  it("leaves unknown variables as written and fills missing records with ''", () => {
    expect(composeBody("Oi {{firstName}} {{foo}}", { context: {}, sign: false, isPrivate: false, now })).toBe(
      "Oi  {{foo}}",
    );
  });

  it("signs with the agent's name on its own bold line when the signature applies", () => {
    expect(composeBody("Olá {{firstName}}", { context, sign: true, isPrivate: false, now })).toBe("*Ana:*\nOlá Maria");
  });

  it("never signs a private note, nor an empty text", () => {
    expect(composeBody("nota", { context, sign: true, isPrivate: true, now })).toBe("nota");
    expect(composeBody("   ", { context, sign: true, isPrivate: false, now })).toBe("");
  });

  it("leaves the text unsigned when the agent has no name", () => {
    expect(signBody("oi", "  ")).toBe("oi");
  });
});
