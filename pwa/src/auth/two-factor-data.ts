// One's own two-factor sign-in (decision 0113): the REST calls the security screen and the user modal make.
import type {
  EnrolmentAnswer,
  RecoveryCodesAnswer,
  TwoFactorStatus,
  UserTwoFactorAnswer,
} from "@chatflow/core/contract/two-factor.ts";
import { useRestQuery } from "../api/use-rest-query.ts";
import { api } from "../app-services.ts";
import { useOnline } from "../layout/use-online.ts";

export function useTwoFactorStatus() {
  const online = useOnline();
  const status = useRestQuery<TwoFactorStatus>(online ? "/two-factor" : null);
  return { ...status, online };
}

export const startEnrolment = () => api.post<EnrolmentAnswer>("/two-factor/setup");
export const confirmEnrolment = (code: string) => api.post<RecoveryCodesAnswer>("/two-factor/confirm", { code });
export const renewRecoveryCodes = (code: string) =>
  api.post<RecoveryCodesAnswer>("/two-factor/recovery-codes", { code });
export const disableTwoFactor = (input: { code?: string; password?: string }) =>
  api.post<void>("/two-factor/disable", input);
export const forgetTrustedDevices = () => api.delete<void>("/two-factor/trusted-devices");

/** An admin's view of a user's second factor, and its reset. */
export function useUserTwoFactor(userId: number | null) {
  const online = useOnline();
  return useRestQuery<UserTwoFactorAnswer>(online && userId ? `/users/${userId}/two-factor` : null);
}
export const resetUserTwoFactor = (userId: number) => api.delete<void>(`/users/${userId}/two-factor`);
