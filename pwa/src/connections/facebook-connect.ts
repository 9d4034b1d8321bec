// The Facebook/Instagram connect form (decision 0052): what POST /facebook takes, checked with the contract's
// schema before sending, and core's refusals put on their fields. The social-login popup that would fill the
// user id and token needs Facebook's SDK and a Meta app: the admin pastes them instead.
import { type TConnectFacebookRequest, ZConnectFacebookRequestSchema } from "@chatflow/core/contract/facebook.ts";
import type { WhatsappAnswer } from "@chatflow/core/contract/whatsapps.ts";
import { ApiError } from "../api/errors.ts";
import type { ApiClient } from "../api/http.ts";
import { fieldErrors, serverFieldErrors } from "../i18n/form-errors.ts";

export type FacebookForm = { facebookUserId: string; facebookUserToken: string; addInstagram: boolean };
export type FacebookErrors = Partial<Record<keyof FacebookForm, string>>;

/** The contract's and core's messages, as this form's texts. */
const MESSAGES: Record<string, string> = {
  "Invalid id": "facebookConnect.invalidId",
  "Invalid token": "facebookConnect.invalidToken",
  "Facebook did not accept this user token": "facebookConnect.tokenRefused",
  "Facebook page not found": "facebookConnect.noPage",
};

/** The Instagram entry of the 'new connection' menu opens the same form with Instagram ticked. */
export const newFacebookForm = (instagram: boolean): FacebookForm => ({
  facebookUserId: "",
  facebookUserToken: "",
  addInstagram: instagram,
});

export function validateFacebookForm(
  form: FacebookForm,
): { ok: true; request: TConnectFacebookRequest } | { ok: false; errors: FacebookErrors } {
  const parsed = ZConnectFacebookRequestSchema.safeParse(form);
  if (parsed.success) return { ok: true, request: parsed.data };
  return { ok: false, errors: fieldErrors(parsed.error, MESSAGES) };
}

export type ConnectResult =
  | { ok: true; whatsapps: WhatsappAnswer[] }
  | { ok: false; errors: FacebookErrors; error?: unknown };

/** Checks, then POST /facebook; a refusal on a field comes back as that field's error. */
export async function connectFacebook(api: Pick<ApiClient, "post">, form: FacebookForm): Promise<ConnectResult> {
  const checked = validateFacebookForm(form);
  if (!checked.ok) return checked;
  try {
    const { whatsapps } = await api.post<{ whatsapps: WhatsappAnswer[] }>("/facebook", checked.request);
    return { ok: true, whatsapps };
  } catch (error) {
    const fields = error instanceof ApiError ? error.body?.fields : undefined;
    return { ok: false, errors: serverFieldErrors(fields, MESSAGES), error };
  }
}
