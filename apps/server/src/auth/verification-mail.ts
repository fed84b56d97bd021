// the verification mail: plain text and a simple html version with the same link

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function verificationMail(username: string, link: string) {
  const text = [
    `Hi ${username},`,
    '',
    'Welcome to SaySpell! Please verify your e-mail address by opening this link:',
    '',
    link,
    '',
    'The link works once and expires in 24 hours. If you did not sign up, ignore this mail.',
  ].join('\n');
  const html = `<p>Hi ${escapeHtml(username)},</p>
<p>Welcome to SaySpell! Please verify your e-mail address:</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#5b3cc4;color:#fff;border-radius:8px;text-decoration:none">Verify my e-mail</a></p>
<p>Or open this link: <a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>
<p style="color:#666">The link works once and expires in 24 hours. If you did not sign up, ignore this mail.</p>`;
  return { subject: 'Verify your e-mail for SaySpell', text, html };
}
