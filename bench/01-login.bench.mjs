// Foundation figures: the JS a visitor downloads before the login form is usable, against the floor of
// React + ReactDOM alone, and the Largest Contentful Paint of /login (median of 5).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { largestContentfulPaint, launchChromium, median, report, root, startServer } from './lib.mjs';
import { benchPort } from './ports.mjs';

const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

function reactFloor() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ov-floor-'));
  writeFileSync(
    path.join(dir, 'entry.js'),
    "import { createRoot } from 'react-dom/client';\nimport { createElement } from 'react';\n" +
      "createRoot(document.getElementById('root')).render(createElement('p', null, 'hola'));\n",
  );
  // Its own minimal config: the same minifier (webpack's default Terser) and nothing of the portal.
  writeFileSync(
    path.join(dir, 'webpack.floor.cjs'),
    `module.exports = { mode: 'production', context: ${JSON.stringify(dir)}, entry: './entry.js',
      output: { path: ${JSON.stringify(dir)}, filename: 'floor.js' },
      resolve: { modules: [${JSON.stringify(path.join(root, 'node_modules'))}] } };`,
  );
  const result = spawnSync('npx', ['webpack', '--config', path.join(dir, 'webpack.floor.cjs')], {
    cwd: root,
    stdio: 'ignore',
  });
  if (result.status !== 0) throw new Error('floor build failed');
  return gzipSize(readFileSync(path.join(dir, 'floor.js')));
}

async function loginScripts(browser, origin) {
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
  await page.close();
  return scripts;
}

async function loginLcp(browser, origin) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${origin}/login`, { waitUntil: 'load' });
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
  const lcp = await largestContentfulPaint(page);
  await context.close();
  return lcp;
}

export async function run() {
  const server = await startServer({ port: benchPort(import.meta.url) });
  const browser = await launchChromium();
  try {
    const scripts = await loginScripts(browser, server.origin);
    const contents = scripts.map((script) => readFileSync(path.join(root, 'dist', script)));
    const total = contents.reduce((sum, content) => sum + gzipSize(content), 0);
    const text = contents.map((content) => content.toString('utf8')).join('\n');
    report(`JS antes de poder usar /login (${scripts.length} ficheros, gzip -9)`, total / 1024, 'kB', 150);
    report('Suelo: React + ReactDOM solos (gzip -9)', reactFloor() / 1024, 'kB');
    console.log(`  ¿moment en ese JS? ${/moment\.defineLocale|isMoment/.test(text) ? 'sí (MAL)' : 'no'}`);
    console.log(`  ¿Highcharts en ese JS? ${/Highcharts/.test(text) ? 'sí (MAL)' : 'no'}`);

    await loginLcp(browser, server.origin);
    const runs = [];
    for (let i = 0; i < 5; i += 1) runs.push(await loginLcp(browser, server.origin));
    report('LCP de /login (mediana de 5)', median(runs) / 1000, 's', 1.0);
    console.log(`  ejecuciones: ${runs.map((value) => value.toFixed(0)).join(', ')} ms`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
