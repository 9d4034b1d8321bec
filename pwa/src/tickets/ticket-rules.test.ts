import type { TicketStatus } from "@chatflow/core/contract/entities.ts";
import { describe, expect, it } from "vitest";
import { buildTicket } from "../test-support/factories.ts";
import { buildSessionUser } from "../test-support/users.ts";
import { needsQueueChoice, replyAllowed, replyGate, ticketActions } from "./ticket-rules.ts";

const agent = buildSessionUser({ id: 7, profile: "user", userClosePendingTicket: "disabled" });
const admin = buildSessionUser({ id: 1, profile: "admin", userClosePendingTicket: "disabled" });
const ticket = (status: TicketStatus, userId: number | null = null) => buildTicket({ status, userId, queueId: 3 });

describe("#tickets.ticketActions", () => {
  it("offers accept on a pending ticket; ignore only with userClosePendingTicket, close only with showDashboard", () => {
    expect(ticketActions(ticket("pending"), agent)).toEqual(["accept"]);
    expect(ticketActions(ticket("pending"), { ...agent, userClosePendingTicket: "enabled" })).toEqual([
      "accept",
      "ignore",
    ]);
    expect(ticketActions(ticket("pending"), { ...agent, showDashboard: "enabled" })).toEqual(["accept", "resolve"]);
  });

  it("gives admins transfer, close, ignore and delete on a pending ticket", () => {
    expect(ticketActions(ticket("pending"), admin)).toEqual(["accept", "transfer", "resolve", "ignore", "delete"]);
  });

  it("offers return, transfer and resolve on an attended ticket (open or group)", () => {
    for (const status of ["open", "group"] as const) {
      expect(ticketActions(ticket(status, 7), agent)).toEqual(["returnToQueue", "transfer", "resolve"]);
      expect(ticketActions(ticket(status, 7), admin)).toEqual(["returnToQueue", "transfer", "resolve", "delete"]);
    }
  });

  it("offers reopen on a closed ticket, resolve on one waiting for its rating, ignore on lgpd", () => {
    expect(ticketActions(ticket("closed", 7), agent)).toEqual(["reopen"]);
    expect(ticketActions(ticket("nps", 7), agent)).toEqual(["resolve"]);
    expect(ticketActions(ticket("lgpd"), agent)).toEqual([]);
    expect(ticketActions(ticket("lgpd"), { ...agent, userClosePendingTicket: "enabled" })).toEqual(["ignore"]);
  });

  it("never offers delete to a plain user", () => {
    for (const status of ["pending", "open", "group", "closed", "nps", "lgpd"] as const) {
      expect(ticketActions(ticket(status, 7), { ...agent, showDashboard: "enabled" })).not.toContain("delete");
    }
  });

  it("asks for a queue when the ticket has none", () => {
    expect(needsQueueChoice(buildTicket({ queueId: null }))).toBe(true);
    expect(needsQueueChoice(buildTicket({ queueId: 2 }))).toBe(false);
  });
});

describe("#tickets.replyAllowed", () => {
  it("lets the owner reply on an open or group ticket", () => {
    expect(replyAllowed(ticket("open", 7), agent)).toBe(true);
    expect(replyAllowed(ticket("group", 7), agent)).toBe(true);
  });

  it("never allows a reply on a ticket nobody attends: pending (accept first), or open without owner", () => {
    expect(replyAllowed(ticket("pending"), agent)).toBe(false);
    expect(replyAllowed(ticket("pending"), admin)).toBe(false);
    expect(replyAllowed(ticket("open", null), admin)).toBe(false);
    expect(replyGate(ticket("pending"), admin)).toBe("accept");
  });

  it("offers reopen instead of a reply on a closed ticket", () => {
    expect(replyAllowed(ticket("closed", 7), agent)).toBe(false);
    expect(replyGate(ticket("closed", 7), agent)).toBe("reopen");
  });

  it("lets admins and allUserChat users step into another user's conversation; others read it", () => {
    const others = ticket("open", 99);
    expect(replyAllowed(others, admin)).toBe(true);
    expect(replyAllowed(others, { ...agent, allUserChat: "enabled" })).toBe(true);
    expect(replyAllowed(others, agent)).toBe(false);
    expect(replyGate(others, agent)).toBe("attendedByOther");
  });

  it("waits for the contact on nps and lgpd tickets, and allows nothing with no user", () => {
    expect(replyGate(ticket("nps", 7), agent)).toBe("waitingContact");
    expect(replyGate(ticket("lgpd", null), agent)).toBe("waitingContact");
    expect(replyAllowed(ticket("open", 7), null)).toBe(false);
    expect(replyGate(ticket("open", 7), agent)).toBe("none");
  });
});
