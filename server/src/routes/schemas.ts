import { type Static, type TProperties, type TSchema, Type } from 'typebox';

/**
 * Pieces of the routes' TypeBox schemas that several resources use. They compile to the same JSON Schema the
 * routes declared by hand before (`enum`, a type list), so ajv's checks and the Spanish texts of
 * http/input.ts stay as they were.
 */

/** One of these texts: `{type: 'string', enum}` (a union of literals would make ajv answer `anyOf`). */
export const oneOf = <const T extends string>(values: readonly T[], options: { default?: T } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: values, ...options });

export const lineName = oneOf(['Electricidad', 'Gas']);

/** A text that may be null in an answer: `{type: ['string', 'null']}`. */
export const nullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });

/** An object with any keys whose values all match `value` (JSON Schema's additionalProperties). */
export const mapOf = <T extends TSchema>(value: T) =>
  Type.Unsafe<Record<string, Static<T>>>({ type: 'object', additionalProperties: value });

/** An answer's shape: these fields, none of them required (the serializer leaves out what is missing). */
export const answer = <T extends TProperties>(properties: T) => Type.Partial(Type.Object(properties));

/** A database id in a query or body. */
export const rowId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });

/** A number that may be null in an answer: `{type: ['number', 'null']}`. */
export const nullableNumber = Type.Unsafe<number | null>({ type: ['number', 'null'] });
