// The text a bubble shows for a message whose body is not meant to be read: a contact card's body
// is its vCard, shown as the person's name. Interactive messages already carry a readable body.
// (The full renderers of every message type live in message-view/.)
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import type { TFunction } from "i18next";

export function messageText(message: Pick<MessageDTO, "body" | "mediaType" | "dataJson">, t: TFunction): string {
  if (message.mediaType === "contactMessage") {
    const name = (message.dataJson as { vCard?: { name?: unknown } } | null)?.vCard?.name;
    if (typeof name === "string" && name) return t("composerDialogs.bubble.contact", { name });
  }
  return message.body;
}
