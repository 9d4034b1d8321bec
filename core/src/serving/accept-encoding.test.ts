import { describe, expect, it } from "vitest";
import { type Coding, pickEncoding } from "./accept-encoding.ts";

const all = new Set<Coding>(["br", "gzip", "identity"]);

describe("pickEncoding", () => {
  it("prefers brotli when the client lists gzip first with the same quality (Chromium's header)", () => {
    expect(pickEncoding("gzip, deflate, br, zstd", all)).toBe("br");
  });
  it("prefers zstd where it is on offer (API answers), brotli where it is not (files on disk)", () => {
    const answers = new Set<Coding>(["zstd", "br", "gzip", "identity"]);
    expect(pickEncoding("gzip, deflate, br, zstd", answers)).toBe("zstd");
    expect(pickEncoding("gzip, deflate, br", answers)).toBe("br");
    expect(pickEncoding("zstd;q=0.5, gzip", answers)).toBe("gzip");
  });
  it("follows the client's qualities", () => {
    expect(pickEncoding("br;q=0.5, gzip", all)).toBe("gzip");
    // Identity stays acceptable at q=1 unless refused, so it beats a grudging gzip.
    expect(pickEncoding("br;q=0, gzip;q=0.1", all)).toBe("identity");
  });
  it("answers plain when nothing is asked or nothing offered is accepted", () => {
    expect(pickEncoding(undefined, all)).toBe("identity");
    expect(pickEncoding("", all)).toBe("identity");
    expect(pickEncoding("deflate", all)).toBe("identity");
  });
  it("takes x-gzip and * as the RFC says", () => {
    expect(pickEncoding("x-gzip", all)).toBe("gzip");
    expect(pickEncoding("*", all)).toBe("br");
    expect(pickEncoding("*;q=0, gzip", all)).toBe("gzip");
  });
  it("offers only the variants that exist", () => {
    expect(pickEncoding("br, gzip", new Set<Coding>(["gzip", "identity"]))).toBe("gzip");
    expect(pickEncoding("br", new Set<Coding>(["identity"]))).toBe("identity");
  });
  it("has nothing to give a client that refuses everything on offer", () => {
    expect(pickEncoding("identity;q=0", new Set<Coding>(["identity"]))).toBeUndefined();
  });
});
