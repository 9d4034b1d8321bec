// The password-reset codes (migration 0070, decision 0078): one live code per user, hashed, with its expiry.
import { defineEntity, type InferEntity, p } from "@mikro-orm/core";
import { createdAt, parentKey } from "./columns.ts";
import { User } from "./users.ts";

export const PasswordResetCode = defineEntity({
  name: "PasswordResetCode",
  tableName: "password_reset_codes",
  properties: {
    userId: parentKey(User, "user_id"),
    codeHash: p.text(),
    expiresAt: p.datetime(),
    attempts: p.integer().default(0),
    createdAt: createdAt(),
  },
});
export type IPasswordResetCode = InferEntity<typeof PasswordResetCode>;
