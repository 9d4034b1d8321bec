// The platform's announcements (spec 3 §3 Announcement; migration 0065, decision 0072): no company of their own,
// every company's users read the active ones.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { timestamps } from "./columns.ts";

export const Announcement = defineEntity({
  name: "Announcement",
  tableName: "announcements",
  checks: [{ name: "announcements_priority_check", expression: "priority >= 1 AND priority <= 3" }],
  properties: {
    id: p.integer().primary(),
    title: p.text(),
    text: p.text(),
    /** 1 high, 2 medium, 3 low. */
    priority: p.smallint().default(3),
    /** Active: shown in every top bar. */
    status: p.boolean().default(true),
    /** The stored image's name under DATA_DIR/announcements. */
    mediaPath: p.text().nullable(),
    mediaName: p.text().nullable(),
    ...timestamps(),
  },
});
export type IAnnouncement = InferEntity<typeof Announcement>;
