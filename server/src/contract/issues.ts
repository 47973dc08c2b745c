import { type Static, Type } from 'typebox';
import { mapOf, nullableString } from './common';

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
});
export type IssueListItem = Static<typeof issueListItem>;

/** GET ov/issues/api/issues: the caller's requests, newest first. */
export const issuesAnswer = Type.Object({ total_count: Type.Integer(), items: Type.Array(issueListItem) });
export type IssuesAnswer = Static<typeof issuesAnswer>;

/** GET ov/issues/api/issue?issueId: one request (spec 01 §7). */
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
});
export type IssueDetailAnswer = Static<typeof issueDetailAnswer>;

/** GET ov/issues/api/categories: names by id. */
export const categoriesAnswer = mapOf(Type.String());

/** GET ov/issues/api/subcategories?category. */
export const subcategoriesAnswer = Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }));
export type SubcategoriesAnswer = Static<typeof subcategoriesAnswer>;

/** POST ov/issues/api/add (201): the new request's number. */
export const newIssueAnswer = Type.Object({ issue: Type.Integer() });
export type NewIssueAnswer = Static<typeof newIssueAnswer>;
