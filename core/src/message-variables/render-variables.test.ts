import { describe, expect, it } from "vitest";
import { greetingFor, renderVariables, type VariableContext } from "./render-variables.ts";

// 2024-03-15 13:05:09 UTC is 10:05:09 in São Paulo (UTC-3, no daylight saving since 2019).
const NOW = new Date("2024-03-15T13:05:09Z");
const ctx: VariableContext = {
  contact: { name: "Maria  da Silva" },
  user: { name: "Bruno" },
  ticket: { id: 42, protocol: null, createdAt: new Date("2024-03-14T02:03:04Z") },
  queue: { name: "Vendas" },
  connection: { name: "Loja Centro" },
};

describe("#renderVariables", () => {
  it("fills every variable of spec 1 from the ticket's records", () => {
    const text =
      "{{ms}} {{firstName}} ({{name}}), sou {{userName}} da {{queue}} via {{connection}}. " +
      "Ticket {{ticket_id}}, protocolo {{protocol}}, {{date}} {{hour}}";
    expect(renderVariables(text, ctx, NOW)).toBe(
      "Bom dia Maria (Maria  da Silva), sou Bruno da Vendas via Loja Centro. " +
        "Ticket 42, protocolo 2024031323030442, 15/03/2024 10:05:09",
    );
  });

  it("greets by the hour in São Paulo, not the server's zone", () => {
    expect(greetingFor(new Date("2024-03-15T08:59:59Z"))).toBe("Boa madrugada"); // 05:59
    expect(greetingFor(new Date("2024-03-15T09:00:00Z"))).toBe("Bom dia"); // 06:00
    expect(greetingFor(new Date("2024-03-15T14:59:59Z"))).toBe("Bom dia"); // 11:59
    expect(greetingFor(new Date("2024-03-15T15:00:00Z"))).toBe("Boa tarde"); // 12:00
    expect(greetingFor(new Date("2024-03-15T21:00:00Z"))).toBe("Boa noite"); // 18:00
    expect(greetingFor(new Date("2024-03-16T02:59:59Z"))).toBe("Boa noite"); // 23:59
    expect(greetingFor(new Date("2024-03-16T03:00:00Z"))).toBe("Boa madrugada"); // 00:00
  });

  it("tells the date of São Paulo around midnight UTC", () => {
    // 01:30 UTC on the 16th is still the 15th, 22:30, in São Paulo.
    expect(renderVariables("{{date}} {{hour}}", {}, new Date("2024-03-16T01:30:00Z"))).toBe("15/03/2024 22:30:00");
  });

  it("keeps a stored protocol and leaves unknown variables as written", () => {
    const text = renderVariables("{{ protocol }} {{unknown}} {{name", { ticket: { id: 1, protocol: "P-9" } }, NOW);
    expect(text).toBe("P-9 {{unknown}} {{name");
  });

  it("renders absent records as empty text", () => {
    expect(renderVariables("[{{firstName}}|{{userName}}|{{queue}}|{{connection}}|{{ticket_id}}]", {}, NOW)).toBe(
      "[||||]",
    );
  });
});
