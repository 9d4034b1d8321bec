// Requests and answers of the session calls (spec 1 §7 Session).
import { z } from "zod";
import type { UserDTO } from "./entities.ts";

export const ZLoginRequestSchema = z.object({
  /** The user's e-mail, case-insensitive. */
  email: z.string().trim().toLowerCase().email("Invalid email"),
  /** The user's password. */
  password: z.string().min(1, "Required"),
});
export type TLoginRequest = z.infer<typeof ZLoginRequestSchema>;

export type LoginResponse = {
  /** Bearer access token for the API, the WebSocket and the sync server. */
  token: string;
  user: UserDTO;
};
