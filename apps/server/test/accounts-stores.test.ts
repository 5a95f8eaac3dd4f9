/**
 * Accounts on both stores: deleting an account leaves none of its personal data in any table (the
 * embedded SQLite file and PostgreSQL alike), while its games keep an anonymous seat; and with
 * several processes (PostgreSQL + Redis) a session made on one process is valid on the other.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteFile } from '../src/storage';
import { smtpReceiver, TestBrowser } from './account-client';
import { dropSchema } from './child-server';
import { needs, PG_URL, REDIS_URL } from './services';
import { api, createMatch, startTestServer, waitFor, type TestServer } from './helpers';

const require = createRequire(import.meta.url);
const pg = await needs('postgres');
const redis = await needs('redis');
let smtp: Awaited<ReturnType<typeof smtpReceiver>>;
beforeAll(async () => {
  smtp = await smtpReceiver();
});
afterAll(async () => {
  await smtp?.close();
});

/** Every row of every table, as text (SQLite's compressed blobs inflated). */
async function everyRow(t: TestServer, schema?: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (schema) {
    const { Client } = require('pg') as typeof import('pg');
    const c = new Client({ connectionString: PG_URL });
    await c.connect();
    try {
      const tables = await c.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = $1`, [schema]);
      for (const { table_name } of tables.rows)
        out.set(table_name, JSON.stringify((await c.query(`SELECT * FROM "${schema}"."${table_name}"`)).rows));
    } finally {
      await c.end();
    }
    return out;
  }
  const Sqlite = require('better-sqlite3') as typeof import('better-sqlite3');
  const db = new Sqlite(sqliteFile(t.dataDir), { readonly: true });
  try {
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as { name: string }[];
    for (const { name } of tables) {
      const rows = db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[];
      const text = JSON.stringify(rows, (_k, v) => {
        if (v && typeof v === 'object' && (v as { type?: string }).type === 'Buffer') {
          const b = Buffer.from((v as { data: number[] }).data);
          try {
            return zlib.inflateRawSync(b).toString('utf8');
          } catch {
            return b.toString('utf8');
          }
        }
        return v;
      });
      out.set(name, text);
    }
  } finally {
    db.close();
  }
  return out;
}

async function deletesEverything(t: TestServer, schema?: string) {
  const name = `Vigdis ${randomBytes(3).toString('hex')}`;
  const email = `vigdis.${randomBytes(3).toString('hex')}@example.org`;
  const b = new TestBrowser(t.url);
  const acct = await b.signUp(name);
  const passkeyId = b.passkey.credentials[0]!.id.toString('base64url');
  // An address for the account, and the same address for "your move" e-mails in a match.
  expect((await b.call('PUT', '/api/me/email', { body: { email } })).status).toBe(202);
  const tok = await waitFor(() => smtp.tokenFor(email), 'the confirmation mail');
  expect((await b.call('POST', '/api/account/email-link/redeem', { body: { token: tok } })).json.account.email).toBe(email);
  const m = await createMatch(t.url);
  const j = await b.call('POST', `/api/matches/${m.matchID}/join`, { body: { token: m.links.seats[0]!.token, name } });
  expect(j.status).toBe(201);
  expect((await api(t.url, 'PUT', `/api/matches/${m.matchID}/notifications`, { token: j.json.credentials, body: { email } })).status).toBe(
    200,
  );
  const sessionHash = createHash('sha256').update(b.cookies.get('kon_session')!).digest('hex');
  // A ticket of the match maker's, and a block of another player (the match maker's own tables).
  const other = await new TestBrowser(t.url).signUp(`Other ${randomBytes(3).toString('hex')}`);
  expect((await b.call('POST', '/api/tickets', { body: { game: 'kampen-om-norge', plan: 'two', pace: 'slow' } })).status).toBe(201);
  expect((await b.call('PUT', `/api/blocks/${other.id}`)).status).toBe(204);

  const secrets = { name, email, accountId: acct.id, passkeyId, sessionHash };
  const before = await everyRow(t, schema);
  for (const [what, value] of Object.entries(secrets))
    expect(
      [...before.values()].some((text) => text.includes(value)),
      `${what} is stored before`,
    ).toBe(true);

  const exported = await b.call('GET', '/api/me/export');
  expect(exported.json).toMatchObject({
    account: { id: acct.id, name, email },
    matches: [expect.objectContaining({ matchID: m.matchID })],
  });
  expect(exported.headers.get('content-disposition')).toContain('attachment');

  expect((await b.call('DELETE', '/api/me')).status).toBe(204);
  expect(await b.me()).toBeNull();
  const after = await everyRow(t, schema);
  for (const [table, text] of after)
    for (const [what, value] of Object.entries(secrets)) expect(text.includes(value), `${what} left in ${table}`).toBe(false);
  // The game keeps its seat, anonymous; the name is free again.
  const view = (await api(t.url, 'GET', `/api/matches/${m.matchID}`, { token: m.links.spectator })).json;
  expect(view.seats[0].members.map((x: { name: string }) => x.name)).toEqual(['—']);
  expect((await new TestBrowser(t.url).call('POST', '/api/account/passkey/register/options', { body: { name } })).status).toBe(200);
}

const env = { SIGNIN_LIMIT_PER_HOUR: '1000', RATE_LIMIT_PER_MINUTE: '100000' };

describe('deleting an account', () => {
  it('leaves none of its personal data in any table of the embedded store', async () => {
    const t = await startTestServer({ ...env, SMTP_URL: smtp.url });
    try {
      await deletesEverything(t);
    } finally {
      await t.stop();
    }
  });

  it.skipIf(!pg)('leaves none of its personal data in any table of PostgreSQL', async () => {
    const schema = `kon_acct_${randomBytes(4).toString('hex')}`;
    const t = await startTestServer({ ...env, SMTP_URL: smtp.url, DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema });
    try {
      await deletesEverything(t, schema);
    } finally {
      await t.stop();
      await dropSchema(schema);
    }
  });
});

describe.skipIf(!pg || !redis)('two processes over PostgreSQL and Redis', () => {
  it('a session made on one process is valid on the other, and ends on both', async () => {
    const schema = `kon_acct_${randomBytes(4).toString('hex')}`;
    const shared = { ...env, DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema, REDIS_URL, REDIS_KEY_PREFIX: `${schema}:` };
    const a = await startTestServer(shared);
    const b = await startTestServer(shared);
    try {
      const onA = new TestBrowser(a.url);
      const acct = await onA.signUp('Two Processes');
      // The same browser (same cookie) asking the other process.
      const onB = new TestBrowser(b.url);
      for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
      expect((await onB.me())?.id).toBe(acct.id);
      // The passkey made through a signs in through b.
      const fresh = new TestBrowser(b.url);
      fresh.passkey.credentials.push(...onA.passkey.credentials);
      expect((await fresh.signIn()).status).toBe(200);
      expect((await onB.call('POST', '/api/me/sign-out-everywhere')).status).toBe(204);
      expect(await onA.me()).toBeNull();
      expect(await fresh.me()).toBeNull();
    } finally {
      await b.stop();
      await a.stop();
      await dropSchema(schema);
    }
  });
});
