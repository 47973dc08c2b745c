import { Type } from 'typebox';
import { nullableNumber, nullableString } from './common';

/**
 * The retailer's attention desk (issue 27), realm 'atencion' under /api/atencion: the queue of open requests,
 * a request's detail (the customer's detail answer, contract/issues.ts), a reply and a change of state.
 */

/** One open request in the queue; days_left is calendar days to the deadline (negative once passed). */
export const queueItem = Type.Object({
  id: Type.Integer(),
  tracking_code: nullableString,
  subject: Type.String(),
  status: Type.String(),
  category: Type.String(),
  received_at: nullableString,
  deadline: nullableString,
  days_left: nullableNumber,
  overdue: Type.Boolean(),
  asked_for_person: Type.Boolean(),
});

/** GET ov/attention/api/queue: overdue first, then by deadline. */
export const queueAnswer = Type.Object({ total_count: Type.Integer(), items: Type.Array(queueItem) });
