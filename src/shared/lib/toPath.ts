/**
 * Formik's reading of a field name as a path ('contratos[0].codigo' → ['contratos', '0', 'codigo']), put in place of
 * lodash's toPath by webpack (webpack.config.js) with ./clone and ./cloneDeep: lodash's brings a memoising cache
 * and its map machinery. The portal's field names are dotted words and numeric indexes, never quoted keys.
 */
export default function toPath(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return String(value).match(/[^.[\]]+/g) ?? [];
}
