import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// a real SMTP server for tests: the app sends through it with nodemailer, the test reads what
// arrived; SMTP_URL=smtp://127.0.0.1:{port} points the app at it

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpPeer {
  port: number;
  url: string;
  mails: ReceivedMail[];
  /** waits for the next mail to `to` that arrives after `since` mails (default: any not yet taken) */
  waitForMail(to: string, opts?: { timeoutMs?: number }): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpPeer(opts: { port?: number; host?: string } = {}): Promise<SmtpPeer> {
  const mails: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed: ParsedMail = await simpleParser(raw);
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          raw,
        });
        for (const w of waiters.splice(0)) w();
        done();
      });
    },
  });
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  async function waitForMail(to: string, o: { timeoutMs?: number } = {}) {
    const deadline = Date.now() + (o.timeoutMs ?? 10_000);
    for (;;) {
      const mail = mails.find((m) => !taken.has(m) && m.to.includes(to.toLowerCase()));
      if (mail) {
        taken.add(mail);
        return mail;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${to} arrived (${mails.length} mails in all)`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  return {
    port,
    url: `smtp://${host}:${port}`,
    mails,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** the first link in a mail that contains `fragment` */
export function linkIn(mail: ReceivedMail, fragment: string): string {
  const links = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.find((l) => l.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in the mail "${mail.subject}"`);
  return link;
}
