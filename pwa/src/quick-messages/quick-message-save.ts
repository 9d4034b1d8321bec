// Saving the quick message modal (spec 2 §3-§7): text fields straight into this device's copy of the list's
// document (co-editors see them live; offline they go when the connection is back); a file or a change of
// geral through the REST calls, which write into the documents through the sync server (decision 0048).

import {
  addQuickMessage,
  type QuickMessage,
  updateQuickMessage,
} from "@chatflow/core/contract/documents/quick-messages.ts";
import type { QuickMessageDTO, QuickMessagesPage } from "@chatflow/core/contract/quick-messages.ts";
import type * as Y from "yjs";
import type { ApiClient } from "../api/http.ts";
import { uuidv7 } from "../util/uuidv7.ts";

export type QuickMessageFields = { shortcode: string; message: string; geral: boolean; visao: boolean };

export type MediaChange = { kind: "keep" } | { kind: "remove" } | { kind: "set"; file: File };

/** The REST row of a document item (its id is what the calls take). */
async function rowOf(api: ApiClient, item: QuickMessage, geral: boolean): Promise<QuickMessageDTO> {
  for (let page = 1; page <= 50; page++) {
    const params = new URLSearchParams({ searchParam: item.shortcode, pageNumber: String(page) });
    const answer = await api.get<QuickMessagesPage>(`/quick-messages?${params}`);
    const row = answer.records.find((r) => r.itemId === item.id && r.geral === geral);
    if (row) return row;
    if (!answer.hasMore) break;
  }
  throw new Error("quick message not found");
}

export async function saveOnline(
  api: ApiClient,
  o: { existing: QuickMessage | null; existingGeral: boolean; fields: QuickMessageFields; media: MediaChange },
): Promise<QuickMessageDTO> {
  const body = {
    shortcode: o.fields.shortcode,
    message: o.fields.message,
    geral: o.fields.geral,
    visao: o.fields.visao,
  };
  let row = o.existing
    ? await api.put<QuickMessageDTO>(`/quick-messages/${(await rowOf(api, o.existing, o.existingGeral)).id}`, body)
    : await api.post<QuickMessageDTO>("/quick-messages", body);
  if (o.media.kind === "set") {
    const data = new FormData();
    data.append("typeArch", "quickMessage");
    data.append("file", o.media.file, o.media.file.name);
    row = await api.postForm<QuickMessageDTO>(`/quick-messages/${row.id}/media-upload`, data);
  } else if (o.media.kind === "remove" && row.mediaPath) {
    row = await api.delete<QuickMessageDTO>(`/quick-messages/${row.id}/media-upload`);
  }
  return row;
}

/** The text fields into the list's own document (geral and media need the server). */
export function saveToDocument(
  doc: Y.Doc,
  o: { existing: QuickMessage | null; userId: number; fields: QuickMessageFields },
): void {
  const { shortcode, message, visao } = o.fields;
  if (o.existing) updateQuickMessage(doc, o.existing.id, { shortcode, message, visao });
  else addQuickMessage(doc, { id: uuidv7(), shortcode, message, visao, userId: o.userId });
}
