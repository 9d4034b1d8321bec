import type { DocumentKind } from "@chatflow/core/contract/documents/document-name.ts";
import { describe, expect, it } from "vitest";
import { documentAccess } from "./document-policy.ts";

const admin = { id: 10, companyId: 1, profile: "admin" as const, super: false };
const user = { id: 11, companyId: 1, profile: "user" as const, super: false };
const superUser = { id: 12, companyId: 1, profile: "user" as const, super: true };
const doc = (kind: DocumentKind, id = "main", companyId = 1) => ({ companyId, kind, id });

describe("#sync.policy documentAccess", () => {
  it("lets admins (profile admin or super) edit the general quick messages and shows them to users read-only", () => {
    expect(documentAccess(admin, doc("quick-messages", "general"))).toBe("edit");
    expect(documentAccess(superUser, doc("quick-messages", "general"))).toBe("edit");
    expect(documentAccess(user, doc("quick-messages", "general"))).toBe("read");
  });

  it("opens a personal quick-messages list to its owner only, admins included", () => {
    expect(documentAccess(user, doc("quick-messages", "user-11"))).toBe("edit");
    expect(documentAccess(admin, doc("quick-messages", "user-10"))).toBe("edit");
    expect(documentAccess(admin, doc("quick-messages", "user-11"))).toBe("none");
    expect(documentAccess(superUser, doc("quick-messages", "user-11"))).toBe("none");
    expect(documentAccess(user, doc("quick-messages", "user-10"))).toBe("none");
  });

  it("keeps flows to admins and shows kanban lanes to users read-only", () => {
    expect(documentAccess(admin, doc("flow", "9"))).toBe("edit");
    expect(documentAccess(user, doc("flow", "9"))).toBe("none");
    expect(documentAccess(admin, doc("kanban", "board"))).toBe("edit");
    expect(documentAccess(user, doc("kanban", "board"))).toBe("read");
    // One board per company: any other kanban document is no one's.
    expect(documentAccess(admin, doc("kanban", "main"))).toBe("none");
  });

  it("refuses every document of another company, even to its admins", () => {
    for (const [kind, id] of [
      ["quick-messages", "general"],
      ["quick-messages", "user-10"],
      ["flow", "main"],
      ["kanban", "board"],
    ] as const) {
      expect(documentAccess(admin, doc(kind, id, 2))).toBe("none");
    }
  });

  it("refuses any other quick-messages document, the old single list included", () => {
    for (const id of ["main", "second", "user-", "user-0", "user-011", "user-10x"]) {
      expect(documentAccess(admin, doc("quick-messages", id)), id).toBe("none");
    }
  });
});
