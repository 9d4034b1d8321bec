// POST /messages/lista|copy|call|URL|PIX/{ticketId}: stores an optional header image (once per client id), sends
// the interactive message in a transaction, and answers the stored message as the caller may read it. An image
// that ends up belonging to no message is removed again.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { INTERACTIVE_IMAGE_MAX_BYTES } from "../contract/messages.ts";
import { invalidInput } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { removeMedia, saveMedia, sniffImage } from "../media/media-store.ts";
import { presentMessage } from "../presenters/present-message.ts";
import { loadViewer } from "../presenters/viewer.ts";
import { loadMessageDetails } from "./list-messages.ts";
import { type InteractiveMessage, sendInteractiveMessage } from "./send-interactive-message.ts";

const invalidImage = (message: string) => invalidInput(message, "image");

/** Stores a base64 header image in the company's media; answers its URL, or undefined when none was sent. */
async function storeImage(dataDir: string, companyId: number, image: string | undefined): Promise<string | undefined> {
  const b64 = image?.replace(/^data:[^,]*,/, "").trim();
  if (!b64) return undefined;
  const bytes = Buffer.from(b64, "base64");
  if (bytes.length > INTERACTIVE_IMAGE_MAX_BYTES) throw invalidImage("Image too large");
  const kind = sniffImage(bytes);
  if (!kind) throw invalidImage("Invalid image");
  return (await saveMedia(dataDir, companyId, `header.${kind}`, bytes)).url;
}

/** The header image of a message this company already stored under `id`; undefined when there is none. */
async function storedImage(pool: pg.Pool, companyId: number, id: string): Promise<string | null | undefined> {
  const { rows } = await pool.query<{ image: string | null }>(
    "SELECT data_json->>'imageUrl' AS image FROM messages WHERE company_id = $1 AND id = $2",
    [companyId, id],
  );
  return rows[0] ? rows[0].image : undefined;
}

export type InteractiveRequest = {
  ticketId: number;
  /** The client's idempotency key (a UUID), when it sent one. */
  id?: string | undefined;
  message: InteractiveMessage;
  /** The base64 header image sent with it, if any. */
  image?: string | undefined;
};

export async function postInteractiveMessage(
  deps: { pool: pg.Pool; dataDir: string },
  actor: Actor,
  request: InteractiveRequest,
) {
  const { pool, dataDir } = deps;
  const { ticketId, id } = request;
  // A retry keeps the image the first request stored; sendMessage answers the stored message (or refuses an
  // id used for another one).
  const retried = id ? await storedImage(pool, actor.companyId, id) : undefined;
  const newImage = retried === undefined ? await storeImage(dataDir, actor.companyId, request.image) : undefined;
  const imageUrl = retried ?? newImage;
  const message =
    imageUrl && request.message.type !== "list" && request.message.type !== "pix"
      ? { ...request.message, imageUrl }
      : request.message;
  try {
    const sent = await transaction(pool, (client) =>
      sendInteractiveMessage(client, actor, { ticketId, message, ...(id ? { id } : {}) }),
    );
    const [viewer, [stored]] = await Promise.all([
      loadViewer(pool, actor),
      loadMessageDetails(pool, actor.companyId, [sent]),
    ]);
    // Two first tries at once: the one stored first keeps its image; the other's has nothing to belong to.
    const kept = (stored?.dataJson as { imageUrl?: string | null } | null)?.imageUrl;
    if (newImage && kept !== newImage) await removeMedia(dataDir, actor.companyId, newImage);
    return stored && presentMessage(viewer, stored);
  } catch (err) {
    // The send was refused: its header image has nothing to belong to.
    if (newImage) await removeMedia(dataDir, actor.companyId, newImage);
    throw err;
  }
}
