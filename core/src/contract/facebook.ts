// Facebook and Instagram (decision 0052): POST /facebook (spec 2 §7), which connects the pages a Facebook user
// manages. What Meta sends (the pages' answer, the Messenger / Instagram webhook deliveries) is read by the Meta
// module: core/src/meta/messenger-payloads.ts.
import { z } from "zod";

/** Meta's numeric ids (users, pages, Instagram accounts, PSIDs, IGSIDs). */
export const zMetaId = z.string().regex(/^\d{1,32}$/, "Invalid id");

export const ZConnectFacebookRequestSchema = z.object({
  /** The Facebook user's id, as the social login yields it. */
  facebookUserId: zMetaId,
  /** The user's access token from the social login: lists their pages; never stored. */
  facebookUserToken: z
    .string({ error: "Required" })
    .trim()
    .min(1, "Required")
    .max(2048, "Too Long!")
    .regex(/^[A-Za-z0-9._|-]+$/, "Invalid token"),
  /** Also connect the Instagram business account linked to each page. */
  addInstagram: z.boolean().optional().default(false),
});
export type TConnectFacebookRequest = z.infer<typeof ZConnectFacebookRequestSchema>;
