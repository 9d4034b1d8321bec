// A real SMTP server on loopback (the smtp-server package) standing in for the mail relay: it keeps every
// message it accepts, so tests read what core mailed, through the same SMTP dialogue production uses.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; raw: string; text: string };

export type FakeSmtp = {
  /** What core's SMTP_URL would say. */
  url: string;
  mails: ReceivedMail[];
  /** Waits for the first mail to `to` after the `after`-th one received (default: any), up to `ms`. */
  next(to: string, after?: number, ms?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
};

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, text: bodyText(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async next(to, after = 0, ms = 10_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const mail = mails.slice(after).find((m) => m.to.includes(to.toLowerCase()));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The decoded body of a single-part text message (quoted-printable, base64 or plain). */
function bodyText(raw: string): string {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** The reset code a password-reset mail carries. */
export function resetCodeOf(mail: ReceivedMail): string {
  const code = /Your password reset code: (\d+)/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no reset code in: ${mail.text}`);
  return code;
}
