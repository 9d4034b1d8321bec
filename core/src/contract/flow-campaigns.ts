// Phrase campaigns (spec 2 §2 /phrase-lists, §3 Phrase campaign, §5, §7 `/flowcampaign`): an inbound text equal to
// the phrase (case, accents and spacing aside) on the campaign's connection starts its flow (decision 0054).
import { z } from "zod";
import { FLOW_TEXTS } from "./flows.ts";
import { zId, zIdParam, zIdWith } from "./ids.ts";

/** Texts the screen shows (spec 2 §8). */
export const FLOW_CAMPAIGN_TEXTS = {
  created: "Frase criada com sucesso!",
  updated: "Frase alterada com sucesso!",
  deleted: "Frase deletada",
} as const;

/** Campaigns a company may have: one read per inbound batch carries them all (decision 0054). */
export const FLOW_CAMPAIGNS_MAX = 500;

const required = (max: number) =>
  z.string({ error: FLOW_TEXTS.required }).trim().min(1, FLOW_TEXTS.required).max(max, "Muito longo!");

const fields = {
  /** The campaign's name (required, spec 2 §5). */
  name: required(100),
  /** The flow it starts (required, spec 2 §5). */
  flowId: zIdWith(FLOW_TEXTS.required),
  /** The connection whose texts are matched; flagged but not required (spec 2 §5): none matches on every one. */
  whatsappId: zId.nullable().default(null),
  /** The text that starts the flow (required, spec 2 §5). */
  phrase: required(500),
};

/** POST /flowcampaign {name, flowId, whatsappId, phrase}. */
export const ZCreateFlowCampaignRequestSchema = z.object(fields);
export type TCreateFlowCampaignRequest = z.infer<typeof ZCreateFlowCampaignRequestSchema>;

/** PUT /flowcampaign {id, name, flowId, whatsappId, phrase, status}. */
export const ZUpdateFlowCampaignRequestSchema = z.object({
  id: zIdParam,
  ...fields,
  /** On or off (spec 2 §4: a boolean toggle). */
  status: z.boolean().default(true),
});
export type TUpdateFlowCampaignRequest = z.infer<typeof ZUpdateFlowCampaignRequestSchema>;

export type FlowCampaignDTO = {
  id: number;
  name: string;
  flowId: number;
  whatsappId: number | null;
  phrase: string;
  status: boolean;
  createdAt: string;
  updatedAt: string;
};
