import type { TicketDTO } from "@chatflow/core/contract/entities.ts";
import { describe, expect, it } from "vitest";
import { buildTicket } from "../test-support/factories.ts";
import { buildSessionUser } from "../test-support/users.ts";
import {
  hasNewMessages,
  isNotification,
  newlyWaiting,
  notificationTickets,
  pageTitle,
  showsPendingNotifications,
} from "./notifications.ts";

describe("#pageTitle (spec 1 §2: exact up to 20, then bracketed)", () => {
  it("counts exactly up to 20 and caps beyond", () => {
    expect(pageTitle(0, "Chat-flow")).toBe("Chat-flow");
    expect(pageTitle(1, "Chat-flow")).toBe("(1) Chat-flow");
    expect(pageTitle(20, "Chat-flow")).toBe("(20) Chat-flow");
    expect(pageTitle(21, "Chat-flow")).toBe("(20+) Chat-flow");
    expect(pageTitle(500, "Chat-flow")).toBe("(20+) Chat-flow");
  });
});

describe("#notifications", () => {
  const me = 7;
  it("lists my open and group tickets with unread messages, not others' nor read ones", () => {
    expect(isNotification(buildTicket({ status: "open", userId: me, unreadMessages: 2 }), me, false)).toBe(true);
    expect(isNotification(buildTicket({ status: "group", userId: me, unreadMessages: 1 }), me, false)).toBe(true);
    expect(isNotification(buildTicket({ status: "open", userId: 8, unreadMessages: 2 }), me, false)).toBe(false);
    expect(isNotification(buildTicket({ status: "open", userId: me, unreadMessages: 0 }), me, false)).toBe(false);
    expect(isNotification(buildTicket({ status: "closed", userId: me, unreadMessages: 3 }), me, true)).toBe(false);
  });

  it("lists pending tickets only when showNotificationPending is on", () => {
    const pending = buildTicket({ status: "pending", userId: null, unreadMessages: 1 });
    expect(isNotification(pending, me, false)).toBe(false);
    expect(isNotification(pending, me, true)).toBe(true);
    const user = buildSessionUser();
    expect(showsPendingNotifications(user)).toBe(false);
    expect(
      showsPendingNotifications({
        ...user,
        company: { ...user.company!, companieSettings: { showNotificationPending: "true" } },
      }),
    ).toBe(true);
    expect(showsPendingNotifications({ ...user, company: { id: 2, name: "", dueDate: null } })).toBe(false);
  });

  it("puts the newest first", () => {
    const older = buildTicket({
      id: 1,
      status: "open",
      userId: me,
      unreadMessages: 1,
      updatedAt: "2025-01-01T10:00:00Z",
    });
    const newer = buildTicket({
      id: 2,
      status: "open",
      userId: me,
      unreadMessages: 1,
      updatedAt: "2025-01-02T10:00:00Z",
    });
    expect(notificationTickets([older, newer], me, false).map((t) => t.id)).toEqual([2, 1]);
  });

  it("rings for a new conversation or a grown unread count, not for the same or fewer", () => {
    const seen = new Map([[1, 2]]);
    expect(hasNewMessages(seen, [buildTicket({ id: 1, unreadMessages: 2 })])).toBe(false);
    expect(hasNewMessages(seen, [buildTicket({ id: 1, unreadMessages: 1 })])).toBe(false);
    expect(hasNewMessages(seen, [buildTicket({ id: 1, unreadMessages: 3 })])).toBe(true);
    expect(hasNewMessages(seen, [buildTicket({ id: 2, unreadMessages: 1 })])).toBe(true);
  });
});

describe("newlyWaiting", () => {
  const t = (id: number, status: TicketDTO["status"], updatedAt: string) => buildTicket({ id, status, updatedAt });
  it("answers the waiting conversations not seen before, newest first", () => {
    const waiting = [
      t(1, "pending", "2025-01-01T10:00:00Z"),
      t(2, "pending", "2025-01-01T11:00:00Z"),
      t(3, "pending", "2025-01-01T12:00:00Z"),
      t(4, "open", "2025-01-01T13:00:00Z"),
    ];
    expect(newlyWaiting(new Set([1]), waiting).map((x) => x.id)).toEqual([3, 2]);
    expect(newlyWaiting(new Set([1, 2, 3]), waiting)).toEqual([]);
  });
});
