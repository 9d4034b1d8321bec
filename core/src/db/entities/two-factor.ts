// Two-factor sign-in (migration 0113, decision 0113): the TOTP secret, recovery codes, second-step challenges and
// trusted browsers of a user. Each row goes with its user.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAt, parentKey } from "./columns.ts";
import { User } from "./users.ts";

export const UserTwoFactor = defineEntity({
  name: "UserTwoFactor",
  tableName: "user_two_factor",
  properties: {
    userId: parentKey(User, "user_id"),
    companyId: p.integer(),
    /** The confirmed secret, AES-256-GCM sealed (secret-box.ts); null while not enrolled. */
    secret: p.text().nullable(),
    /** A secret shown for enrolment and not yet confirmed by a code. */
    pendingSecret: p.text().nullable(),
    /** The last time step whose code was taken: a code of it or before is refused (no replay). */
    lastStep: p.bigint("number").defaultRaw("0"),
    enabledAt: p.datetime().nullable(),
    updatedAt: p.datetime().defaultRaw("now()"),
  },
});
export type IUserTwoFactor = InferEntity<typeof UserTwoFactor>;

export const TwoFactorRecoveryCode = defineEntity({
  name: "TwoFactorRecoveryCode",
  tableName: "two_factor_recovery_codes",
  indexes: [{ name: "two_factor_recovery_codes_user_id", properties: ["userId"] }],
  properties: {
    id: p.integer().primary(),
    userId: p.manyToOne(User).mapToPk().joinColumn("user_id").deleteRule("cascade"),
    companyId: p.integer(),
    codeHash: p.text(),
    usedAt: p.datetime().nullable(),
  },
});
export type ITwoFactorRecoveryCode = InferEntity<typeof TwoFactorRecoveryCode>;

export const TwoFactorChallenge = defineEntity({
  name: "TwoFactorChallenge",
  tableName: "two_factor_challenges",
  uniques: [{ name: "two_factor_challenges_token_hash_key", properties: ["tokenHash"] }],
  indexes: [{ name: "two_factor_challenges_user_id", properties: ["userId"] }],
  properties: {
    id: p.uuid().primary(),
    userId: p.manyToOne(User).mapToPk().joinColumn("user_id").deleteRule("cascade"),
    companyId: p.integer(),
    tokenHash: p.text(),
    /** "code" or "enrol" (contract/two-factor.ts). */
    kind: p.text(),
    wrong: p.integer().default(0),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: createdAt(),
  },
});
export type ITwoFactorChallenge = InferEntity<typeof TwoFactorChallenge>;

export const TrustedDevice = defineEntity({
  name: "TrustedDevice",
  tableName: "trusted_devices",
  uniques: [{ name: "trusted_devices_token_hash_key", properties: ["tokenHash"] }],
  indexes: [{ name: "trusted_devices_user_id", properties: ["userId"] }],
  properties: {
    id: p.uuid().primary(),
    userId: p.manyToOne(User).mapToPk().joinColumn("user_id").deleteRule("cascade"),
    companyId: p.integer(),
    tokenHash: p.text(),
    userAgent: p.text().default(""),
    expiresAt: p.datetime(),
    createdAt: createdAt(),
  },
});
export type ITrustedDevice = InferEntity<typeof TrustedDevice>;
