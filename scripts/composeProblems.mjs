// What `docker compose config` would refuse in compose.yaml, and what would keep the portal from reaching its
// database, found without Docker (scripts/checkCompose.mjs; CI has no Docker engine).
import yaml from 'js-yaml';

const TOP_LEVEL = ['name', 'services', 'volumes', 'networks', 'configs', 'secrets'];
const PORT = /^(?:(?:\d{1,3}\.){3}\d{1,3}:)?(\d{1,5}):(\d{1,5})(?:\/(?:tcp|udp))?$/;

const isMap = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The environment of a service as a map, from either of compose's two forms. */
function environmentOf(service) {
  const env = service.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(env.map((entry) => String(entry).split(/=(.*)/s).slice(0, 2)));
  }
  return isMap(env) ? env : null;
}

/** The services a service depends on, from either of compose's two forms. */
const dependenciesOf = (service) =>
  Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});

/**
 * Problems of the compose file (its text) and the Dockerfile its portal builds: an empty list when it is fine.
 * Checks compose's structure (top-level keys, services with an image or a build, ports, environments,
 * depends_on, named volumes) and the portal's wiring (a PostgreSQL DATABASE_URL naming the database
 * service with its user, password and database, the port it listens on published, a JWT_SECRET long enough).
 */
export function composeProblems(composeText, dockerfileText) {
  const problems = [];
  let doc;
  try {
    doc = yaml.safeLoad(composeText);
  } catch (error) {
    return [`compose.yaml no es YAML válido: ${error.message}`];
  }
  if (!isMap(doc)) return ['compose.yaml debe ser un mapa con services'];
  for (const key of Object.keys(doc)) {
    if (!TOP_LEVEL.includes(key) && !key.startsWith('x-'))
      problems.push(`clave desconocida en la raíz: ${key}`);
  }
  const services = doc.services;
  if (!isMap(services) || !Object.keys(services).length) return [...problems, 'faltan los services'];
  const volumes = isMap(doc.volumes) ? Object.keys(doc.volumes) : [];

  for (const [name, service] of Object.entries(services)) {
    if (!isMap(service)) {
      problems.push(`${name}: debe ser un mapa`);
      continue;
    }
    if (!service.image && !service.build) problems.push(`${name}: necesita image o build`);
    const env = environmentOf(service);
    if (env === null) problems.push(`${name}: environment debe ser un mapa o una lista`);
    else {
      for (const [key, value] of Object.entries(env)) {
        if (!['string', 'number', 'boolean'].includes(typeof value) && value !== null) {
          problems.push(`${name}: el valor de ${key} debe ser un escalar`);
        }
      }
    }
    for (const port of service.ports ?? []) {
      const match = PORT.exec(String(port));
      if (typeof port !== 'string' || !match || Number(match[1]) > 65535 || Number(match[2]) > 65535) {
        problems.push(
          `${name}: puerto no válido ${JSON.stringify(port)} (entre comillas, "anfitrión:contenedor")`,
        );
      }
    }
    for (const dependency of dependenciesOf(service)) {
      if (!(dependency in services))
        problems.push(`${name}: depends_on nombra un servicio que no existe: ${dependency}`);
    }
    for (const volume of service.volumes ?? []) {
      const source = String(volume).split(':')[0];
      if (!/^[./~]/.test(source) && !volumes.includes(source)) {
        problems.push(`${name}: el volumen ${source} no está declarado en volumes`);
      }
    }
  }

  const portal = Object.entries(services).find(([, service]) => service?.build);
  if (!portal) return [...problems, 'ningún servicio construye el portal (build)'];
  const [portalName, portalService] = portal;
  const env = environmentOf(portalService) ?? {};
  let url;
  try {
    url = new URL(String(env.DATABASE_URL ?? ''));
  } catch {
    return [...problems, `${portalName}: DATABASE_URL debe ser una URL postgres://`];
  }
  if (!['postgres:', 'postgresql:'].includes(url.protocol))
    problems.push(`${portalName}: DATABASE_URL debe ser postgres://`);
  const database = services[url.hostname];
  if (!database)
    problems.push(`${portalName}: DATABASE_URL nombra el anfitrión ${url.hostname}, que no es un servicio`);
  else {
    const dbEnv = environmentOf(database) ?? {};
    const expected = {
      POSTGRES_USER: url.username,
      POSTGRES_PASSWORD: url.password,
      POSTGRES_DB: url.pathname.slice(1),
    };
    for (const [key, value] of Object.entries(expected)) {
      if (String(dbEnv[key] ?? '') !== decodeURIComponent(value)) {
        problems.push(`${portalName}: DATABASE_URL no coincide con ${key} de ${url.hostname}`);
      }
    }
    if (!dependenciesOf(portalService).includes(url.hostname)) {
      problems.push(`${portalName}: debe depender de ${url.hostname} (depends_on)`);
    }
  }
  const listens = String(env.PORT ?? 8080);
  if (!(portalService.ports ?? []).some((port) => String(port).endsWith(`:${listens}`))) {
    problems.push(`${portalName}: ningún puerto publica el ${listens} en el que escucha`);
  }
  if (env.JWT_SECRET !== undefined && String(env.JWT_SECRET).length < 32) {
    problems.push(`${portalName}: JWT_SECRET debe tener al menos 32 caracteres`);
  }
  if (dockerfileText === undefined) problems.push('falta el Dockerfile que construye el portal');
  else {
    if (!new RegExp(`^EXPOSE\\s+${listens}\\b`, 'm').test(dockerfileText))
      problems.push(`el Dockerfile no expone el puerto ${listens}`);
    if (!/^CMD .*cluster/m.test(dockerfileText))
      problems.push('el Dockerfile debe arrancar scripts/cluster.mjs');
  }
  return problems;
}
