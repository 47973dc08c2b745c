// The reference server compiled to JavaScript for `npm start`, `start:cluster` and the benches' servers:
// server/src → server/build, each TypeScript file transpiled by esbuild on its own (no bundling, no type check:
// `npm run typecheck` does that), the worker scripts (.cjs) copied beside them. Running the compiled files
// instead of tsx spares every process tsx's launcher, its esbuild thread and the transformed sources with their
// inline source maps: 60 MB less after a full GC on bench 12 (server/docs/wire-and-memory.md, issue 30). Tests
// and `npm run dev` keep running the TypeScript through tsx and jest.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { buildSync } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const source = path.join(root, 'server', 'src');
const output = path.join(root, 'server', 'build');
/** Written last: its time is the build's, and a build cut short leaves none, so the next start builds again. */
const stamp = path.join(output, '.built');

/** The compiled server's entry point, run with plain node. */
export const serverEntry = path.join(output, 'main.js');

/** Every file of server/src but the tests, with the time of its last change. */
function sources(dir = source) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.(ts|cjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/**
 * Compiles server/src when a source (or package.json, for the dependencies' versions) is newer than the last
 * build; about half a second. The files are written over the old ones, never removed first: a server already
 * running from server/build still finds its worker scripts when it starts a thread.
 */
export function buildServerIfStale() {
  const files = sources();
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const inputs = [...files, path.join(root, 'package.json')];
  if (inputs.every((file) => statSync(file).mtimeMs <= builtAt)) return;
  // A source changed while this runs is newer than the stamp: the next start builds it.
  const startedAt = new Date();
  buildSync({
    entryPoints: files.filter((file) => file.endsWith('.ts')),
    outdir: output,
    outbase: source,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
  for (const file of files.filter((name) => name.endsWith('.cjs'))) {
    const target = path.join(output, path.relative(source, file));
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
  writeFileSync(stamp, startedAt.toISOString());
  utimesSync(stamp, startedAt, startedAt);
}

// `node scripts/serverBuild.mjs`: build now if stale (the Dockerfile's build stage).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) buildServerIfStale();
