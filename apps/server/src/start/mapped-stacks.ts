/**
 * Stack traces through the bundle in terms of our TypeScript, as `node --enable-source-maps` writes
 * them for a module it loads itself. The bundle is compiled by start/main.ts (vm.Script, for its code
 * cache), which node does not map; so here the bundle's frames are mapped through its source map,
 * read the first time a stack through the bundle is written (node reads and keeps it at every start).
 * Each mapped frame is written as node 20's own source-mapped frames are
 * (lib/internal/source_map/prepare_stack_trace.js); stacks that do not pass through the bundle are
 * left to the Error.prepareStackTrace that was there before.
 */
import { readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

type Prepare = (error: Error, trace: NodeJS.CallSite[]) => unknown;

/** The map of `mapFile`, its sources made absolute file URLs as node does; null when it cannot be read. */
function readMap(mapFile: string): SourceMap | null {
  try {
    const payload = JSON.parse(readFileSync(mapFile, 'utf8')) as SourceMapPayload;
    const base = pathToFileURL(mapFile);
    const root = payload.sourceRoot ? new URL(payload.sourceRoot.replace(/\/?$/, '/'), base) : base;
    payload.sources = payload.sources.map((s) => new URL(s, root).href);
    return new SourceMap(payload);
  } catch {
    return null;
  }
}

interface Entry {
  originalSource?: string;
  originalLine?: number;
  originalColumn?: number;
  name?: string;
}
const entry = (sm: SourceMap, line: number | null, column: number | null): Entry =>
  line === null || column === null ? {} : (sm.findEntry(line - 1, column - 1) as Entry);

/** The name the source gave the frame's function: at its start, else where the caller in the same file called it. */
function originalName(sm: SourceMap, site: NodeJS.CallSite, caller: NodeJS.CallSite | undefined): string | undefined {
  const enclosing = entry(sm, site.getEnclosingLineNumber(), site.getEnclosingColumnNumber());
  if (enclosing.name) return enclosing.name;
  if (caller && caller.getFileName() === site.getFileName()) return entry(sm, caller.getLineNumber(), caller.getColumnNumber()).name;
  return undefined;
}

/** One frame as node's source-mapped stacks write it; the frame as V8 writes it when the map has no place for it. */
export function mappedFrame(sm: SourceMap, site: NodeJS.CallSite, caller: NodeJS.CallSite | undefined): string {
  const at = entry(sm, site.getLineNumber(), site.getColumnNumber());
  if (at.originalSource === undefined || at.originalLine === undefined || at.originalColumn === undefined) return `${site}`;
  const name = originalName(sm, site, caller);
  const source = at.originalSource.startsWith('file://') ? fileURLToPath(at.originalSource) : at.originalSource;
  const prefix = site.isAsync() ? 'async ' : site.isConstructor() ? 'new ' : '';
  const typeName = site.getTypeName();
  const namePrefix = typeName !== null && typeName !== 'global' ? `${typeName}.` : '';
  const ownName = `${namePrefix}${(site.getFunctionName() ?? site.getMethodName()) || '<anonymous>'}`;
  const shown = name && name !== ownName ? name : ownName;
  return `${prefix}${shown} (${source}:${at.originalLine + 1}:${at.originalColumn + 1})`;
}

/**
 * From now on, stacks through `file` (the bundle) name the places of `mapFile`'s sources. Node's own
 * header line is kept (`Error: …`, `TypeError [ERR_…]: …`).
 */
export function mapStacksThrough(file: string, mapFile: string): void {
  const before = Error.prepareStackTrace as Prepare | undefined;
  let sm: SourceMap | null | undefined;
  const prepare: Prepare = (error, trace) => {
    if (!trace.some((site) => site.getFileName() === file)) return before ? before(error, trace) : defaultStack(error, trace);
    sm ??= readMap(mapFile);
    const head = before ? String(before(error, [])) : Error.prototype.toString.call(error);
    const frames = trace.map((site, i) => (sm && site.getFileName() === file ? mappedFrame(sm, site, trace[i + 1]) : `${site}`));
    return `${head}\n    at ${frames.join('\n    at ')}`;
  };
  Error.prepareStackTrace = prepare;
}

function defaultStack(error: Error, trace: NodeJS.CallSite[]): string {
  const head = Error.prototype.toString.call(error);
  return trace.length === 0 ? head : `${head}\n    at ${trace.join('\n    at ')}`;
}
