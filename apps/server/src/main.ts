// First: the schemas parsed while starting parse without zod's compiling (core/zod-at-start.ts).
import { compileSchemasFromNowOn } from './core/zod-at-start';
import { ConfigError, loadConfig, type Config } from './core/config';
import { startServer } from './app';
import { createLogger } from './core/log';
import { signalJudge } from './core/shutdown-signals';

const bootLog = createLogger('info', { service: 'kon-server' });

/** boardgame.io writes plain text to the console ("ERROR: player not active ..."): keep every line JSON. */
function consoleToJson(level: 'debug' | 'info' | 'warn' | 'error') {
  const log = createLogger(level, { service: 'kon-server', source: 'boardgame.io' });
  const fmt = (args: unknown[]) => args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
  console.log = (...a: unknown[]) => log.debug(fmt(a));
  console.info = (...a: unknown[]) => log.info(fmt(a));
  console.warn = (...a: unknown[]) => log.warn(fmt(a));
  console.error = (...a: unknown[]) => log.warn(fmt(a));
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      bootLog.error('bad configuration', { detail: e.message });
      process.exit(2);
    }
    throw e;
  }
  consoleToJson(config.logLevel === 'silent' ? 'error' : config.logLevel);
  const running = await startServer(config);
  compileSchemasFromNowOn();
  const judge = signalJudge();
  const onSignal = (sig: NodeJS.Signals) => {
    const meaning = judge();
    if (meaning === 'same-request') {
      bootLog.info('signal repeated, still finishing the work under way', { signal: sig });
      return;
    }
    if (meaning === 'exit-now') {
      bootLog.warn('signal again, exiting now without finishing the work under way', { signal: sig });
      process.exit(1);
    }
    running.stop(sig).then(
      () => process.exit(0),
      (e: unknown) => {
        bootLog.error('shutdown failed', { err: e });
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

main().catch((e: unknown) => {
  bootLog.error('failed to start', { err: e });
  process.exit(1);
});
