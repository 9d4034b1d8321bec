// What a message's marks say (spec 1 §2 delivery marks), and which messages of a conversation
// are reactions to show on their target rather than as bubbles of their own.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";

export type DeliveryState = "queued" | "accepted" | "sent" | "delivered" | "read" | "failed";

/**
 * queued: written here, still in this device's outbox (core has not accepted it: the upload arrow); accepted: core
 * has it and the channel has not taken it yet (ack 0, the clock); then ack 1 sent, 2 delivered, 3 to 5 read/played;
 * -1 failed. Three places, each with its own icon and name (ack-mark.tsx, issue 21).
 */
export function deliveryState(m: Pick<MessageDTO, "ack">, inOutbox: boolean): DeliveryState {
  if (m.ack < 0) return "failed";
  if (m.ack === 0) return inOutbox ? "queued" : "accepted";
  if (m.ack === 1) return "sent";
  if (m.ack === 2) return "delivered";
  return "read";
}

type Data = Record<string, unknown>;
const obj = (v: unknown): Data => (v && typeof v === "object" && !Array.isArray(v) ? (v as Data) : {});

/**
 * The channel's id of a message: the replicated remoteId (our outbound messages once sent), else what its
 * dataJson carries (Cloud API webhook `id`, Baileys `key.id`).
 */
export function remoteIdOf(m: MessageDTO): string | null {
  if (m.remoteId) return m.remoteId;
  const d = obj(m.dataJson);
  const id = d.id ?? obj(d.key).id;
  return typeof id === "string" && id ? id : null;
}

/**
 * The message a reaction answers: Cloud API `reaction.message_id`, Messenger and Instagram `reaction.mid`, Baileys
 * `reactionMessage.key.id`.
 */
export function reactionTargetOf(m: MessageDTO): string | null {
  const d = obj(m.dataJson);
  const id = obj(d.reaction).message_id ?? obj(d.reaction).mid ?? obj(obj(d.reactionMessage).key).id;
  return typeof id === "string" && id ? id : null;
}

export type Reaction = { emoji: string; fromMe: boolean; id: string };

/**
 * Splits reactions off the conversation: each lands on its target (by our id or the channel's);
 * the newest reaction of a person replaces their earlier one, and an empty emoji removes it
 * (how WhatsApp withdraws a reaction). Reactions whose target is not loaded stay in the list.
 */
export function splitReactions(messages: MessageDTO[]): { shown: MessageDTO[]; reactions: Map<string, Reaction[]> } {
  const byRemote = new Map<string, string>();
  const ids = new Set<string>();
  for (const m of messages) {
    ids.add(m.id);
    const remote = remoteIdOf(m);
    if (remote && m.mediaType !== "reactionMessage") byRemote.set(remote, m.id);
  }
  const latest = new Map<string, Map<string, Reaction>>();
  const shown: MessageDTO[] = [];
  for (const m of messages) {
    if (m.mediaType !== "reactionMessage") {
      shown.push(m);
      continue;
    }
    const target = reactionTargetOf(m);
    const targetId = target ? (byRemote.get(target) ?? (ids.has(target) ? target : null)) : null;
    if (!targetId) {
      if (m.body) shown.push(m);
      continue;
    }
    const who = m.fromMe ? "me" : `c${m.contactId ?? ""}`;
    const people = latest.get(targetId) ?? new Map<string, Reaction>();
    if (m.body) people.set(who, { emoji: m.body, fromMe: m.fromMe, id: m.id });
    else people.delete(who);
    latest.set(targetId, people);
  }
  const reactions = new Map<string, Reaction[]>();
  for (const [id, people] of latest) if (people.size > 0) reactions.set(id, [...people.values()]);
  return { shown, reactions };
}
