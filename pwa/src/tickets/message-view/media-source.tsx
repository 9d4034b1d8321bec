// Where the conversation gets what is not in the message row: media bytes (core serves
// /media/{companyId}/{file} only with the company's bearer token, so an <img src> cannot fetch
// it; the bytes come through fetch and are shown from an object URL), a queued upload's file
// from the outbox, and audio transcriptions. The app provides the real one; tests their own.
import { createContext, useContext, useEffect, useState } from "react";

export type MediaSource = {
  /** The bytes of a stored media file (mediaUrl as core gave it). */
  load(mediaUrl: string): Promise<Blob>;
  /** The file of a message still waiting in the outbox (written offline), or null. */
  queued(messageId: string): Promise<Blob | null>;
  /** The stored file's size in bytes (a HEAD request: documents are not fetched to be listed), or null. */
  size(mediaUrl: string): Promise<number | null>;
  /** GET /messages/transcribeAudio/{id}: the audio's text. */
  transcribe(messageId: string): Promise<string>;
};

const unavailable = () => Promise.reject(new Error("no media source"));

export const MediaSourceContext = createContext<MediaSource>({
  load: unavailable,
  queued: async () => null,
  size: async () => null,
  transcribe: unavailable,
});

export const useMediaSource = () => useContext(MediaSourceContext);

export type MediaState = { status: "loading" } | { status: "ready"; url: string } | { status: "failed" };

/** An object URL for the message's media, revoked when the message leaves the screen. */
export function useMediaUrl(messageId: string, mediaUrl: string | null): MediaState {
  const source = useMediaSource();
  const [state, setState] = useState<MediaState>({ status: "loading" });
  useEffect(() => {
    let url: string | null = null;
    let alive = true;
    setState({ status: "loading" });
    const blob = mediaUrl ? source.load(mediaUrl) : source.queued(messageId);
    blob
      .then((b) => {
        if (!alive) return;
        if (!b) return setState({ status: "failed" });
        url = URL.createObjectURL(b);
        setState({ status: "ready", url });
      })
      .catch(() => alive && setState({ status: "failed" }));
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [source, messageId, mediaUrl]);
  return state;
}
