import fs from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

/** Encodings the build writes next to a file (`x.js.br`, `x.js.gz`), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
export type Encoding = (typeof ENCODINGS)[number]['name'] | 'identity';

/**
 * The encoding to send, from an Accept-Encoding header and the variants that exist: the highest
 * q-value wins, ties go to the smaller (br before gzip before identity). No header means identity.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: readonly Encoding[]): Encoding {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [rawName, ...params] = part.toLowerCase().split(';');
    const name = rawName?.trim();
    if (!name) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0);
  }
  const weight = (enc: Encoding) => q.get(enc) ?? q.get('*') ?? (enc === 'identity' ? 1 : 0);
  let best: Encoding = 'identity';
  let bestQ = -1;
  for (const enc of [...ENCODINGS.map((e) => e.name), 'identity'] as const) {
    if (enc !== 'identity' && !available.includes(enc)) continue;
    if (weight(enc) > bestQ) [best, bestQ] = [enc, weight(enc)];
  }
  // Nothing acceptable at all (identity;q=0 and no variant): still send the plain file rather than a 406.
  return bestQ > 0 ? best : 'identity';
}

async function fileStat(file: string): Promise<fs.Stats | undefined> {
  const stat = await fs.promises.stat(file).catch(() => undefined);
  return stat?.isFile() ? stat : undefined;
}

/**
 * Serves the built web client (apps/web/dist) with SPA fallback to index.html. Files the build
 * precompressed are sent as brotli or gzip when the browser takes them. Hashed files under /assets/
 * never change, so they are cached for a year; everything else (index.html) is revalidated each time.
 */
export function staticFiles(app: Koa, root: string) {
  const rootAbs = path.resolve(root);
  app.use(async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    if (ctx.path.startsWith('/api/') || ctx.path === '/api' || ctx.path.startsWith('/socket.io')) return next();
    if (!fs.existsSync(path.join(rootAbs, 'index.html'))) return next();
    let rel: string;
    try {
      rel = decodeURIComponent(ctx.path);
    } catch {
      return next();
    }
    const file = path.resolve(rootAbs, `.${path.posix.normalize(`/${rel}`)}`);
    if (file !== rootAbs && !file.startsWith(rootAbs + path.sep)) return next();
    let target = file;
    let stat = await fileStat(target);
    if (!stat) {
      // SPA fallback: any path without a file extension gets index.html.
      if (path.extname(rel) !== '') return next();
      target = path.join(rootAbs, 'index.html');
      stat = await fileStat(target);
      if (!stat) return next();
    }
    const variants = new Map<Encoding, { file: string; stat: fs.Stats }>([['identity', { file: target, stat }]]);
    for (const { name, suffix } of ENCODINGS) {
      const s = await fileStat(target + suffix);
      if (s) variants.set(name, { file: target + suffix, stat: s });
    }
    const encoding = chooseEncoding(ctx.get('Accept-Encoding') || undefined, [...variants.keys()]);
    const chosen = variants.get(encoding)!;

    ctx.status = 200;
    ctx.type = TYPES[path.extname(target).toLowerCase()] ?? 'application/octet-stream';
    if (variants.size > 1) ctx.vary('Accept-Encoding');
    if (encoding !== 'identity') ctx.set('Content-Encoding', encoding);
    const immutable = path.relative(rootAbs, target).split(path.sep)[0] === 'assets';
    ctx.set('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    // Revalidation of index.html answers 304 instead of the whole page; one ETag per encoding.
    ctx.etag = `W/"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}-${encoding}"`;
    ctx.lastModified = stat.mtime;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.length = chosen.stat.size;
    if (ctx.method === 'HEAD') return;
    ctx.body = fs.createReadStream(chosen.file);
  });
}
