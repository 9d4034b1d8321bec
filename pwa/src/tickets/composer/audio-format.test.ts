import { describe, expect, it } from "vitest";
import { baseMime, formatDuration, longEnough, MIN_RECORDING_BYTES, pickAudioFormat } from "./audio-format.ts";

describe("voice note format", () => {
  it("prefers Ogg/Opus, then MP4 as .m4a, then WebM", () => {
    expect(pickAudioFormat(() => true)).toEqual({ mimeType: "audio/ogg;codecs=opus", ext: "ogg" });
    // Chromium: no Ogg recording, MP4 and WebM.
    expect(pickAudioFormat((t) => t !== "audio/ogg;codecs=opus")).toEqual({ mimeType: "audio/mp4", ext: "m4a" });
    expect(pickAudioFormat((t) => t.startsWith("audio/webm"))?.ext).toBe("webm");
    expect(pickAudioFormat(() => false)).toBeNull();
  });

  it("declares the plain type and shows the length as mm:ss", () => {
    expect(baseMime("audio/ogg;codecs=opus")).toBe("audio/ogg");
    expect(formatDuration(65_900)).toBe("01:05");
    expect(formatDuration(-5)).toBe("00:00");
  });

  it("keeps a recording of 10,000 bytes or more and discards a shorter one (spec 1 §9)", () => {
    expect(MIN_RECORDING_BYTES).toBe(10_000);
    expect(longEnough([{ size: 6_000 }, { size: 3_999 }])).toBe(false);
    expect(longEnough([{ size: 6_000 }, { size: 4_000 }])).toBe(true);
    expect(longEnough([])).toBe(false);
  });
});
