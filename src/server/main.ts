import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { EmbeddedPostgresError } from './db/embedded-postgres';
import { checkDiskSpace, outOfSpaceMessage } from './disk-space';
import { startLine } from './start-line';
import { terminalLogStream } from './terminal-log';
import { answerWhileStarting } from './http/starting';

async function main() {
  const config = loadConfig();
  checkDiskSpace(config.DATA_DIR);
  // The port answers 503 "starting"/"migrating" until the server takes it over (decision 0067); a port chosen by
  // the system (0) would not be the server's, so then nothing answers until it is ready.
  const starting = config.PORT === 0 ? null : await answerWhileStarting({ port: config.PORT, host: config.HOST }).catch(portTaken(config));
  // JSON log lines for files and log collectors; short lines for a person at a terminal.
  const app = await buildApp(config, process.stdout.isTTY ? { logStream: terminalLogStream() } : {}).catch(async (e: unknown) => {
    await starting?.close();
    throw e;
  });
  // Its start-up work (pages rendered, workers started) done while the stand-in still answers.
  try {
    await app.ready();
  } catch (e) {
    await starting?.close();
    await app.close();
    throw e;
  }
  await starting?.close();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight, then stopping the database');
    await app.close();
    process.exit(0);
  };
  // The embedded database runs in its own process group, so a terminal's Ctrl-C reaches only this process,
  // which answers what is in flight before the database stops (closing the app stops it).
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (e) {
    await app.close();
    portTaken(config)(e);
  }
  app.log.info({ database: app.database.driver, location: app.database.location, dataDir: config.DATA_DIR }, 'ready');
  console.log(startLine({ config, address: app.server.address(), database: app.database }));
}

/** A port in use said in words; any other failure to listen as it is. */
function portTaken(config: { PORT: number; HOST: string }) {
  return (e: unknown): never => {
    if ((e as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new ConfigError(`Port ${config.PORT} on ${config.HOST} is already in use: stop what is using it, or set PORT to another port.`);
    throw e;
  };
}

main().catch((err) => {
  const space = outOfSpaceMessage(err);
  if (space) console.error(space);
  else if (err instanceof ConfigError || err instanceof EmbeddedPostgresError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
