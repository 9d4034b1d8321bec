// The account pages' data before signing in (issue 20: screens call hooks; this file owns the paths): the plans
// on offer and the signup, the password reset's two calls. Made without a session (fetchJson, not the signed-in
// API client), and without the local store or useRestQuery, which would bring Dexie into these first pages
// (decision 0081).
import type { PlanDTO } from "@chatflow/core/contract/signup.ts";
import { useEffect, useRef } from "react";
import { fetchJson } from "../api/http.ts";

const post = (path: string) =>
  fetchJson(`${window.location.origin}${path}`, { method: "POST", headers: { Accept: "application/json" } });

/** Sends the reset code to the e-mail (POST /forgetpsw/{email}). */
export function requestResetCode(email: string) {
  return post(`/forgetpsw/${encodeURIComponent(email)}`);
}

/** Sets the new password with the code received (POST /resetpasswords/{email}/{token}/{password}). */
export function resetPassword(email: string, token: string, newPassword: string) {
  return post(
    `/resetpasswords/${encodeURIComponent(email)}/${encodeURIComponent(token)}/${encodeURIComponent(newPassword)}`,
  );
}

/** The plans on offer (GET /plans/list), given to `onLoaded` once; a failure to `onFailed`. */
export function useSignupPlans(onLoaded: (plans: PlanDTO[]) => void, onFailed: (err: unknown) => void): void {
  const callbacks = useRef({ onLoaded, onFailed });
  callbacks.current = { onLoaded, onFailed };
  useEffect(() => {
    let live = true;
    fetchJson<PlanDTO[]>(`${window.location.origin}/plans/list`, { headers: { Accept: "application/json" } })
      .then((list) => live && callbacks.current.onLoaded(list))
      .catch((err: unknown) => live && callbacks.current.onFailed(err));
    return () => {
      live = false;
    };
  }, []);
}

/** Creates the company and its first user (POST /auth/signup). */
export function signUp(body: unknown) {
  return fetchJson(`${window.location.origin}/auth/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
}
