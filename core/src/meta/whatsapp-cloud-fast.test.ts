// The allocation-free check must never accept what the contract's schema refuses, and what it accepts must be what
// the schema would have answered (decision 0082). Both are run on valid Cloud API items and on thousands of
// mutations of them (a field dropped, retyped, too long, off its pattern, holding a NUL, nested too deep).
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  fastCloudChange,
  fastCloudContact,
  fastCloudEntry,
  fastCloudMessage,
  fastCloudStatus,
  fastCloudWebhook,
} from "./whatsapp-cloud-fast.ts";
import {
  CLOUD_RULES,
  ZCloudChangeSchema,
  ZCloudContactSchema,
  ZCloudEntrySchema,
  ZCloudMessageSchema,
  ZCloudStatusSchema,
  ZCloudWebhookSchema,
} from "./whatsapp-cloud-payloads.ts";

type Json = unknown;

/** A small seeded generator, so a failure names a case that runs again the same way. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let deep: Json = "leaf";
for (let i = 0; i < 70; i++) deep = { d: deep };

/** Values a field may be replaced with: each kind of wrong, and some right ones. */
const REPLACEMENTS: Json[] = [
  undefined,
  null,
  0,
  12,
  true,
  [],
  {},
  "",
  "abc",
  "5511999990000",
  "123",
  "wamid.HBgLNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBDMEY2",
  "a\u0000b",
  "x".repeat(CLOUD_RULES.maxObject + 1),
  "9".repeat(CLOUD_RULES.maxProfileName + 1),
  "1".repeat(33),
  "1".repeat(13),
  "has space",
  "text",
  "image",
  "sent",
  "not-a-type",
  { body: "hello" },
  { body: "a\u0000" },
  { body: 5 },
  { name: "Ana" },
  { name: "x".repeat(CLOUD_RULES.maxProfileName + 1) },
  { phone_number_id: "1234" },
  { phone_number_id: "12a" },
  Array.from({ length: CLOUD_RULES.maxItems + 1 }, () => ({})),
  deep,
  { "k\u0000": 1 },
];

/** Every path to a value inside `v` (object keys and array indexes). */
function paths(v: Json, at: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [at];
  if (Array.isArray(v)) {
    for (const [i, c] of v.entries()) out.push(...paths(c, [...at, i]));
  } else if (v && typeof v === "object") for (const [k, c] of Object.entries(v)) out.push(...paths(c, [...at, k]));
  return out;
}

/** `v` with the value at `path` replaced (undefined deletes it); new objects along the path. */
function replaced(v: Json, path: (string | number)[], by: Json): Json {
  if (path.length === 0) return by;
  const [head, ...rest] = path;
  if (Array.isArray(v)) return v.map((c, i) => (i === head ? replaced(c, rest, by) : c));
  const copy = { ...(v as Record<string, Json>) };
  const next = replaced(copy[head as string], rest, by);
  if (next === undefined) delete copy[head as string];
  else copy[head as string] = next;
  return copy;
}

/** The valid items, then up to `count` mutations of them: one to three replacements each. */
function cases(valid: Json[], count: number, seed: number): Json[] {
  const next = random(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)]!;
  const out = [...valid];
  for (let i = 0; i < count; i++) {
    let v: Json = pick(valid);
    for (let n = 1 + Math.floor(next() * 3); n > 0; n--) v = replaced(v, pick(paths(v)), pick(REPLACEMENTS));
    out.push(v);
  }
  return out;
}

const TEXT = {
  from: "5511999990000",
  id: "wamid.HBgLNTUxMTk5OTk5MDAwMBUCABIYFjNFQjBDMEY2",
  timestamp: "1732876543",
  type: "text",
  text: { body: "Olá, preciso de ajuda" },
};
const IMAGE = {
  from: "5511999990000",
  id: "wamid.image.1",
  timestamp: "1732876543",
  type: "image",
  image: { caption: "foto", mime_type: "image/jpeg", sha256: "abc=", id: "1234567890" },
};
const CONTACT = { profile: { name: "Ana Souza" }, wa_id: "5511999990000" };
const STATUS = {
  id: "wamid.sent.1",
  status: "delivered",
  timestamp: "1732876543",
  recipient_id: "5511999990000",
  biz_opaque_callback_data: "0193a2b4-7c1d-7e4f-9a00-123456789abc",
};
const CHANGE = {
  field: "messages",
  value: {
    messaging_product: "whatsapp",
    metadata: { display_phone_number: "5511000000000", phone_number_id: "109876543210" },
    contacts: [CONTACT],
    messages: [TEXT],
  },
};
const ENTRY = { id: "102290129340398", changes: [CHANGE] };
const DELIVERY = { object: "whatsapp_business_account", entry: [ENTRY] };

const KINDS: [string, z.ZodType, (v: unknown) => unknown, Json[]][] = [
  ["delivery", ZCloudWebhookSchema, fastCloudWebhook, [DELIVERY, {}, { entry: [] }]],
  ["entry", ZCloudEntrySchema, fastCloudEntry, [ENTRY, { changes: [] }, { id: "waba", changes: [CHANGE] }]],
  ["change", ZCloudChangeSchema, fastCloudChange, [CHANGE, { value: { metadata: { phone_number_id: "1" } } }]],
  ["contact", ZCloudContactSchema, fastCloudContact, [CONTACT, { wa_id: "5511999990000" }]],
  ["message", ZCloudMessageSchema, fastCloudMessage, [TEXT, IMAGE, { ...TEXT, text: undefined, type: "unknown" }]],
  ["status", ZCloudStatusSchema, fastCloudStatus, [STATUS, { id: "wamid.x", status: "read" }]],
];

describe("#whatsapp-cloud fast check", () => {
  for (const [kind, schema, fast, valid] of KINDS) {
    it(`accepts a valid ${kind} as its schema answers it`, () => {
      for (const v of valid) {
        const parsed = schema.safeParse(v);
        expect(parsed.success, JSON.stringify(v)).toBe(true);
        expect(fast(v), JSON.stringify(v)).toEqual(parsed.data);
      }
    });

    it(`never accepts a ${kind} its schema refuses, nor answers it differently (4,000 mutations)`, () => {
      let refused = 0;
      let accepted = 0;
      for (const v of cases(valid, 4000, kind.length * 7919)) {
        const answer = fast(v);
        const parsed = schema.safeParse(v);
        if (!parsed.success) refused++;
        if (answer === undefined) continue;
        accepted++;
        expect(parsed.success, JSON.stringify(v)?.slice(0, 500)).toBe(true);
        expect(answer, JSON.stringify(v)?.slice(0, 500)).toEqual(parsed.data);
      }
      // The mutations reach both sides: many refused by the schema, many accepted by the check.
      expect(refused).toBeGreaterThan(100);
      expect(accepted).toBeGreaterThan(100);
    });
  }
});
