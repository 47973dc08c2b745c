// Every bench's ports come from one setting, so two benches, or a bench beside a running portal, can run at
// once: BENCH_PORT (default 8200) is the base and each bench owns the four ports from base + 4 × its number
// (bench 05 → 8220–8223 by default). A bench names itself by its own file (`import.meta.url`).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PORTS_PER_BENCH = 4;

export function benchBase() {
  return Number(process.env.BENCH_PORT ?? 8200);
}

/** The `slot`-th port (0–3) of the bench whose module URL is `moduleUrl`. */
export function benchPort(moduleUrl, slot = 0) {
  const number = Number(/^(\d+)-/.exec(path.basename(fileURLToPath(moduleUrl)))?.[1]);
  if (!Number.isInteger(number)) throw new Error(`${moduleUrl}: a bench file starts with its number`);
  if (slot < 0 || slot >= PORTS_PER_BENCH) throw new Error(`a bench has ${PORTS_PER_BENCH} ports`);
  return benchBase() + number * PORTS_PER_BENCH + slot;
}
