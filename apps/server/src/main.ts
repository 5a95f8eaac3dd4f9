import { ConfigError, loadConfig } from './config';
import { startServer } from './app';
import { createLogger } from './log';

const bootLog = createLogger('info', { service: 'kon-server' });

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      bootLog.error('bad configuration', { detail: e.message });
      process.exit(2);
    }
    throw e;
  }
  const running = await startServer(config);
  let signals = 0;
  const onSignal = (sig: NodeJS.Signals) => {
    signals++;
    if (signals > 1) {
      bootLog.warn('second signal, exiting now', { signal: sig });
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
