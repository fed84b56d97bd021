import { controlPort } from './ports.ts';

// the specs' side of the launcher's control api: mail caught by the SMTP peer, the OIDC peer's mood

const base = () => `http://127.0.0.1:${controlPort()}`;

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** the next mail to `to` that the app sent through the test SMTP server */
export async function nextMail(to: string): Promise<CaughtMail> {
  const res = await fetch(`${base()}/mail?to=${encodeURIComponent(to)}`);
  if (!res.ok) throw new Error(`no mail to ${to}: ${await res.text()}`);
  return (await res.json()) as CaughtMail;
}

/** the first link in a mail that contains `fragment` */
export function linkIn(mail: CaughtMail, fragment: string): string {
  const links = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.find((l) => l.includes(fragment));
  if (!link) throw new Error(`no link with ${fragment} in "${mail.subject}"`);
  return link;
}

export async function setOidc(opts: {
  refuseConsent?: boolean;
  account?: { sub: string; email: string; name: string; emailVerified?: boolean };
}): Promise<void> {
  const res = await fetch(`${base()}/oidc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(opts),
  });
  if (!res.ok) throw new Error(`could not set the OIDC peer: ${await res.text()}`);
}
