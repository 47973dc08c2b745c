import { type Static, Type } from 'typebox';
import { mapOf, nullableString, oneOf } from './common';

/**
 * What every request carries under Ley 10/2025 (issue 27): its tracking code (REC-AAAA-NNNNNN for a claim,
 * SOL-AAAA-NNNNNN otherwise), the last day to answer ('YYYY-MM-DD'), whether that day has passed with the
 * request still open, and whether the customer asked to be attended by a person. Code and deadline are null
 * only for a request of an older database in the moment before the start-up fills them.
 */
const trackingFields = {
  tracking_code: nullableString,
  deadline: nullableString,
  overdue: Type.Boolean(),
  asked_for_person: Type.Boolean(),
};

/** GET ov/issues/api/status/open: the caller's open requests. */
export const openIssuesAnswer = Type.Object({ total_count: Type.Integer() });
export type OpenIssuesAnswer = Static<typeof openIssuesAnswer>;

/** A request in the list; opened and last changed are ISO timestamps. */
export const issueListItem = Type.Object({
  id: Type.Integer(),
  subject: Type.String(),
  status: Type.Object({ name: Type.String() }),
  created_on: Type.String(),
  updated_on: Type.String(),
  ...trackingFields,
});
export type IssueListItem = Static<typeof issueListItem>;

/** GET ov/issues/api/issues: the caller's requests, newest first. */
export const issuesAnswer = Type.Object({ total_count: Type.Integer(), items: Type.Array(issueListItem) });
export type IssuesAnswer = Static<typeof issuesAnswer>;

/**
 * One entry of a request's history, oldest first: a message (its text) or a change of state (from null: the
 * opening). Author: the customer, the company's staff, or the company's schedule ('system').
 */
export const historyEntry = Type.Object({
  kind: oneOf(['message', 'state']),
  author: oneOf(['customer', 'staff', 'system']),
  text: nullableString,
  from: nullableString,
  to: nullableString,
  at: Type.String(),
});

/** GET ov/issues/api/issue?issueId: one request (spec 01 §7) with its history (issue 27). */
export const issueDetailAnswer = Type.Object({
  numero: Type.Integer(),
  asunto: Type.String(),
  estado: Type.String(),
  categoria: Type.String(),
  subcategoria: Type.String(),
  linea: Type.String(),
  cups: Type.String(),
  codigo_contrato: Type.String(),
  cif: Type.String(),
  email: Type.String(),
  telefono_cliente: nullableString,
  descripcion: Type.String(),
  fecha_creacion: Type.String(),
  fecha_actualizacion: Type.String(),
  ...trackingFields,
  /** The instant of receipt (ISO); the deadline counts from its day in Europe/Madrid. */
  received_at: nullableString,
  history: Type.Array(historyEntry),
});
export type IssueDetailAnswer = Static<typeof issueDetailAnswer>;

/** GET ov/issues/api/categories: names by id. */
export const categoriesAnswer = mapOf(Type.String());

/** GET ov/issues/api/subcategories?category. */
export const subcategoriesAnswer = Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }));
export type SubcategoriesAnswer = Static<typeof subcategoriesAnswer>;

/** POST ov/issues/api/add (201): the new request's number, tracking code and deadline ('YYYY-MM-DD'). */
export const newIssueAnswer = Type.Object({
  issue: Type.Integer(),
  tracking_code: Type.String(),
  deadline: Type.String(),
});
export type NewIssueAnswer = Static<typeof newIssueAnswer>;
