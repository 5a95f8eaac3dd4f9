import { playRandomGame } from '/work/main/packages/game/src/testing/random-game.ts';
import { viewFor } from '/work/main/packages/game/src/engine/view.ts';
import { applyPatch } from '/work/main/node_modules/rfc6902/index.js';
import { diffJson, equalJson } from './src/json-diff.ts';
for (const ruleset of ['basic','advanced']) {
  let prev: any = null; let t = 0, n = 0, bytes = 0, maxB = 0; let worst: any;
  playRandomGame({ seed: 5, setup: { ruleset } as any, afterAction: (G: any) => {
    const v: any = JSON.parse(JSON.stringify(viewFor(G, 'norway')));
    v.log = v.log.slice(-3);
    if (prev) { const s = performance.now(); const p = diffJson(prev, v); t += performance.now() - s; n++; const b = JSON.stringify(p).length; bytes += b; if (b > maxB) { maxB = b; worst = p; }
      const c = JSON.parse(JSON.stringify(prev)); const errs = applyPatch(c, p as any); if (errs.some((e) => e) || !equalJson(c, v)) throw new Error('patch mismatch'); }
    prev = v;
  }});
  console.log(ruleset, 'patches', n, 'mean ms', (t/n).toFixed(3), 'mean B', (bytes/n).toFixed(0), 'max B', maxB, JSON.stringify(worst.map((o: any) => [o.op, o.path, JSON.stringify(o.value ?? '').length])));
}
