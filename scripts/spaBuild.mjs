// Builds the SPA (webpack, production) when its sources are newer than dist/: shared by `npm start` and
// `npm run start:cluster`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist', 'index.html');
const buildInputs = ['src', 'public', 'webpack.config.js', 'babel.config.js', 'package.json'];

function newestChange(target) {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestChange(path.join(target, entry))),
    stats.mtimeMs,
  );
}

function buildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return buildInputs.some((input) => newestChange(path.join(root, input)) > builtAt);
}

/** Builds when stale; exits the process with webpack's status if the build fails. */
export function buildSpaIfStale() {
  if (!buildIsStale()) return;
  console.log('Construyendo la Oficina Virtual (webpack, modo producción)…');
  const build = spawnSync('npx', ['webpack', '--mode', 'production'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
