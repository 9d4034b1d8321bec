// The 24-hour customer-service window of Meta's channels (decision 0053), as core enforces it
// (messages/customer-window.ts) and the PWA's composer foresees it: a free-form message reaches the contact only
// within 24 hours of their latest message on the connection; past it, only an approved Cloud API template.
import type { Channel } from "./entities.ts";

/** The channels whose free-form messages are bound to the window. */
export const WINDOW_CHANNELS: readonly Channel[] = ["whatsappapi", "facebook", "instagram"];

/** How long after the contact's latest message a free-form reply may go out. */
export const CUSTOMER_WINDOW_MS = 24 * 3600 * 1000;

export const windowBound = (channel: Channel): boolean => WINDOW_CHANNELS.includes(channel);

/** Whether a free-form reply may go out now, given when the contact last wrote (null: never). */
export function windowOpen(channel: Channel, lastInboundAt: string | Date | null, now = new Date()): boolean {
  if (!windowBound(channel)) return true;
  if (lastInboundAt === null) return false;
  return now.getTime() - new Date(lastInboundAt).getTime() < CUSTOMER_WINDOW_MS;
}
