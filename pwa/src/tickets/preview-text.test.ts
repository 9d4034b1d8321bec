import { describe, expect, it } from "vitest";
import { previewText } from "./preview-text.ts";

describe("previewText", () => {
  it("takes WhatsApp's formatting off (FAQ 'How to format your messages': *bold*, _italic_, ~strike~, ```mono```)", () => {
    expect(previewText("*Carla Agente:*\nOlá, _tudo_ ~bem~? ```12:30```")).toBe("Carla Agente: Olá, tudo bem? 12:30");
  });

  it("keeps markers that format nothing, and joins lines into one", () => {
    expect(previewText("2 * 3 = 6\n\n  fim")).toBe("2 * 3 = 6 fim");
    expect(previewText("snake_case_name")).toBe("snake_case_name");
  });

  it("answers an empty text for none", () => {
    expect(previewText("")).toBe("");
    expect(previewText(null)).toBe("");
  });
});
