// The display rule of spec 1 §8: a server error code is translated when a text
// exists, otherwise shown raw; a plain string is shown as is; anything else is
// 'An error occurred!'. "No answer at all" gets its own text so offline is clear.
import { ApiError, isErrorBody, NetworkError } from "../api/errors.ts";
import { i18n } from "./i18n.ts";

export function errorText(err: unknown): string {
  if (err instanceof NetworkError) return i18n.t("errors.network");
  const code = err instanceof ApiError ? err.body?.error : isErrorBody(err) ? err.error : undefined;
  if (code) {
    const key = `backendErrors.${code}`;
    return i18n.exists(key) ? i18n.t(key) : code;
  }
  if (typeof err === "string") return err;
  return i18n.t("errors.generic");
}
