import { describe, expect, it } from "vitest";
import type { DocumentKind } from "../documents/document-name.ts";
import { documentAccess } from "./document-policy.ts";

const admin = { companyId: 1, profile: "admin" as const };
const user = { companyId: 1, profile: "user" as const };
const doc = (kind: DocumentKind, id = "main", companyId = 1) => ({ companyId, kind, id });

describe("#sync.policy documentAccess", () => {
  it("gives quick messages to every user of the company", () => {
    expect(documentAccess(user, doc("quick-messages"))).toBe("edit");
    expect(documentAccess(admin, doc("quick-messages"))).toBe("edit");
  });

  it("keeps flows to admins and shows kanban lanes to users read-only", () => {
    expect(documentAccess(admin, doc("flow", "9"))).toBe("edit");
    expect(documentAccess(user, doc("flow", "9"))).toBe("none");
    expect(documentAccess(admin, doc("kanban"))).toBe("edit");
    expect(documentAccess(user, doc("kanban"))).toBe("read");
  });

  it("refuses every document of another company, even to its admins", () => {
    for (const kind of ["quick-messages", "flow", "kanban"] as const) {
      expect(documentAccess(admin, doc(kind, "main", 2))).toBe("none");
    }
  });

  it("refuses a quick-messages document other than the company's one list", () => {
    expect(documentAccess(admin, doc("quick-messages", "second"))).toBe("none");
  });
});
