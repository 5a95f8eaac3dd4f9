/**
 * Benchmark: how long the compiled server (dist/main.cjs, as `npm start` runs it) takes from spawn to
 * its "listening" log line, and its resident memory when idle a moment later, on a fresh DATA_DIR.
 * With `--compare <other main.cjs>` the other build is measured too, alternating fresh processes;
 * with `--matches N` each server then creates N advanced matches through the API and RSS is read again.
 * Not a test: nothing asserts a timing.
 * Usage: npx tsx apps/server/bench/startup-rss.ts [--runs 5] [--idle-ms 2000] [--compare /path/to/main.cjs]
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
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
const ours = path.resolve(import.meta.dirname, '../dist/main.cjs');
const other = arg('--compare');
const builds = [{ label: 'this build', file: ours }, ...(other ? [{ label: other, file: path.resolve(other) }] : [])];

function rssMB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

async function once(file: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kon-startup-'));
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', file], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      CREATE_LIMIT_PER_HOUR: '100000',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const { readyMs, port } = await new Promise<{ readyMs: number; port: number }>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const line = out.split('\n').find((l) => l.includes('"msg":"listening"'));
        if (line) resolve({ readyMs: performance.now() - t0, port: JSON.parse(line).port });
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
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
    return { readyMs, rssAtReady: atReady, rssIdle, rssAfterMatches, dataKB: du(dataDir) };
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
      `${b.label} run ${r + 1}: ready ${res.readyMs.toFixed(0)} ms, RSS ${res.rssAtReady.toFixed(0)} MB at ready, ${res.rssIdle.toFixed(0)} MB idle${after}, data ${res.dataKB.toFixed(0)} KB`,
    );
  }
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const min = (xs: number[]) => Math.min(...xs);
console.log('\nbuild | ready ms min/median | idle RSS MB min/median | data KB');
const summary = builds.map((b) => {
  const rs = results.get(b.label)!;
  const s = { ready: rs.map((x) => x.readyMs), rss: rs.map((x) => x.rssIdle), data: rs.map((x) => x.dataKB) };
  console.log(
    `${b.label} | ${min(s.ready).toFixed(0)} / ${med(s.ready).toFixed(0)} | ${min(s.rss).toFixed(0)} / ${med(s.rss).toFixed(0)} | ${med(s.data).toFixed(0)}`,
  );
  return s;
});
if (summary.length === 2) {
  const [a, b] = summary as [(typeof summary)[0], (typeof summary)[0]];
  console.log(
    `ratio this/other: ready median ${(med(a.ready) / med(b.ready)).toFixed(3)}, idle RSS median ${(med(a.rss) / med(b.rss)).toFixed(3)}`,
  );
}
