import fs from 'node:fs';
import path from 'node:path';

const ROUTES = path.resolve('server/src/routes');

/** The file an import of `source` from `file` names: `x.ts` or `x/index.ts`; null when there is none. */
function resolved(file, source) {
  const base = path.resolve(path.dirname(file), source);
  return [`${base}.ts`, path.join(base, 'index.ts'), base].find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
}

const declaresRoutes = (file) => /:\s*RoutePlugin\b/.test(fs.readFileSync(file, 'utf8'));

/**
 * Route files share what they share through helper modules (invoiceQueries.ts, measurementQueries.ts, schemas.ts,
 * …), never through each other: from a file that declares a route plugin, another route file may import only
 * plugins (named `…Routes`), to register them.
 */
const routeImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      routeFile:
        "Una ruta no importa otra ruta: lo compartido va a un módulo auxiliar (como invoiceQueries.ts); sólo se importa un plugin ('…Routes') para registrarlo.",
    },
  },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(ROUTES + path.sep) || file.endsWith('.test.ts')) return {};
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = resolved(file, source);
        if (!target || !target.startsWith(ROUTES + path.sep) || !declaresRoutes(target)) return;
        const names = node.specifiers.map((specifier) =>
          specifier.type === 'ImportSpecifier' ? (specifier.imported.name ?? specifier.imported.value) : null,
        );
        if (names.some((name) => name === null || !name.endsWith('Routes'))) {
          context.report({ node, messageId: 'routeFile' });
        }
      },
    };
  },
};

export const serverRules = { rules: { 'route-imports': routeImports } };
