import { describe, expect, it } from "vitest";
import { mergeTags } from "./tag-list.ts";

const tag = (id: number, name: string, contactsCount?: number) => ({
  id,
  name,
  color: "#123456",
  kanban: 0,
  contactsCount,
});

describe("mergeTags", () => {
  it("online shows core's page and the tags waiting in the outbox at their place by name", () => {
    const rows = mergeTags({
      server: [tag(1, "Atacado", 3), tag(2, "Varejo", 0)],
      cache: [tag(9, "Antiga")],
      pending: [{ outboxId: 4, name: "Premium", color: null }],
      search: "",
    });
    expect(rows.map((r) => [r.key, r.name, r.contactsCount, r.pending])).toEqual([
      ["t1", "Atacado", 3, false],
      ["p4", "Premium", 0, true],
      ["t2", "Varejo", 0, false],
    ]);
  });

  it("offline filters the cache like core (name contains, lower-cased) and drops a queued name core already has", () => {
    const rows = mergeTags({
      server: null,
      cache: [tag(1, "Cliente VIP"), tag(2, "Lead"), tag(3, "VIP antigo")],
      pending: [
        { outboxId: 5, name: "vip novo", color: "#ff0000" },
        { outboxId: 6, name: "Cliente VIP", color: null },
      ],
      search: "VIP",
    });
    expect(rows.map((r) => r.name)).toEqual(["Cliente VIP", "VIP antigo", "vip novo"]);
    expect(rows.find((r) => r.pending)?.color).toBe("#ff0000");
  });
});
