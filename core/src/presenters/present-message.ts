// A message as the caller may read it. Its contact carries only a name, but an
// inbound Cloud API message keeps the webhook's payload in dataJson, whose `from`
// is the contact's own number: under LGPD hiding it is masked like the contact's.
import { maskNumber } from "../contacts/mask-number.ts";
import type { Viewer } from "./viewer.ts";

export function presentMessage<T extends { dataJson: unknown }>(viewer: Viewer, message: T): T {
  if (!viewer.hideNumbers) return message;
  const data = message.dataJson;
  if (!data || typeof data !== "object" || Array.isArray(data)) return message;
  const from = (data as { from?: unknown }).from;
  if (typeof from !== "string") return message;
  return { ...message, dataJson: { ...data, from: maskNumber(from) } };
}
