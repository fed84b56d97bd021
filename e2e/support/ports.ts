// the e2e server's port (E2E_PORT, default 4310) and the peers' control port beside it
export const e2ePort = () => Number(process.env.E2E_PORT ?? 4310);
export const controlPort = () => Number(process.env.E2E_CONTROL_PORT ?? e2ePort() + 2);

/** the launcher makes this address an admin once it is verified */
export const ADMIN_EMAIL = 'admin.e2e@example.org';

/** another admin address, the accessibility audit's own: ADMIN_EMAIL can be registered only once a
 * run, and the specs that register it expect to be first */
export const AUDIT_ADMIN_EMAIL = 'admin.audit.e2e@example.org';
