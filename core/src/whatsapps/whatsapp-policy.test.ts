import { describe, expect, it } from "vitest";
import { canWhatsapp, type WhatsappAction } from "./whatsapp-policy.ts";

const ACTIONS: WhatsappAction[] = ["read", "readToken", "create", "update", "delete", "session", "anyCompany"];
const actor = (profile: "admin" | "user", allowConnections: "enabled" | "disabled", isSuper = false) => ({
  profile,
  allowConnections,
  super: isSuper,
});
const allowed = (a: ReturnType<typeof actor>) => ACTIONS.filter((x) => canWhatsapp(a, x));

describe("whatsapp policy", () => {
  it("lets every member read the company's connections and nothing more", () => {
    expect(allowed(actor("user", "disabled"))).toEqual(["read"]);
  });

  it("treats a user with allowConnections enabled like an admin on the connections page (spec 2 §6)", () => {
    const managing = ["read", "readToken", "create", "update", "delete", "session"];
    expect(allowed(actor("user", "enabled"))).toEqual(managing);
    expect(allowed(actor("admin", "disabled"))).toEqual(managing);
  });

  it("keeps every company's connections to the super user", () => {
    expect(canWhatsapp(actor("admin", "enabled"), "anyCompany")).toBe(false);
    expect(canWhatsapp(actor("admin", "disabled", true), "anyCompany")).toBe(true);
  });
});
