// The app's MediaSource: media through fetch with the session's bearer token (core serves a
// company's files only to its members), a queued upload's file from the outbox, transcriptions
// through the API client (which renews an expired token).

import { db } from "../../app-db.ts";
import { api, tokens } from "../../app-services.ts";
import { queuedMedia } from "../send-media.ts";
import type { MediaSource } from "./media-source.tsx";

/** Only core's own media paths are fetched with the token: never send it anywhere else. */
const isOwnMedia = (url: string) => /^\/media\/\d+\/[^/?#]+$/.test(url);

async function authorized(url: string, method: "GET" | "HEAD"): Promise<Response> {
  if (!isOwnMedia(url)) throw new Error("not a media path of core");
  const token = tokens.get();
  const res = await fetch(`${window.location.origin}${url}`, {
    method,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: "include",
  });
  if (!res.ok) throw new Error(`media ${res.status}`);
  return res;
}

export const appMediaSource: MediaSource = {
  load: async (url) => (await authorized(url, "GET")).blob(),
  size: async (url) => {
    try {
      const length = (await authorized(url, "HEAD")).headers.get("content-length");
      return length === null ? null : Number(length);
    } catch {
      return null;
    }
  },
  queued: (id) => queuedMedia(db, id),
  transcribe: async (id) =>
    (await api.get<{ transcribedText: string }>(`/messages/transcribeAudio/${encodeURIComponent(id)}`)).transcribedText,
};
