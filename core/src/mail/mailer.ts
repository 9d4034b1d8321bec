// Outgoing e-mail through SMTP (nodemailer), configured by SMTP_URL and MAIL_FROM. Without SMTP_URL nothing is
// sent: each message is dropped with a warning that names no recipient or content.

import nodemailer from "nodemailer";
import type { MailConfig } from "../kernel/config.ts";
import { logger } from "../kernel/logger.ts";

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send(mail: Mail): Promise<void> };

export function createMailer(config: MailConfig | undefined): Mailer {
  if (!config?.smtpUrl) {
    return {
      async send() {
        logger.warn("mail: SMTP_URL is not set, an e-mail was not sent");
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.from, ...mail });
    },
  };
}
