// the mails of account recovery: a password reset link, an e-mail change link, and notices. each
// in plain text and a simple html version saying the same

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

interface MailParts {
  subject: string;
  greeting: string;
  lines: string[];
  action?: { label: string; link: string };
  footer: string;
}

function compose({ subject, greeting, lines, action, footer }: MailParts) {
  const text = [
    greeting,
    '',
    ...lines.flatMap((l) => [l, '']),
    ...(action ? [action.link, ''] : []),
    footer,
  ].join('\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.link)}" style="display:inline-block;padding:10px 18px;background:#5b3cc4;color:#fff;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p>Or open this link: <a href="${escapeHtml(action.link)}">${escapeHtml(action.link)}</a></p>`
    : '';
  const html = `<p>${escapeHtml(greeting)}</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
${button}
<p style="color:#666">${escapeHtml(footer)}</p>`;
  return { subject, text, html };
}

export function resetPasswordMail(username: string, link: string, hours: number) {
  return compose({
    subject: 'Reset your SaySpell password',
    greeting: `Hi ${username},`,
    lines: ['Someone (we hope you) asked to reset the password of your SaySpell account.'],
    action: { label: 'Choose a new password', link },
    footer: `The link works once and expires in ${hours} hour${hours === 1 ? '' : 's'}. Setting a new password signs you out everywhere else. If you did not ask for this, ignore this mail: your password stays as it is.`,
  });
}

export function confirmNewEmailMail(username: string, link: string) {
  return compose({
    subject: 'Confirm your new e-mail for SaySpell',
    greeting: `Hi ${username},`,
    lines: ['Please confirm that this is the new e-mail address of your SaySpell account.'],
    action: { label: 'Confirm my new e-mail', link },
    footer:
      'The link works once and expires in 24 hours. Until you open it, your account keeps its old address. If you did not ask for this, ignore this mail.',
  });
}

/** to a new address that already belongs to an account: nothing changes, and the asker is not told */
export function addressTakenMail() {
  return compose({
    subject: 'Your e-mail and SaySpell',
    greeting: 'Hi,',
    lines: [
      'Someone asked to move a SaySpell account to this e-mail address, but this address already has a SaySpell account of its own, so nothing was changed.',
      'If you forgot the password of your account here, use "Forgot your password?" on the sign-in page.',
    ],
    footer: 'If you did not ask for this, you can ignore this mail.',
  });
}

/** to the old address, once the change is done */
export function emailChangedMail(username: string, newEmail: string) {
  return compose({
    subject: 'Your SaySpell e-mail was changed',
    greeting: `Hi ${username},`,
    lines: [
      `The e-mail address of your SaySpell account was changed to ${maskEmail(newEmail)}. Mail from SaySpell goes there from now on.`,
    ],
    footer:
      'If you made this change, there is nothing to do. If you did not, answer this mail so we can help you get your account back.',
  });
}

/** a***@example.org: the old owner sees where the account went without the whole address */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(3, local.length - 1))}@${domain}`;
}
