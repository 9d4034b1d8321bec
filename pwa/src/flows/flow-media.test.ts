import { describe, expect, it } from "vitest";
import { mediaRefusal } from "./flow-media.ts";

describe("#flows.media-rules", () => {
  it("takes png/jpg up to 2 MB, ogg/mp3/opus up to 5 MB and mp4 up to 20 MB (spec 2 §5)", () => {
    const MB = 1024 * 1024;
    expect(mediaRefusal("img", { name: "a.PNG", size: 2 * MB })).toBeNull();
    expect(mediaRefusal("img", { name: "a.jpg", size: 2 * MB + 1 })).toBe("Arquivo é muito grande! 2MB máximo");
    expect(mediaRefusal("img", { name: "a.gif", size: 10 })).toBe("Tipo de arquivo não permitido");
    expect(mediaRefusal("audio", { name: "v.opus", size: 5 * MB })).toBeNull();
    expect(mediaRefusal("audio", { name: "v.mp3", size: 5 * MB + 1 })).toBe("Arquivo é muito grande! 5MB máximo");
    expect(mediaRefusal("video", { name: "v.mov", size: 10 })).toBe("ATENÇÃO! Apenas videos em MP4!");
    expect(mediaRefusal("video", { name: "v.mp4", size: 20 * MB + 1 })).toBe("Arquivo é muito grande! 20MB máximo");
  });
});
