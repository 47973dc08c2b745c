import { Type, type Static } from 'typebox';
import { nullableNumber, nullableString } from './common';
import { historyEntry, issueDetailAnswer } from './issues';

/**
 * The retailer's attention desk (issue 27), realm 'atencion' under /api/atencion: the queue of open requests,
 * a request's detail (the customer's detail answer, contract/issues.ts), a reply and a change of state.
 */

/**
 * One open request in the queue; days_left is calendar days to the deadline (negative once passed),
 * business_days_left the business days (measurements/holidays.ts businessDaysLeft).
 */
export const queueItem = Type.Object({
  id: Type.Integer(),
  tracking_code: nullableString,
  subject: Type.String(),
  status: Type.String(),
  category: Type.String(),
  received_at: nullableString,
  deadline: nullableString,
  days_left: nullableNumber,
  business_days_left: nullableNumber,
  overdue: Type.Boolean(),
  asked_for_person: Type.Boolean(),
});

/** GET ov/attention/api/queue: overdue first, then by deadline. */
export const queueAnswer = Type.Object({ total_count: Type.Integer(), items: Type.Array(queueItem) });
export type QueueItem = Static<typeof queueItem>;
export type QueueAnswer = Static<typeof queueAnswer>;

/** GET ov/attention/api/categories: the requests' categories, for the queue's filter. */
export const categoriesAnswer = Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }));
export type CategoriesAnswer = Static<typeof categoriesAnswer>;

/**
 * A history entry at the desk: also the name of the staff member who wrote it or changed the state (null for
 * the customer's and the schedule's). The customer's answer has no such field: a staff member's name is not theirs.
 */
export const staffHistoryEntry = Type.Object({ ...historyEntry.properties, staff_name: nullableString });

/**
 * GET ov/attention/api/request: the customer's detail answer plus the states the staff may move it to now
 * (Nueva → En curso → Resuelta / Cerrada), so the desk offers only those.
 */
export const requestAnswer = Type.Object({
  ...issueDetailAnswer.properties,
  history: Type.Array(staffHistoryEntry),
  next_states: Type.Array(Type.String()),
});
export type RequestAnswer = Static<typeof requestAnswer>;
