/**
 * Formik's shallow copy of a form's values on the path a change writes (setIn), put in place of lodash's clone by
 * webpack (webpack.config.js) with ./cloneDeep: both lodash functions bring its generic cloning machinery, ~3 kB
 * gzip on /login. Arrays and objects are copied one level (keeping their prototype), dates copied.
 */
export default function clone<T>(value: T): T {
  if (Array.isArray(value)) return [...(value as unknown[])] as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (value === null || typeof value !== 'object') return value;
  // As lodash: a class instance keeps its prototype (Formik's setIn relies on it never sharing the original).
  return Object.assign(Object.create(Object.getPrototypeOf(value) as object | null) as object, value);
}
