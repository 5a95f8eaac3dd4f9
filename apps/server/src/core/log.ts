/** Structured JSON logs: one object per line on stdout (stderr for warn/error). */
import { AsyncLocalStorage } from 'node:async_hooks';

export type Level = 'debug' | 'info' | 'warn' | 'error';
const RANK: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

export type LogSink = (line: string, level: Level) => void;

const defaultSink: LogSink = (line, level) => {
  if (level === 'warn' || level === 'error') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
};

function errFields(v: unknown): unknown {
  if (v instanceof Error) return { name: v.name, message: v.message, stack: v.stack };
  return v;
}

/**
 * Fields every log line carries while a piece of work runs (an HTTP request's id), whichever logger
 * writes the line: the request's own handlers and the lobby, storage and transport code they call.
 */
const context = new AsyncLocalStorage<Record<string, unknown>>();

export function withLogContext<T>(fields: Record<string, unknown>, fn: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, fn);
}

export function createLogger(level: Level | 'silent' = 'info', base: Record<string, unknown> = {}, sink: LogSink = defaultSink): Logger {
  const min = RANK[level];
  const write = (lvl: Level, msg: string, fields?: Record<string, unknown>) => {
    if (RANK[lvl] < min) return;
    const rec: Record<string, unknown> = { time: new Date().toISOString(), level: lvl, msg, ...base, ...context.getStore() };
    if (fields) for (const [k, v] of Object.entries(fields)) rec[k] = errFields(v);
    let line: string;
    try {
      line = JSON.stringify(rec);
    } catch {
      line = JSON.stringify({ time: rec.time, level: lvl, msg, note: 'unserialisable fields' });
    }
    sink(line, lvl);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, sink),
  };
}
