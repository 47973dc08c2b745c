import type { FastifyPluginAsync } from 'fastify';

import { signedInAccount } from '../auth/requireAuth';
import type { Line } from '../db/schema';
import { ApiError } from '../http/errors';
import type { RouteContext } from './context';
import {
  contractsOnCups,
  countOpenIssues,
  createIssue,
  findIssue,
  listCategories,
  listIssues,
  listSubcategories,
  subcategoryBelongs,
} from '../data/issues';
import { notFound } from '../http/errors';

export const ISSUE_CUPS_NOT_OWNED = 'El CUPS seleccionado debe estar entre los CUPS del usuario';
export const ISSUE_CONTRACT_MISMATCH = 'El contrato no corresponde al CUPS y la línea seleccionados';
export const ISSUE_SUBCATEGORY_MISMATCH = 'La subcategoría no pertenece a la categoría seleccionada';
export const ISSUE_CATEGORY_NOT_FOUND = 'La categoría no existe';

// The SPA escapes double quotes as &quot; (spec 01 §3) and counts each as 6 characters, so the limits of
// spec 01 §5 hold for the text as it arrives; it is stored with its quotes back.
const SUBJECT_MAX = 200;
const DESCRIPTION_MAX = 1000;

interface NewIssueBody {
  title: string;
  description: string;
  category: number;
  subcategory: number;
  line: Line;
  cups: string;
  contractCode: string;
}

const errorBody = {
  type: 'object',
  properties: { code: { type: 'integer' }, message: { type: 'string' } },
} as const;

const nullableString = { type: ['string', 'null'] } as const;
const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const nonBlank = '\\S';

const openCountSchema = {
  response: { 200: { type: 'object', properties: { total_count: { type: 'integer' } } }, '4xx': errorBody },
} as const;

const listSchema = {
  response: {
    200: {
      type: 'object',
      properties: {
        total_count: { type: 'integer' },
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              subject: { type: 'string' },
              status: { type: 'object', properties: { name: { type: 'string' } } },
              created_on: { type: 'string' },
            },
          },
        },
      },
    },
    '4xx': errorBody,
  },
} as const;

const detailSchema = {
  querystring: { type: 'object', required: ['issueId'], properties: { issueId: id } },
  response: {
    200: {
      type: 'object',
      properties: {
        numero: { type: 'integer' },
        asunto: { type: 'string' },
        estado: { type: 'string' },
        categoria: { type: 'string' },
        subcategoria: { type: 'string' },
        linea: { type: 'string' },
        cups: { type: 'string' },
        codigo_contrato: { type: 'string' },
        cif: { type: 'string' },
        email: { type: 'string' },
        telefono_cliente: nullableString,
        descripcion: { type: 'string' },
        fecha_creacion: { type: 'string' },
      },
    },
    '4xx': errorBody,
  },
} as const;

const categoriesSchema = {
  response: {
    200: { type: 'object', additionalProperties: { type: 'string' } },
    '4xx': errorBody,
  },
} as const;

const subcategoriesSchema = {
  querystring: { type: 'object', required: ['category'], properties: { category: id } },
  response: {
    200: {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } },
    },
    '4xx': errorBody,
  },
} as const;

const addSchema = {
  body: {
    type: 'object',
    required: ['title', 'description', 'category', 'subcategory', 'line', 'cups', 'contractCode'],
    properties: {
      title: { type: 'string', minLength: 1, maxLength: SUBJECT_MAX, pattern: nonBlank },
      description: { type: 'string', minLength: 1, maxLength: DESCRIPTION_MAX, pattern: nonBlank },
      category: id,
      subcategory: id,
      line: { type: 'string', enum: ['Electricidad', 'Gas'] },
      cups: { type: 'string', minLength: 1, maxLength: 30 },
      contractCode: { type: 'string', minLength: 1, maxLength: 20 },
    },
  },
  response: { 201: { type: 'object', properties: { issue: { type: 'integer' } } }, '4xx': errorBody },
} as const;

function unescapeQuotes(text: string): string {
  return text.replace(/&quot;/g, '"').trim();
}

/**
 * Support requests (spec 01 §7). Every request belongs to the account that made it: a customer sees its own,
 * an administrator its own too (not its clients'); anyone else's id answers 404.
 */
export const issueRoutes: FastifyPluginAsync<RouteContext> = async (app, { db, requireAuth }) => {
  app.get(
    '/ov/issues/api/status/open',
    { schema: openCountSchema, preHandler: requireAuth },
    async (request) => {
      return { total_count: await countOpenIssues(db, signedInAccount(request).id) };
    },
  );

  app.get('/ov/issues/api/issues', { schema: listSchema, preHandler: requireAuth }, async (request) => {
    const rows = await listIssues(db, signedInAccount(request).id);
    return {
      total_count: rows.length,
      items: rows.map((row) => ({
        id: row.id,
        subject: row.subject,
        status: { name: row.status },
        created_on: row.created_at,
      })),
    };
  });

  app.get<{ Querystring: { issueId: number } }>(
    '/ov/issues/api/issue',
    { schema: detailSchema, preHandler: requireAuth },
    async (request) => {
      const issue = await findIssue(db, signedInAccount(request).id, request.query.issueId);
      if (!issue) throw notFound();
      return {
        numero: issue.id,
        asunto: issue.subject,
        estado: issue.status,
        categoria: issue.category,
        subcategoria: issue.subcategory,
        linea: issue.line,
        cups: issue.cups,
        codigo_contrato: issue.contract_code,
        cif: issue.holder_nif,
        email: issue.email,
        telefono_cliente: issue.telephone,
        descripcion: issue.description,
        fecha_creacion: issue.created_at,
      };
    },
  );

  app.get('/ov/issues/api/categories', { schema: categoriesSchema, preHandler: requireAuth }, async () => {
    const rows = await listCategories(db);
    return Object.fromEntries(rows.map((row) => [String(row.id), row.name]));
  });

  app.get<{ Querystring: { category: number } }>(
    '/ov/issues/api/subcategories',
    { schema: subcategoriesSchema, preHandler: requireAuth },
    async (request) => {
      const subcategories = await listSubcategories(db, request.query.category);
      if (!subcategories) throw new ApiError(404, 404, ISSUE_CATEGORY_NOT_FOUND);
      return subcategories;
    },
  );

  app.post<{ Body: NewIssueBody }>(
    '/ov/issues/api/add',
    { schema: addSchema, preHandler: requireAuth },
    async (request, reply) => {
      const account = signedInAccount(request);
      const body = request.body;
      const cups = body.cups.trim().toUpperCase();

      const contracts = await contractsOnCups(db, account, cups);
      if (!contracts.length) throw new ApiError(400, 400, ISSUE_CUPS_NOT_OWNED);
      const contract = contracts.find(
        (row) => row.code === body.contractCode.trim() && row.line === body.line,
      );
      if (!contract) throw new ApiError(400, 400, ISSUE_CONTRACT_MISMATCH);

      if (!(await subcategoryBelongs(db, body.category, body.subcategory))) {
        throw new ApiError(400, 400, ISSUE_SUBCATEGORY_MISMATCH);
      }

      const issueId = await createIssue(db, account, {
        subject: unescapeQuotes(body.title),
        description: unescapeQuotes(body.description),
        categoryId: body.category,
        subcategoryId: body.subcategory,
        line: contract.line,
        cups,
        contractCode: contract.code,
      });
      return reply.status(201).send({ issue: issueId });
    },
  );
};
