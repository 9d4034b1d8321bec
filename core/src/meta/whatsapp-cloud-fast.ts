// The common Cloud API delivery, accepted without zod (decision 0082). zod builds a copy of every object it checks,
// plus a result for each field: about 6 KB of garbage per delivery, and about 40 µs of core's CPU per message once
// its collection is counted. Each function here answers what the schema of the same name in whatsapp-cloud-payloads.ts
// would answer, or undefined when it cannot be sure. The caller then asks the schema, which decides and explains.
// These functions may refuse more than the schemas do, never accept more. whatsapp-cloud-fast.test.ts checks this
// on valid and mutated deliveries.

import type { z } from "zod";
import {
  CLOUD_MESSAGE_TYPES,
  CLOUD_RULES as R,
  type TCloudMessage,
  type ZCloudChangeSchema,
  type ZCloudContactSchema,
  type ZCloudEntrySchema,
  type ZCloudStatusSchema,
  type ZCloudWebhookSchema,
} from "./whatsapp-cloud-payloads.ts";

type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const isString = (v: unknown, max: number): v is string => typeof v === "string" && v.length <= max;
const optionalString = (v: unknown, max: number) => v === undefined || isString(v, max);
const matches = (v: unknown, re: RegExp): v is string => typeof v === "string" && re.test(v);
/** A list within the item limit; absent is an empty one (the schemas' default). */
const list = (v: unknown): unknown[] | undefined =>
  v === undefined ? [] : Array.isArray(v) && v.length <= R.maxItems ? v : undefined;
const TYPES: ReadonlySet<unknown> = new Set(CLOUD_MESSAGE_TYPES);

/** Walked as findNulByte walks (nul-bytes.ts): no NUL in a string or key, no object 64 deep. */
const MAX_DEPTH = 64;
function clean(v: unknown, depth: number): boolean {
  if (typeof v === "string") return !v.includes("\u0000");
  if (typeof v !== "object" || v === null) return true;
  if (depth >= MAX_DEPTH) return false;
  for (const k in v) {
    if (!Object.hasOwn(v, k)) continue;
    if (k.includes("\u0000") || !clean((v as Obj)[k], depth + 1)) return false;
  }
  return true;
}

export function fastCloudWebhook(v: unknown): z.infer<typeof ZCloudWebhookSchema> | undefined {
  if (!isObject(v) || !optionalString(v.object, R.maxObject)) return undefined;
  const entry = list(v.entry);
  if (!entry) return undefined;
  return v.object === undefined ? { entry } : { object: v.object, entry };
}

export function fastCloudEntry(v: unknown): z.infer<typeof ZCloudEntrySchema> | undefined {
  if (!isObject(v)) return undefined;
  const changes = list(v.changes);
  if (!changes) return undefined;
  if (v.id === undefined) return { changes };
  // The schema's .catch: an id that is not Meta's numeric one is dropped, the entry kept.
  return { id: matches(v.id, R.numericId) ? v.id : undefined, changes };
}

export function fastCloudChange(v: unknown): z.infer<typeof ZCloudChangeSchema> | undefined {
  if (!isObject(v) || !optionalString(v.field, R.maxField)) return undefined;
  const value = v.value;
  if (!isObject(value) || !isObject(value.metadata)) return undefined;
  const phoneNumberId = value.metadata.phone_number_id;
  if (!matches(phoneNumberId, R.numericId)) return undefined;
  const contacts = list(value.contacts);
  const messages = list(value.messages);
  const statuses = list(value.statuses);
  if (!contacts || !messages || !statuses) return undefined;
  // Errors of the number, rare: the schema reads them.
  if (value.errors !== undefined) return undefined;
  const out = { metadata: { phone_number_id: phoneNumberId }, contacts, messages, statuses };
  return v.field === undefined ? { value: out } : { field: v.field, value: out };
}

export function fastCloudContact(v: unknown): z.infer<typeof ZCloudContactSchema> | undefined {
  if (!isObject(v) || !matches(v.wa_id, R.waId)) return undefined;
  if (v.profile === undefined) return { wa_id: v.wa_id };
  const profile = v.profile;
  if (!isObject(profile) || !isString(profile.name, R.maxProfileName) || !clean(profile.name, 0)) return undefined;
  return { wa_id: v.wa_id, profile: { name: profile.name } };
}

/** The message as sent (the schema keeps every field: dataJson stores it whole). */
export function fastCloudMessage(v: unknown): TCloudMessage | undefined {
  if (!isObject(v) || !matches(v.id, R.id) || !matches(v.from, R.waId) || !TYPES.has(v.type)) return undefined;
  if (v.timestamp !== undefined && !matches(v.timestamp, R.timestamp)) return undefined;
  if (v.text !== undefined && !(isObject(v.text) && isString(v.text.body, R.maxTextBody))) return undefined;
  return clean(v, 0) ? (v as TCloudMessage) : undefined;
}

/** The receipt as sent (the schema keeps every field). */
export function fastCloudStatus(v: unknown): z.infer<typeof ZCloudStatusSchema> | undefined {
  if (!isObject(v) || !matches(v.id, R.id) || !isString(v.status, R.maxStatus)) return undefined;
  if (!optionalString(v.biz_opaque_callback_data, R.maxOpaque)) return undefined;
  return v as z.infer<typeof ZCloudStatusSchema>;
}
