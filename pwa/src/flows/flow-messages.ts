// The contract's flow validation texts (spec 2 §5) mapped to the screen's keys, so each language shows its own.
import { FLOW_MEDIA, FLOW_TEXTS } from "@chatflow/core/contract/flows.ts";

export const FLOW_MESSAGES: Record<string, string> = {
  [FLOW_TEXTS.nameRequired]: "flows.validation.nameRequired",
  [FLOW_TEXTS.nameShort]: "flows.validation.nameShort",
  [FLOW_TEXTS.nameLong]: "flows.validation.nameLong",
  [FLOW_TEXTS.emptyMessage]: "flows.validation.emptyMessage",
  [FLOW_TEXTS.intervalRange]: "flows.validation.intervalRange",
  [FLOW_TEXTS.intervalEmpty]: "flows.validation.intervalEmpty",
  [FLOW_TEXTS.intervalMax]: "flows.validation.intervalMax",
  [FLOW_TEXTS.emptyCards]: "flows.validation.emptyCards",
  [FLOW_TEXTS.queueRequired]: "flows.validation.queueRequired",
  [FLOW_TEXTS.required]: "flows.validation.required",
  [FLOW_TEXTS.videoOnly]: "flows.validation.videoOnly",
  [FLOW_MEDIA.img.tooLarge]: "flows.validation.tooLarge2",
  [FLOW_MEDIA.audio.tooLarge]: "flows.validation.tooLarge5",
  [FLOW_MEDIA.video.tooLarge]: "flows.validation.tooLarge20",
  "Tipo de arquivo não permitido": "flows.validation.wrongType",
  "Use letras, números e _": "flows.validation.answerKeyFormat",
  "O fluxo precisa de um único início": "flows.validation.noStart",
};
