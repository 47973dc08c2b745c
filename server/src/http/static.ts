import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerOptions,
} from 'fastify';

import { runtimeConfigFile, type ServerConfig } from '../config';
import { ApiError, notFound, sendError } from './errors';
import { securityHeadersSetter } from './security';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// webpack names bundles like main.3f9a1c2b7d.js; only such names may be cached forever.
const HASHED_ASSET = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>Oficina Virtual</title></head>
<body><p>La aplicación web no está compilada. Ejecute <code>npm run build</code> y reinicie el servidor.
La API está disponible en <code>/api/cliente</code> y <code>/api/fincas</code>.</p></body></html>
`;

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    (request.headers.accept ?? '').includes('text/html')
  );
}

async function sendRuntimeConfig(file: string, reply: FastifyReply) {
  let body: string;
  try {
    body = await readFile(file, 'utf8');
  } catch {
    throw new ApiError(404, 404, 'No hay configuración de ejecución');
  }
  return reply.header('cache-control', NO_CACHE).type('application/json; charset=utf-8').send(body);
}

/** The runtime configuration as a JSON data block for the page: `<` escaped so no `</script>` can close it. */
export function configBlock(text: string): string {
  let json: string;
  try {
    json = JSON.stringify(JSON.parse(text));
  } catch {
    // A broken file is reported by the SPA's own fetch of /config.json, as before.
    return '';
  }
  return `<script type="application/json" id="ov-config">${json.replace(/</g, '\\u003c')}</script>`;
}

interface RouteChunks {
  path: string;
  files: string[];
}

const routePattern = (routePath: string) => new RegExp(`^${routePath.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);

/** Preload links for the chunks of the route at `pathname`, from the list webpack writes (route-chunks.json). */
function preloadLinks(routeChunks: RouteChunks[], pathname: string): string {
  const route = routeChunks.find((entry) => routePattern(entry.path).test(pathname));
  return (route?.files ?? [])
    .map((file) => `<link rel="preload" href="/${file}" as="${file.endsWith('.css') ? 'style' : 'script'}">`)
    .join('');
}

async function readOr<T>(file: string, parse: (text: string) => T, fallback: T): Promise<T> {
  try {
    return parse(await readFile(file, 'utf8'));
  } catch {
    return fallback;
  }
}

/**
 * index.html as sent: the runtime configuration in it and the current route's chunks preloaded, so the browser
 * loads the bundle and the page's chunk at once instead of fetching /config.json first and the chunk after it.
 */
async function renderIndex(config: ServerConfig, configFile: string, url: string): Promise<string> {
  const [page, block, routeChunks] = await Promise.all([
    readOr(path.join(config.staticDir, 'index.html'), String, NOT_BUILT_PAGE),
    readOr(configFile, configBlock, ''),
    readOr(path.join(config.staticDir, 'route-chunks.json'), (text) => JSON.parse(text) as RouteChunks[], []),
  ]);
  const head = block + (Array.isArray(routeChunks) ? preloadLinks(routeChunks, url.split('?')[0]) : '');
  // A function, so no `$'`, `$&`… in the configuration is read as a replacement pattern.
  return page.replace('</head>', () => `${head}</head>`);
}

const sendIndex = (reply: FastifyReply, page: string, status = 200) =>
  reply.status(status).header('cache-control', NO_CACHE).type('text/html; charset=utf-8').send(page);

const isBuilt = (config: ServerConfig) =>
  existsSync(path.join(config.staticDir, 'index.html')) && statSync(config.staticDir).isDirectory();

export const BAD_URL = 'La dirección solicitada no es válida.';

/**
 * Fastify's router answers an address it cannot decode (a broken %-escape such as /issues/%E0%A4%A) before any
 * route or hook, in English JSON. A page gets the SPA instead, which shows its Spanish not-found page; an API
 * call gets the API's Spanish error. Passed to Fastify's frameworkErrors option, so the hooks that set the
 * security headers have not run either.
 */
export function frameworkErrorHandler(config: ServerConfig): FastifyServerOptions['frameworkErrors'] {
  const setSecurityHeaders = securityHeadersSetter(config);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    setSecurityHeaders(request, reply);
    if (error.code !== 'FST_ERR_BAD_URL') {
      void sendError(error, request, reply);
    } else if (isApiPath(request.url) || !wantsHtml(request)) {
      void sendError(new ApiError(400, 400, BAD_URL), request, reply);
    } else {
      // This reply is made before routing, without @fastify/static's sendFile.
      void renderIndex(config, runtimeConfigFile(config), '').then((page) => sendIndex(reply, page, 404));
    }
  };
}

/**
 * Serves the built SPA: files from staticDir, index.html (with the runtime configuration in it) for any page the
 * browser asks for (history routing), and the runtime configuration at /config.json, read on every request so a deployer can edit it
 * (or point CONFIG_FILE elsewhere) without rebuilding or restarting.
 */
export async function registerStatic(app: FastifyInstance, config: ServerConfig): Promise<void> {
  const built = isBuilt(config);
  const configFile = runtimeConfigFile(config);

  app.get('/config.json', (_request, reply) => sendRuntimeConfig(configFile, reply));

  if (built) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      cacheControl: false,
      // index.html is always sent through renderIndex, with the configuration in it.
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      // name.br and name.gz, written by the build beside each hashed text asset, go to a client that accepts them
      // (the request's Accept-Encoding is already negotiated, http/compression.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const file = path.basename(filePath).replace(PRECOMPRESSED_SUFFIX, '');
        res.setHeader('cache-control', HASHED_ASSET.test(file) ? IMMUTABLE : NO_CACHE);
        // Every file is looked for in its compressed forms first, so each answer depends on Accept-Encoding.
        res.setHeader('vary', 'Accept-Encoding');
      },
    });
    app.get('/', (request, reply) =>
      renderIndex(config, configFile, request.url).then((page) => sendIndex(reply, page)),
    );
  } else {
    app.get('/', (_request, reply) => reply.type('text/html; charset=utf-8').send(NOT_BUILT_PAGE));
  }

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || !wantsHtml(request)) {
      return sendError(notFound(), request, reply);
    }
    if (!built) return reply.status(404).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    return renderIndex(config, configFile, request.url).then((page) => sendIndex(reply, page));
  });
}
