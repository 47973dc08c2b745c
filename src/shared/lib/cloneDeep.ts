/**
 * Formik's deep copy of a form's values (initialValues, errors, touched, an array helper's pushed item), put in
 * place of lodash's cloneDeep by webpack (webpack.config.js): lodash's generic machinery (Stack, MapCache, type
 * tags) weighed ~3 kB gzip on /login. Form values are plain data: arrays, plain objects, dates and primitives
 * are copied; anything else is kept as it is.
 */
export default function cloneDeep<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => cloneDeep(item)) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) {
    return value;
  }
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = cloneDeep(item);
  return copy as T;
}
