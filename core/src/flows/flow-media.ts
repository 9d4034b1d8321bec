// What a flow's media upload accepts (spec 2 §5): images png/jpg up to 2 MB, audio ogg/mp3/opus up to 5 MB,
// video mp4 up to 20 MB. The kind comes from the file's bytes (mediaUpload sniffs them), never from its name.
import { FLOW_MEDIA, type FlowMediaKind } from "../contract/flows.ts";
import { invalidInput } from "../kernel/errors.ts";

/** The flow media kind of a sniffed file, or null when a flow cannot send it. */
export function flowMediaKindOf(mime: string): FlowMediaKind | null {
  if (mime === "image/png" || mime === "image/jpeg") return "img";
  if (mime === "audio/ogg" || mime === "audio/mpeg") return "audio";
  if (mime === "video/mp4") return "video";
  return null;
}

/** Refuses a file of a kind the path does not take, or over its kind's size. */
export function checkFlowMedia(file: { mimetype: string; size: number }, accepted: FlowMediaKind[], field: string) {
  const kind = flowMediaKindOf(file.mimetype);
  if (!kind || !accepted.includes(kind)) {
    throw invalidInput(
      accepted.includes("video") && kind === null ? FLOW_MEDIA_VIDEO_ONLY : "Tipo de arquivo não permitido",
      field,
    );
  }
  if (file.size > FLOW_MEDIA[kind].maxBytes) throw invalidInput(FLOW_MEDIA[kind].tooLarge, field);
  return kind;
}

const FLOW_MEDIA_VIDEO_ONLY = "ATENÇÃO! Apenas videos em MP4!";
