import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';

// e-mail out: SMTP when SMTP_URL is set; otherwise each mail is written to the log and as an
// .eml file in the outbox folder, so a new install can still follow its verification links

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  readonly transport: 'smtp' | 'outbox';
  close(): void;
}

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  if (opts.smtpUrl) {
    const transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      transport: 'smtp',
      async send(mail) {
        await transporter.sendMail({ from: opts.from, ...mail });
      },
      close: () => transporter.close(),
    };
  }
  const streamer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transport: 'outbox',
    async send(mail) {
      const info = await streamer.sendMail({ from: opts.from, ...mail });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const file = path.join(opts.outboxDir, `${Date.now()}-${mail.to.replace(/[^\w.@-]/g, '_')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      opts.logger.info({ to: mail.to, subject: mail.subject, file }, `mail (no SMTP_URL set):\n${mail.text}`);
    },
    close: () => {},
  };
}
