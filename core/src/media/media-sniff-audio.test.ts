// Recorded voice notes: the container a browser's MediaRecorder writes is told apart by the bytes,
// and an MP4 named .m4a is audio (pure function; the upload route's tests cover the HTTP side).
import { describe, expect, it } from "vitest";
import { sniffMedia } from "./media-sniff.ts";

const ftyp = (brand: string) =>
  Uint8Array.from([0, 0, 0, 0x1c, ...new TextEncoder().encode(`ftyp${brand}`), 0, 0, 2, 0]);

describe("sniffMedia for recorded audio", () => {
  it("takes a generic-brand MP4 named .m4a as audio/mp4 (Chrome's MediaRecorder)", () => {
    expect(sniffMedia(ftyp("isom"), "m4a")).toEqual({ mime: "audio/mp4", ext: "m4a" });
    expect(sniffMedia(ftyp("mp42"), "M4A")).toEqual({ mime: "audio/mp4", ext: "m4a" });
  });

  it("keeps a generic-brand MP4 with any other name a video", () => {
    expect(sniffMedia(ftyp("isom"), "mp4")).toEqual({ mime: "video/mp4", ext: "mp4" });
    expect(sniffMedia(ftyp("isom"), "")).toEqual({ mime: "video/mp4", ext: "mp4" });
  });

  it("keeps QuickTime and 3GP as videos even when named .m4a", () => {
    expect(sniffMedia(ftyp("qt  "), "m4a")?.mime).toBe("video/quicktime");
    expect(sniffMedia(ftyp("3gp4"), "m4a")?.mime).toBe("video/3gpp");
  });

  it("takes Ogg (Firefox's recording) as audio/ogg", () => {
    expect(sniffMedia(new TextEncoder().encode("OggS\0\x02rest"), "ogg")).toEqual({ mime: "audio/ogg", ext: "ogg" });
  });
});
