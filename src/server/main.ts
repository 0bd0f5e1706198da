import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const app = await buildApp(config);
  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ database: app.database.driver, dataDir: config.DATA_DIR }, 'ready');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
