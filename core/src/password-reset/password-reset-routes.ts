// POST /forgetpsw/{email} and POST /resetpasswords/{email}/{token}/{newPassword} (public; spec 3 §7 "Signup and
// password"; decision 0078). Both answer 204 whether or not the e-mail has an account, and both are limited per
// client address and per e-mail before anything else runs. Without a mail server the request answers
// ERR_MAIL_NOT_CONFIGURED for every e-mail alike, before any account is looked up (decision 0104).

import { Router } from "express";
import type pg from "pg";
import {
  RESET_CODE_REFUSED,
  ZForgotPasswordParamsSchema,
  ZResetPasswordParamsSchema,
} from "../contract/password-reset.ts";
import { loadPasswordReset, type MailConfig, type PasswordResetConfig } from "../kernel/config.ts";
import { invalidInput, mailNotConfigured, parse } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { hitRateLimit } from "../kernel/rate-limit.ts";
import { transaction } from "../kernel/transaction.ts";
import { createMailer, type Mailer } from "../mail/mailer.ts";
import { requestPasswordReset, resetPassword } from "./password-reset.ts";

export function passwordResetRoutes(
  pool: pg.Pool,
  opts: { mail?: MailConfig; limits?: PasswordResetConfig; evictUser?: (userId: number) => void; mailer?: Mailer },
): Router {
  const limits = opts.limits ?? loadPasswordReset();
  const mailer = opts.mailer ?? createMailer(opts.mail);
  const router = Router();
  router.post("/forgetpsw/:email", async (req, res) => {
    const { email } = parse(ZForgotPasswordParamsSchema, req.params);
    await hitRateLimit(pool, `reset-request:ip:${req.ip}`, limits.requestPerIp);
    await hitRateLimit(pool, `reset-request:email:${email}`, limits.requestPerEmail);
    // No code is made that nothing could deliver; the answer is the installation's, not the account's.
    if (!mailer.configured) throw mailNotConfigured();
    const made = await transaction(pool, (c) => requestPasswordReset(c, email, limits.codeTtlSeconds));
    // Sent after the answer: waiting for the SMTP server would time who has an account.
    if (made) {
      const minutes = Math.round(limits.codeTtlSeconds / 60);
      mailer
        .send({
          to: made.to,
          subject: "Código de redefinição de senha / Password reset code",
          text:
            `Olá ${made.name},\n\nSeu código para redefinir a senha: ${made.code}\n` +
            `Ele vale por ${minutes} minutos e só pode ser usado uma vez.\n\n` +
            `Your password reset code: ${made.code} (valid for ${minutes} minutes, once).\n\n` +
            "Se você não pediu, ignore este e-mail. / If you did not ask for it, ignore this e-mail.\n",
        })
        .catch((err: unknown) =>
          logger.error({ reason: String(err) }, "mail: the password reset code could not be sent"),
        );
    }
    res.status(204).end();
  });
  router.post("/resetpasswords/:email/:token/:newPassword", async (req, res) => {
    const input = parse(ZResetPasswordParamsSchema, req.params);
    await hitRateLimit(pool, `reset:ip:${req.ip}`, limits.resetPerIp);
    await hitRateLimit(pool, `reset:email:${input.email}`, limits.resetPerEmail);
    // A refusal commits too: it counts the wrong try against the code (and may delete it).
    const userId = await transaction(pool, (c) => resetPassword(c, input));
    if (userId === null) throw invalidInput(RESET_CODE_REFUSED, "token");
    opts.evictUser?.(userId);
    res.status(204).end();
  });
  return router;
}
