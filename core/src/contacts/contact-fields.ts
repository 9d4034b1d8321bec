// Field rules shared by the contact use cases: the origin connection decides
// the channel, and custom fields (extraInfo) keep their ids across edits.
import type pg from "pg";
import type { TExtraInfoItem } from "../contract/contacts.ts";
import type { Channel } from "../contract/entities.ts";
import { whatsappNotFound } from "../kernel/errors.ts";

/** The channel of the company's connection, or 404 ERR_NO_WAPP_FOUND. */
export async function connectionChannel(
  client: pg.ClientBase,
  companyId: number,
  whatsappId: number,
): Promise<Channel> {
  const { rows } = await client.query<{ channel: Channel }>(
    "SELECT channel FROM whatsapps WHERE id = $1 AND company_id = $2",
    [whatsappId, companyId],
  );
  if (!rows[0]) throw whatsappNotFound();
  return rows[0].channel;
}

/**
 * The new list of custom fields: an item naming the id of a current one keeps
 * that id; every other item gets the next free id. Items left out are gone.
 */
export function assignExtraInfoIds(
  current: TExtraInfoItem[],
  incoming: { id?: number; name: string; value: string }[],
): TExtraInfoItem[] {
  const currentIds = new Set(current.map((i) => i.id));
  const kept = new Set<number>();
  let nextId = Math.max(0, ...current.map((i) => i.id));
  return incoming.map((item) => {
    if (item.id !== undefined && currentIds.has(item.id) && !kept.has(item.id)) {
      kept.add(item.id);
      return { id: item.id, name: item.name, value: item.value };
    }
    nextId += 1;
    return { id: nextId, name: item.name, value: item.value };
  });
}
