// Flow media before upload (spec 2 §5): the type and size each kind takes, and images compressed to quality 0.7.
import { FLOW_MEDIA, FLOW_TEXTS, type FlowMediaKind } from "@chatflow/core/contract/flows.ts";

/** What the file picker offers for each kind of media. */
export const MEDIA_ACCEPT: Record<FlowMediaKind, string[]> = {
  img: [".png", ".jpg", ".jpeg"],
  audio: [".ogg", ".mp3", ".opus"],
  video: [".mp4"],
};

const extensionOf = (name: string) => name.split(".").pop()?.toLowerCase() ?? "";

/** The spec's refusal for a file of this kind, or null when it may be uploaded. */
export function mediaRefusal(kind: FlowMediaKind, file: { name: string; size: number }): string | null {
  const rule = FLOW_MEDIA[kind];
  if (!(rule.extensions as readonly string[]).includes(extensionOf(file.name))) {
    return kind === "video" ? FLOW_TEXTS.videoOnly : "Tipo de arquivo não permitido";
  }
  if (file.size > rule.maxBytes) return rule.tooLarge;
  return null;
}

/** An image re-encoded as JPEG at quality 0.7 (spec 2 §5); other files as they are. */
export async function compressImage(file: File): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext("2d");
  if (!context) throw new Error("erro");
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const blob = await canvas.convertToBlob({ type: "image/jpeg", quality: 0.7 });
  return new File([blob], `${file.name.replace(/\.[^.]+$/, "")}.jpg`, { type: "image/jpeg" });
}
