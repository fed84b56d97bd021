import { createAccessTokens } from '../auth/access-tokens.ts';
import { createAdminService } from '../auth/admin-service.ts';
import { createAuthService } from '../auth/auth-service.ts';
import { createRefreshTokens } from '../auth/refresh-tokens.ts';
import { createUsers } from '../auth/users.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { openDatabase } from '../db/database.ts';
import { DomainError } from '../errors.ts';
import { ENTERPRISE_USAGE, enterpriseUsageError, runEnterpriseCommand } from './enterprise-cli.ts';

// account administration from a shell, on the database the server uses (same environment):
//   npm run admin -- list [text]     npm run admin -- grant <e-mail|username>
//   npm run admin -- revoke <…>      npm run admin -- remove <…>      npm run admin -- restore <…>
//   npm run admin -- enterprise list|create|delete|add-member|remove-member|add-topic|remove-topic …
// with the embedded database, stop the server first (one process owns the folder)

const USAGE = `usage: npm run admin -- <command>
  list [text]                   registered accounts (matching the text)
  grant <e-mail|username>       make an admin
  revoke <e-mail|username>      back to a plain user
  remove <e-mail|username>      block sign-in and end every session
  restore <e-mail|username>     undo remove
${ENTERPRISE_USAGE}`;

export async function runAdminCli(args: string[], env: Record<string, string | undefined> = process.env) {
  const [command, target = ''] = args;
  if (!command || !['list', 'grant', 'revoke', 'remove', 'restore', 'enterprise'].includes(command))
    return { code: 2, out: USAGE };
  const usageError = command === 'enterprise' ? enterpriseUsageError(args.slice(1)) : null;
  if (usageError) return { code: 2, out: `${usageError}\n${USAGE}` };
  if (command !== 'list' && !target)
    return { code: 2, out: `${command} needs an e-mail or a username.\n${USAGE}` };
  const config = loadConfig(env);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (command === 'enterprise')
      return { code: 0, out: await runEnterpriseCommand(database.db, args.slice(1)) };
    const users = createUsers(database.db);
    // sessions are ended by revoking refresh tokens; no token is signed here
    const access = createAccessTokens('cli-does-not-sign-tokens-0123456789', 60);
    const auth = createAuthService({ users, access, refresh: createRefreshTokens(database.db, 60) });
    const admin = createAdminService({ users, auth });
    if (command === 'list') {
      const rows = await admin.list(target);
      const lines = rows.map(
        (u) => `${u.role.padEnd(6)} ${u.removed ? 'removed ' : ''}${u.username} <${u.email ?? '-'}>`,
      );
      return { code: 0, out: lines.join('\n') || 'no accounts' };
    }
    const user = await admin.resolve(target);
    const result =
      command === 'grant' || command === 'revoke'
        ? await admin.setRole(undefined, user.id, command === 'grant' ? 'admin' : 'user')
        : await admin.setRemoved(undefined, user.id, command === 'remove');
    return {
      code: 0,
      out: `${result.username}: role ${result.role}${result.removed ? ', removed' : ''} (signs in with the new role from the next token refresh)`,
    };
  } catch (err) {
    if (err instanceof DomainError) return { code: 1, out: err.message };
    throw err;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const { code, out } = await runAdminCli(process.argv.slice(2));
    (code === 0 ? console.info : console.error)(out);
    process.exit(code);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}
