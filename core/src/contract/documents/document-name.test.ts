import { describe, expect, it } from "vitest";
import { formatDocumentName, parseDocumentName } from "./document-name.ts";

describe("#document names", () => {
  it("parses what it formats", () => {
    const name = { companyId: 3, kind: "flow" as const, id: "42" };
    expect(formatDocumentName(name)).toBe("company/3/flow/42");
    expect(parseDocumentName("company/3/flow/42")).toEqual(name);
    expect(parseDocumentName("company/1/quick-messages/main")).toEqual({
      companyId: 1,
      kind: "quick-messages",
      id: "main",
    });
  });

  it("rejects unknown kinds and malformed names", () => {
    for (const name of [
      "company/1/invoices/1",
      "company/0/flow/1",
      "company/01/flow/1",
      "company/x/flow/1",
      "company/1/flow",
      "company/1/flow/",
      "company/1/flow/a/b",
      "company/1/flow/..",
      "team/1/flow/1",
      `company/1/flow/${"a".repeat(65)}`,
      "",
    ]) {
      expect(parseDocumentName(name), name).toBeNull();
    }
  });
});
