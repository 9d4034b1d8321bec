// Use case: a connection's greeting media (spec 2 §3 greetingMediaAttachment) is set (POST
// /whatsapp/{id}/media-upload) or removed (DELETE). The file lives in the company's media store like a message's
// (media/upload.ts: kind told by its bytes); the queue bot sends it with the connection's greeting (decision 0107).
// Answers the connection and the URL of the file it replaced, removed by the route after commit.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { WhatsappAnswer } from "../contract/whatsapps.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { whatsappNotFound } from "../kernel/errors.ts";
import { loadWhatsapp } from "./load-whatsapp.ts";

export type GreetingMedia = { path: string; name: string; mediaType: string };

export async function setGreetingMedia(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  media: GreetingMedia | null,
): Promise<{ whatsapp: WhatsappAnswer; replaced: string | null }> {
  const { rows } = await client.query<{ path: string | null }>(
    "SELECT greeting_media_path AS path FROM whatsapps WHERE id = $1 AND company_id = $2 FOR UPDATE",
    [id, actor.companyId],
  );
  if (!rows[0]) throw whatsappNotFound();
  await client.query(
    `UPDATE whatsapps SET greeting_media_path = $3, greeting_media_name = $4, greeting_media_type = $5,
       updated_at = now() WHERE id = $1 AND company_id = $2`,
    [id, actor.companyId, media?.path ?? null, media?.name ?? null, media?.mediaType ?? null],
  );
  await recordChanges(client, [{ companyId: actor.companyId, entity: "whatsapps", id }]);
  const current = rows[0].path;
  return {
    whatsapp: await loadWhatsapp(client, actor, id),
    replaced: current && current !== media?.path ? current : null,
  };
}
