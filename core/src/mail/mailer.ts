// Outgoing e-mail through SMTP (nodemailer), configured by SMTP_URL and MAIL_FROM. Without SMTP_URL nothing can be
// sent: `configured` says so, so a caller tells its user (decision 0104) instead of pretending the mail left.

import nodemailer from "nodemailer";
import type { MailConfig } from "../kernel/config.ts";
import { logger } from "../kernel/logger.ts";

export type Mail = { to: string; subject: string; text: string };
export type Mailer = {
  /** Whether a mail server is set up (SMTP_URL): without one, send() drops the mail. */
  configured: boolean;
  send(mail: Mail): Promise<void>;
};

/** Whether the installation can send e-mail at all. */
export const mailConfigured = (config: MailConfig | undefined): boolean => Boolean(config?.smtpUrl);

export function createMailer(config: MailConfig | undefined): Mailer {
  if (!config?.smtpUrl) {
    return {
      configured: false,
      async send() {
        logger.warn("mail: SMTP_URL is not set, an e-mail was not sent");
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    configured: true,
    async send(mail) {
      await transport.sendMail({ from: config.from, ...mail });
    },
  };
}
