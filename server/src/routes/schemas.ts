import { Type } from 'typebox';

/**
 * Pieces of the routes' TypeBox schemas that several resources use. They compile to the same JSON Schema the
 * routes declared by hand before (`enum`, a type list), so ajv's checks and the Spanish texts of
 * http/input.ts stay as they were. The answers' pieces are the contract's (contract/common.ts).
 */
export { lineName, oneOf } from '../contract/common';

/** A database id in a query or body. */
export const rowId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
