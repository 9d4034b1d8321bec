// Voice notes with MediaRecorder: start asks for the microphone (a refusal is reported, not
// thrown), stop hands back the recording as a named File, cancel drops it.
import { useEffect, useRef, useState } from "react";
import { baseMime, longEnough, pickAudioFormat } from "./audio-format.ts";

/** Denied or unavailable microphone, or a recording too short to keep (discarded, spec 1 §9). */
export type RecorderProblem = "denied" | "unavailable" | "tooShort";

export function useAudioRecorder(onRecorded: (file: File) => void, onProblem: (p: RecorderProblem) => void) {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const keep = useRef(false);

  useEffect(() => {
    if (startedAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [startedAt]);

  // Leaving the conversation while recording releases the microphone and sends nothing.
  useEffect(
    () => () => {
      keep.current = false;
      recorder.current?.stop();
    },
    [],
  );

  async function start() {
    const format =
      typeof MediaRecorder === "undefined" ? null : pickAudioFormat((t) => MediaRecorder.isTypeSupported(t));
    if (!format || !navigator.mediaDevices?.getUserMedia) return onProblem("unavailable");
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (err) {
      const name = (err as DOMException).name;
      return onProblem(name === "NotAllowedError" || name === "SecurityError" ? "denied" : "unavailable");
    }
    const chunks: Blob[] = [];
    const rec = new MediaRecorder(stream, { mimeType: format.mimeType });
    rec.ondataavailable = (e) => e.data.size > 0 && chunks.push(e.data);
    rec.onstop = () => {
      for (const track of stream.getTracks()) track.stop();
      recorder.current = null;
      setStartedAt(null);
      if (!keep.current || chunks.length === 0) return;
      if (!longEnough(chunks)) return onProblem("tooShort");
      const type = baseMime(format.mimeType);
      const stamp = new Date().toISOString().replace(/[-:]/g, "").slice(0, 15);
      onRecorded(new File(chunks, `audio-${stamp}.${format.ext}`, { type }));
    };
    recorder.current = rec;
    keep.current = false;
    rec.start(250);
    setStartedAt(Date.now());
    setNow(Date.now());
  }

  function finish(send: boolean) {
    keep.current = send;
    recorder.current?.stop();
  }

  return {
    recording: startedAt !== null,
    elapsed: startedAt === null ? 0 : Math.max(0, now - startedAt),
    start,
    stop: () => finish(true),
    cancel: () => finish(false),
  };
}
