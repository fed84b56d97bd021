import { buildServer } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { ListenError, listenError } from './http/listen-error.ts';

// the process entry: configuration, start, and a graceful stop on SIGTERM / SIGINT

const startedAt = performance.now();
try {
  const config = loadConfig();
  const server = await buildServer(config);
  const address = await server.listen().catch(async (err: unknown) => {
    await server.close().catch(() => {});
    throw listenError(err, config) ?? err;
  });
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  server.logger.info(
    {
      database: server.database.kind,
      tts: server.tts.providerName,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `SaySpell is ready at ${shown}`,
  );
  console.info(`\n  SaySpell is running: open ${shown} in your browser\n`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      server.logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, config.shutdownGraceMs);
    force.unref();
    await server.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
} catch (err) {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof ListenError) {
    console.error(`\nSaySpell could not start: ${err.message}\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
}
