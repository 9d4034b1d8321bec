// What the message list hands to the composer (which reads these atoms) and what a person
// chooses once for every audio: the quoted reply, files dropped on the conversation, and
// the playback rate.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import { atom } from "jotai";
import { atomWithStorage, createJSONStorage } from "jotai/utils";

/** The message the next reply quotes ('Responder'), per ticket; the composer sends its id as quotedMsgId and clears it. */
export const quotedMessageAtom = atom<{ ticketId: number; message: MessageDTO } | null>(null);

/**
 * Files dropped on a conversation ('Solte o arquivo aqui'). The composer takes them (media
 * preview with captions) and sets the atom back to null; `id` tells two drops of the same files apart.
 */
export const droppedFilesAtom = atom<{ id: number; ticketId: number; files: File[] } | null>(null);

/** spec 1 §2: audio playback cycles 0.5, 1, 1.5, 2. */
export const AUDIO_RATES = [0.5, 1, 1.5, 2] as const;
export type AudioRate = (typeof AUDIO_RATES)[number];

export function nextAudioRate(rate: number): AudioRate {
  const i = AUDIO_RATES.indexOf(rate as AudioRate);
  return AUDIO_RATES[(i + 1) % AUDIO_RATES.length] ?? 1;
}

const rateStorage = createJSONStorage<AudioRate>(() => localStorage);

/** The chosen rate, remembered on this device (localStorage "audioPlaybackRate"); anything else stored reads as 1. */
export const audioRateAtom = atomWithStorage<AudioRate>(
  "audioPlaybackRate",
  1,
  {
    ...rateStorage,
    getItem: (key, initial) => {
      const value = rateStorage.getItem(key, initial) as unknown;
      return AUDIO_RATES.includes(value as AudioRate) ? (value as AudioRate) : initial;
    },
  },
  { getOnInit: true },
);
