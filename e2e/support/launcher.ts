import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { type OidcPeer, startOidcPeer } from '../../apps/server/test/support/oidc-peer.ts';
import { type SmtpPeer, startSmtpPeer } from '../../apps/server/test/support/smtp-peer.ts';
import { ADMIN_EMAIL, AUDIT_ADMIN_EMAIL, controlPort, e2ePort } from './ports.ts';

// what playwright starts as its web server: the real protocol peers of the account flows — an SMTP
// server that catches the app's mail and an OpenID Connect provider standing in for Google and
// Facebook — then the real SaySpell server pointed at them. specs steer the peers over a small
// control api on 127.0.0.1 (support/peers.ts).

const port = e2ePort();
const publicUrl = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');

const smtp: SmtpPeer = await startSmtpPeer();
const oidc: OidcPeer = await startOidcPeer({ redirectUris: [`${publicUrl}/login`] });

const server: ChildProcess = spawn(
  process.execPath,
  ['--conditions=source', '--import', 'tsx', path.join(import.meta.dirname, '../../apps/server/src/main.ts')],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
      GUEST_MAX_PER_IP: '100000',
      PUBLIC_URL: publicUrl,
      SMTP_URL: smtp.url,
      SOCIAL_LOGIN: 'true',
      // proved addresses that become admins (the removal spec signs one in, the audit another)
      ADMIN_EMAILS: [ADMIN_EMAIL, AUDIT_ADMIN_EMAIL].join(','),
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_ISSUER: oidc.issuer,
      FACEBOOK_CLIENT_ID: oidc.clientId,
      FACEBOOK_CLIENT_SECRET: oidc.clientSecret,
      FACEBOOK_AUTH_URL: `${oidc.issuer}/auth`,
      FACEBOOK_TOKEN_URL: `${oidc.issuer}/token`,
      FACEBOOK_USERINFO_URL: `${oidc.issuer}/me`,
      FACEBOOK_SCOPE: 'openid email profile',
      // the Play Store has a newer app than this one (7), the App Store does not
      ANDROID_UPDATE: '8',
      IOS_UPDATE: '7',
      // ads allowed in the Android app, not in the iOS app (the platform spec sees both)
      ANDROID_ADS_SHOW: 'true',
      IOS_ADS_SHOW: 'false',
    },
  },
);

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const control = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  (async () => {
    if (req.method === 'GET' && url.pathname === '/mail') {
      const to = url.searchParams.get('to') ?? '';
      const mail = await smtp.waitForMail(to, {
        timeoutMs: Number(url.searchParams.get('timeoutMs') ?? 15_000),
      });
      return send(res, 200, mail);
    }
    if (req.method === 'POST' && url.pathname === '/oidc') {
      const body = await readJson(req);
      if (typeof body.refuseConsent === 'boolean') oidc.refuseConsent = body.refuseConsent;
      if (body.account && typeof body.account === 'object')
        oidc.account = body.account as OidcPeer['account'];
      return send(res, 200, { refuseConsent: oidc.refuseConsent, account: oidc.account });
    }
    if (req.method === 'GET' && url.pathname === '/oidc') {
      return send(res, 200, { authorizations: oidc.authorizations, issuer: oidc.issuer });
    }
    send(res, 404, { message: 'no such control call' });
  })().catch((err: unknown) => send(res, 500, { message: String(err) }));
});
control.listen(controlPort(), '127.0.0.1');

let stopping = false;
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  control.close();
  await Promise.allSettled([smtp.close(), oidc.close()]);
  process.exit(code);
}
server.on('exit', (code) => void stop(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
