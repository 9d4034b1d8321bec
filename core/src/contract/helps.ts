// Help videos (spec 3 §3 Help, §7 GET /helps, GET /helps/list, POST /helps, PUT /helps/{id}, DELETE /helps/{id}):
// every signed-in user reads them, the super user edits them on the settings page's Helps tab.
import { z } from "zod";

export type HelpDTO = { id: number; title: string; description: string; video: string };

export const ZHelpRequestSchema = z.object({
  /** The video's title, as the help page lists it. */
  title: z.string({ error: "Required" }).trim().min(1, "Required").max(100, "Too Long!"),
  /** What the video shows. */
  description: z.string().trim().max(4000, "Too Long!").optional(),
  /** The video's code (a YouTube id): letters, digits, dash and underscore only, never a URL. */
  video: z
    .string()
    .trim()
    .max(64, "Too Long!")
    .regex(/^[A-Za-z0-9_-]*$/, "Invalid video code")
    .optional(),
});
export type THelpRequest = z.infer<typeof ZHelpRequestSchema>;
