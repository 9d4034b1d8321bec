// The new-message sound and its volume (spec 1 §2 Top bar: sound volume slider). The volume
// is remembered on this device; the tone is synthesised (Web Audio), so there is no file to
// download or cache and it plays offline.
import { atom } from "jotai";

const VOLUME_KEY = "volume";
/** 0..100; the first visit hears it at half volume. */
export const DEFAULT_VOLUME = 50;

export function storedVolume(): number {
  try {
    const raw = localStorage.getItem(VOLUME_KEY);
    const n = raw === null ? Number.NaN : Number(raw);
    return Number.isFinite(n) ? clampVolume(n) : DEFAULT_VOLUME;
  } catch {
    return DEFAULT_VOLUME;
  }
}

export function clampVolume(n: number): number {
  return Math.min(100, Math.max(0, Math.round(n)));
}

const volumeBaseAtom = atom<number | null>(null);

/** The volume (0..100): read from storage on first use, remembered on change. */
export const volumeAtom = atom(
  (get) => get(volumeBaseAtom) ?? storedVolume(),
  (_get, set, value: number) => {
    const v = clampVolume(value);
    set(volumeBaseAtom, v);
    try {
      localStorage.setItem(VOLUME_KEY, String(v));
    } catch {
      // Not remembered; applies for this page.
    }
  },
);

let context: AudioContext | null = null;

/** Plays a short two-note chime at `volume` (0..100); silent at 0 or without Web Audio. */
export function playNotificationSound(volume: number): void {
  if (volume <= 0 || typeof AudioContext === "undefined") return;
  try {
    context ??= new AudioContext();
    // Browsers start the context suspended until the page had a gesture; resume when allowed.
    void context.resume().catch(() => undefined);
    const now = context.currentTime;
    const gain = context.createGain();
    gain.connect(context.destination);
    const peak = (volume / 100) * 0.3;
    gain.gain.setValueAtTime(0, now);
    gain.gain.linearRampToValueAtTime(peak, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.45);
    for (const [freq, at] of [
      [880, 0],
      [1320, 0.12],
    ] as const) {
      const osc = context.createOscillator();
      osc.type = "sine";
      osc.frequency.setValueAtTime(freq, now + at);
      osc.connect(gain);
      osc.start(now + at);
      osc.stop(now + 0.45);
    }
  } catch {
    // No sound device or the browser refused: the badge and the title still tell.
  }
}
