/**
 * Benchmark: how long the compiled server (dist/main.cjs, as `npm start` runs it) takes from spawn to
 * its "listening" log line and to its first HTTP 200 (GET /healthz, asked every 5 ms from the spawn),
 * the CPU it spent until then (all its threads: on a busy machine the wall time mostly measures the
 * others' work), and its resident memory when idle a moment later, on a fresh DATA_DIR.
 * With `--compare <other main.cjs>` the other build is measured too, alternating fresh processes;
 * with `--matches N` each server then creates N advanced matches through the API and RSS is read again;
 * with `--restart` each measured start is the second on its DATA_DIR (a first start made the store's
 * files and stopped), as when a server is restarted on its data.
 * Not a test: nothing asserts a timing.
 * Usage: npx tsx apps/server/bench/startup-rss.ts [--runs 5] [--idle-ms 2000] [--compare /path/to/main.cjs] [--restart]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const runs = Number(arg('--runs') ?? 5);
const matches = Number(arg('--matches') ?? 0);
const idleMs = Number(arg('--idle-ms') ?? 2000);
const restart = process.argv.includes('--restart');
const ours = path.resolve(import.meta.dirname, '../dist/main.cjs');
const other = arg('--compare');
const builds = [{ label: 'this build', file: ours }, ...(other ? [{ label: other, file: path.resolve(other) }] : [])];

function rssMB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** CPU time of a process so far, ms: its threads' schedstat run times (see load.ts cpuMs). */
function cpuMs(pid: number): number {
  let ns = 0;
  for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(fs.readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // the thread ended meanwhile
    }
  }
  return ns / 1e6;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Asks GET /healthz every 5 ms until it answers 200: the time since `t0` and the server's CPU then. */
async function firstOk(port: number, pid: number, t0: number, exited: () => boolean) {
  while (!exited()) {
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { okMs: performance.now() - t0, okCpuMs: cpuMs(pid) };
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error('the server exited before answering');
}

/** Starts `file` on `dataDir` until it logs "listening", then stops it (SIGTERM) and waits for its exit. */
async function startAndStop(file: string, dataDir: string) {
  const child = spawn(process.execPath, ['--enable-source-maps', file], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((r) => child.on('exit', r));
  let out = '';
  await new Promise<void>((resolve) => {
    child.stdout.on('data', (d) => {
      out += d;
      if (out.includes('"msg":"listening"')) resolve();
    });
    child.on('exit', () => resolve());
  });
  child.kill('SIGTERM');
  await exited;
}

async function once(file: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-startup-'));
  if (restart) await startAndStop(file, dataDir);
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', file], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      CREATE_LIMIT_PER_HOUR: '100000',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    let gone = false;
    child.once('exit', () => {
      gone = true;
    });
    const ok = firstOk(port, child.pid!, t0, () => gone);
    const { readyMs } = await new Promise<{ readyMs: number }>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const line = out.split('\n').find((l) => l.includes('"msg":"listening"'));
        if (line) resolve({ readyMs: performance.now() - t0 });
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    const { okMs, okCpuMs } = await ok;
    const atReady = rssMB(child.pid!);
    await new Promise((r) => setTimeout(r, idleMs));
    const rssIdle = rssMB(child.pid!);
    for (let m = 0; m < matches; m++) {
      const res = await fetch(`http://127.0.0.1:${port}/api/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ plan: 'three', setupData: { ruleset: 'advanced' } }),
      });
      if (res.status !== 201) throw new Error(`create: ${res.status}`);
    }
    const rssAfterMatches = matches ? rssMB(child.pid!) : undefined;
    return { readyMs, okMs, okCpuMs, rssAtReady: atReady, rssIdle, rssAfterMatches, dataKB: du(dataDir) };
  } finally {
    const exited = new Promise((r) => child.on('exit', r));
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function du(dir: string): number {
  let total = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) total += fs.statSync(path.join(e.parentPath, e.name)).size;
  }
  return total / 1024;
}

const results = new Map<string, Awaited<ReturnType<typeof once>>[]>(builds.map((b) => [b.label, []]));
for (let r = 0; r < runs; r++) {
  for (const b of r % 2 === 0 ? builds : [...builds].reverse()) {
    const res = await once(b.file);
    results.get(b.label)!.push(res);
    const after = res.rssAfterMatches === undefined ? '' : `, ${res.rssAfterMatches.toFixed(0)} MB after ${matches} matches`;
    console.log(
      `${b.label} run ${r + 1}: listening ${res.readyMs.toFixed(0)} ms, first 200 ${res.okMs.toFixed(0)} ms (CPU ${res.okCpuMs.toFixed(0)} ms), RSS ${res.rssAtReady.toFixed(0)} MB at ready, ${res.rssIdle.toFixed(0)} MB idle${after}, data ${res.dataKB.toFixed(0)} KB`,
    );
  }
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const min = (xs: number[]) => Math.min(...xs);
console.log(
  '\nbuild | listening ms min/median | first 200 ms min/median | CPU to first 200 ms min/median | idle RSS MB min/median | data KB',
);
const summary = builds.map((b) => {
  const rs = results.get(b.label)!;
  const s = {
    ready: rs.map((x) => x.readyMs),
    ok: rs.map((x) => x.okMs),
    cpu: rs.map((x) => x.okCpuMs),
    rss: rs.map((x) => x.rssIdle),
    data: rs.map((x) => x.dataKB),
  };
  console.log(
    `${b.label} | ${min(s.ready).toFixed(0)} / ${med(s.ready).toFixed(0)} | ${min(s.ok).toFixed(0)} / ${med(s.ok).toFixed(0)} | ${min(s.cpu).toFixed(0)} / ${med(s.cpu).toFixed(0)} | ${min(s.rss).toFixed(0)} / ${med(s.rss).toFixed(0)} | ${med(s.data).toFixed(0)}`,
  );
  return s;
});
if (summary.length === 2) {
  const [a, b] = summary as [(typeof summary)[0], (typeof summary)[0]];
  console.log(
    `ratio this/other: first 200 median ${(med(a.ok) / med(b.ok)).toFixed(3)}, its CPU median ${(med(a.cpu) / med(b.cpu)).toFixed(3)}, idle RSS median ${(med(a.rss) / med(b.rss)).toFixed(3)}`,
  );
}
