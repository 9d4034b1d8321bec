// Spec 1 §4 Session: the warning when fewer than 5 days of subscription remain.
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import { describe, expect, it } from "vitest";
import { texts } from "./subscription-warning.texts.ts";
import { subscriptionDaysLeft, subscriptionWarning } from "./subscription-warning.ts";

function buildUser(over: Partial<UserDTO> = {}): UserDTO {
  return {
    id: 1,
    name: "Agente",
    email: "agente@example.com",
    profile: "user",
    super: false,
    companyId: 2,
    company: { id: 2, name: "Loja", dueDate: "2999-12-31" },
    whatsappId: null,
    startWork: "00:00",
    endWork: "23:59",
    allTicket: "disabled",
    allowGroup: false,
    defaultTheme: "light",
    defaultMenu: "open",
    allHistoric: "disabled",
    allUserChat: "disabled",
    userClosePendingTicket: "enabled",
    showDashboard: "disabled",
    allowRealTime: "disabled",
    allowConnections: "disabled",
    online: true,
    color: null,
    profileImage: null,
    defaultTicketsManagerWidth: 550,
    darkMode: false,
    ...over,
  };
}

const due = (dueDate: string, over: Partial<UserDTO> = {}) =>
  buildUser({ company: { id: 2, name: "Loja", dueDate }, ...over });
const now = new Date(2026, 10, 24, 23, 30);

describe("#subscription warning", () => {
  it("counts the whole days left under five: 4 to 1, then today", () => {
    expect(subscriptionDaysLeft(due("2026-11-28"), now)).toBe(4);
    expect(subscriptionWarning(due("2026-11-28"), now)).toEqual({ key: "days", count: 4 });
    expect(subscriptionWarning(due("2026-11-25"), now)).toEqual({ key: "one", count: 1 });
    expect(subscriptionWarning(due("2026-11-24T00:00:00.000Z"), now)).toEqual({ key: "today", count: 0 });
  });

  it("says nothing with five days or more, once expired (the /financeiro redirect says it), or for company 1", () => {
    expect(subscriptionWarning(due("2026-11-29"), now)).toBeNull();
    expect(subscriptionWarning(due("2026-11-23"), now)).toBeNull();
    expect(subscriptionWarning(due("2026-11-25", { companyId: 1 }), now)).toBeNull();
    expect(subscriptionWarning(due("2999-12-31"), now)).toBeNull();
  });

  it("words it as the spec: days remaining or that it expires today", () => {
    expect(texts["pt-BR"]).toMatchObject({
      today: "Sua assinatura vence hoje!",
      days: "Sua assinatura vence em {{count}} dias.",
    });
  });
});
