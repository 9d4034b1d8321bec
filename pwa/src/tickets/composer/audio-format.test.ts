import { describe, expect, it } from "vitest";
import { baseMime, formatDuration, pickAudioFormat } from "./audio-format.ts";

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
});
