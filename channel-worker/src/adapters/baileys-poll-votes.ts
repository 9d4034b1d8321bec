// Poll votes through Baileys (spec 1 §2 pollCreationMessageV3 "with decrypted votes"; decision 0053). A vote comes
// as a pollUpdateMessage encrypted with the poll's own secret; Baileys 7 no longer decrypts it (its code for that is
// commented out in Utils/process-message.js), so the adapter does: the poll's secret was kept in its data_json when
// it was stored, the vote is decrypted with Baileys' decryptPollVote, the chosen options are told by their SHA-256,
// and the poll's data_json.votes records each voter's latest choice (an empty choice takes the vote back).
import { createHash } from "node:crypto";
import { recordChanges } from "@chatflow/core/kernel/change-log.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import {
  decryptPollVote,
  jidNormalizedUser,
  normalizeMessageContent,
  type proto,
  type WAMessage,
  type WAMessageKey,
} from "@whiskeysockets/baileys";
import type pg from "pg";
import { contactNumberOf, remoteIdOf } from "./whatsapp-baileys-inbound.ts";

/** The vote a message carries, or null. */
export function pollVoteOf(m: WAMessage): proto.Message.IPollUpdateMessage | null {
  const vote = normalizeMessageContent(m.message)?.pollUpdateMessage;
  return vote?.pollCreationMessageKey?.id && vote.vote?.encPayload && vote.vote.encIv ? vote : null;
}

/** The jids a key's author may be named by (the vote's keys are derived from one of them): phone number and LID. */
function authorJids(key: WAMessageKey, me: { id?: string; lid?: string }): string[] {
  const jids = key.fromMe
    ? [me.id, me.lid]
    : [key.participantAlt, key.remoteJidAlt, key.participant, key.remoteJid].filter((j) => j && !j.endsWith("@g.us"));
  return [...new Set(jids.filter((j): j is string => Boolean(j)).map((j) => jidNormalizedUser(j)))];
}

/** The chosen options' names; null when no pair of the creator's and the voter's jids opens the vote. */
export function decryptVote(
  update: proto.Message.IPollUpdateMessage,
  voteKey: WAMessageKey,
  poll: { secret: Buffer; options: string[] },
  me: { id?: string; lid?: string },
): string[] | null {
  const creationKey = update.pollCreationMessageKey!;
  for (const creator of authorJids(creationKey, me)) {
    for (const voter of authorJids(voteKey, me)) {
      let vote: proto.Message.PollVoteMessage;
      try {
        vote = decryptPollVote(update.vote!, {
          pollEncKey: poll.secret,
          pollCreatorJid: creator,
          pollMsgId: creationKey.id!,
          voterJid: voter,
        });
      } catch {
        continue; // GCM's tag refuses a wrong key: try the next pair
      }
      const byHash = new Map(poll.options.map((name) => [createHash("sha256").update(name).digest("hex"), name]));
      return (vote.selectedOptions ?? []).map((h) => byHash.get(Buffer.from(h).toString("hex")) ?? "?");
    }
  }
  return null;
}

type PollRow = {
  id: string;
  data_json: { pollSecret?: string; pollCreationMessageV3?: { options?: { optionName?: string }[] } };
};

/**
 * Records the vote on its poll (a message of this connection); answers false when the poll is not stored, kept no
 * secret, or the vote does not open (then nothing changes).
 */
export async function recordPollVote(
  pool: pg.Pool,
  owner: { companyId: number; whatsappId: number },
  m: WAMessage,
  update: proto.Message.IPollUpdateMessage,
  me: { id?: string; lid?: string },
): Promise<boolean> {
  const pollRemoteId = remoteIdOf(update.pollCreationMessageKey!);
  const { rows } = await pool.query<PollRow>(
    `SELECT id, data_json FROM messages WHERE company_id = $1 AND whatsapp_id = $2 AND remote_id = $3
       AND media_type = 'pollCreationMessageV3'`,
    [owner.companyId, owner.whatsappId, pollRemoteId],
  );
  const poll = rows[0];
  const secret = poll?.data_json?.pollSecret;
  if (!poll || !secret) return false;
  const options = (poll.data_json.pollCreationMessageV3?.options ?? []).map((o) => o.optionName ?? "");
  const chosen = decryptVote(update, m.key, { secret: Buffer.from(secret, "base64"), options }, me);
  if (chosen === null) return false;
  const voterJid = m.key.fromMe ? null : (m.key.participantAlt ?? m.key.participant ?? m.key.remoteJid ?? null);
  const voter = m.key.fromMe ? "me" : (contactNumberOf(voterJid ?? "", m.key.remoteJidAlt) ?? voterJid ?? "?");
  await transaction(pool, async (client) => {
    await client.query(
      `UPDATE messages SET data_json = jsonb_set(data_json, '{votes}',
         CASE WHEN jsonb_array_length($4::jsonb) = 0 THEN coalesce(data_json->'votes', '{}') - $3::text
           ELSE coalesce(data_json->'votes', '{}') || jsonb_build_object($3::text, $4::jsonb) END),
         updated_at = now()
       WHERE company_id = $1 AND id = $2`,
      [owner.companyId, poll.id, voter, JSON.stringify(chosen)],
    );
    await recordChanges(client, [{ companyId: owner.companyId, entity: "messages", id: poll.id }]);
  });
  return true;
}
