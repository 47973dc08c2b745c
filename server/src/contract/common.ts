import { type Static, type TSchema, Type } from 'typebox';

/**
 * The wire format's shared pieces (issue 23, ARCHITECTURE "The wire format is declared once"). This folder is the
 * contract between the reference server and the SPA: the routes use its schemas as their response schemas, the SPA
 * takes `Static<>` types from them with `import type` only (no TypeBox in its bundle). It imports nothing but
 * TypeBox, so the SPA's type check never reaches server code.
 */

/** One of these texts: `{type: 'string', enum}` (a union of literals would make ajv answer `anyOf`). */
export const oneOf = <const T extends string>(values: readonly T[], options: { default?: T } = {}) =>
  Type.Unsafe<T>({ type: 'string', enum: values, ...options });

export const lineName = oneOf(['Electricidad', 'Gas']);

/** A text that may be null in an answer: `{type: ['string', 'null']}`. */
export const nullableString = Type.Unsafe<string | null>({ type: ['string', 'null'] });

/** A number that may be null in an answer: `{type: ['number', 'null']}`. */
export const nullableNumber = Type.Unsafe<number | null>({ type: ['number', 'null'] });

/** An object with any keys whose values all match `value` (JSON Schema's additionalProperties). */
export const mapOf = <T extends TSchema>(value: T) =>
  Type.Unsafe<Record<string, Static<T>>>({ type: 'object', additionalProperties: value });

/**
 * Every failure's body (http/errors.ts sendError), and the success notices of the account calls that answer the
 * same pair (spec 01 §8).
 */
export const codeAndMessage = Type.Object({ code: Type.Integer(), message: Type.String() });
export type CodeAndMessage = Static<typeof codeAndMessage>;

/** The measurement calls' failures carry the text in `error` too (spec 02 §8, read by the load-curve screen). */
export const measurementErrorBody = Type.Object({
  ...codeAndMessage.properties,
  // Not on the failures the house handler answers for them (a 415, a 413).
  error: Type.Optional(Type.String()),
});

/** A 204 (or another answer without a body): nothing to serialise, and `reply.send()` takes no argument. */
export const noContent = Type.Unsafe<void>({});
