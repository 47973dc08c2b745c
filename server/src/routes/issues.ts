import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import { serverNow, serverToday } from '../clock';
import { ApiError, errorBody, notFound } from '../http/errors';
import { noContent } from '../contract/common';
import { offLoop } from '../documents/documentThreads';
import { sendPdfBytes } from '../documents/download';
import { receiptFactsOf } from '../documents/requestReceipt';
import { requestReceiptWriter } from '../notifications';
import type { RoutePlugin } from './context';
import {
  answerWrite,
  issueDetail,
  MESSAGE_MAX,
  messageText,
  trackingOf,
  unescapeQuotes,
} from './requestViews';
import {
  categoriesAnswer,
  issueDetailAnswer,
  issuesAnswer,
  newIssueAnswer,
  openIssuesAnswer,
  subcategoriesAnswer,
} from '../contract/issues';
import { lineName, rowId } from './schemas';
import {
  addRequestMessage,
  askForPerson,
  contractsOnCups,
  countOpenIssues,
  createIssueWithinQuota,
  findIssue,
  listCategories,
  listIssues,
  listSubcategories,
  subcategoryBelongs,
} from '../data/issues';
import { findVisibleContract } from '../data/scope';

export const ISSUE_CUPS_NOT_OWNED = 'El CUPS seleccionado debe estar entre los CUPS del usuario';
export const ISSUE_CONTRACT_MISMATCH = 'El contrato no corresponde al CUPS y la línea seleccionados';
export const ISSUE_SUBCATEGORY_MISMATCH = 'La subcategoría no pertenece a la categoría seleccionada';
export const ISSUE_CATEGORY_NOT_FOUND = 'La categoría no existe';
export const ISSUE_DAILY_LIMIT =
  'Ha alcanzado el máximo de 20 solicitudes en un día. Podrá enviar otra más tarde.';

/** Support requests per account in any 24 hours (OWASP ASVS V11 business logic limits). */
export const ISSUE_QUOTA = { max: 20, windowMs: 24 * 60 * 60_000 };

// The SPA escapes double quotes as &quot; (spec 01 §3) and counts each as 6 characters, so the limits of
// spec 01 §5 hold for the text as it arrives; it is stored with its quotes back.
const SUBJECT_MAX = 200;
// A message of the history (requestViews.ts) takes the description's limit.
const DESCRIPTION_MAX = MESSAGE_MAX;

const nonBlank = '\\S';

const openCountSchema = { response: { 200: openIssuesAnswer, '4xx': errorBody } };

const listSchema = { response: { 200: issuesAnswer, '4xx': errorBody } };

const detailSchema = {
  querystring: Type.Object({ issueId: rowId }),
  response: { 200: issueDetailAnswer, '4xx': errorBody },
};

const categoriesSchema = {
  response: { 200: categoriesAnswer, '4xx': errorBody },
};

const subcategoriesSchema = {
  querystring: Type.Object({ category: rowId }),
  response: { 200: subcategoriesAnswer, '4xx': errorBody },
};

const addSchema = {
  body: Type.Object({
    title: Type.String({ minLength: 1, maxLength: SUBJECT_MAX, pattern: nonBlank }),
    description: Type.String({ minLength: 1, maxLength: DESCRIPTION_MAX, pattern: nonBlank }),
    category: rowId,
    subcategory: rowId,
    line: lineName,
    cups: Type.String({ minLength: 1, maxLength: 30 }),
    contractCode: Type.String({ minLength: 1, maxLength: 20 }),
  }),
  response: { 201: newIssueAnswer, '4xx': errorBody },
};

// A message follows the description's rules; an empty one gets its own Spanish answer, not the schema's.
const messageSchema = {
  body: Type.Object({
    issueId: rowId,
    text: Type.String({ maxLength: MESSAGE_MAX }),
  }),
  response: { 204: noContent, '4xx': errorBody },
};

// 200 is the receipt PDF.
const receiptSchema = {
  querystring: Type.Object({ issueId: rowId }),
  response: { '4xx': errorBody },
};

const askForPersonSchema = {
  body: Type.Object({ issueId: rowId }),
  response: { 204: noContent, '4xx': errorBody },
};

/**
 * Support requests (spec 01 §7). Every request belongs to the account that made it: a customer sees its own,
 * an administrator its own too (not its clients'); anyone else's id answers 404.
 */
export const issueRoutes: RoutePlugin = async (app, { db }) => {
  app.get('/ov/issues/api/status/open', { schema: openCountSchema }, async (request) => {
    return { total_count: await countOpenIssues(db, signedInAccount(request).id) };
  });

  app.get('/ov/issues/api/issues', { schema: listSchema }, async (request) => {
    const rows = await listIssues(db, signedInAccount(request).id);
    const today = serverToday();
    return {
      total_count: rows.length,
      items: rows.map((row) => ({
        id: row.id,
        subject: row.subject,
        status: { name: row.status },
        created_on: row.created_at,
        updated_on: row.updated_at,
        ...trackingOf(row, today),
      })),
    };
  });

  app.get('/ov/issues/api/issue', { schema: detailSchema }, async (request) => {
    const issue = await findIssue(db, signedInAccount(request).id, request.query.issueId);
    if (!issue) throw notFound();
    return issueDetail(db, issue);
  });

  app.get('/ov/issues/api/receipt', { schema: receiptSchema }, async (request, reply) => {
    const issue = await findIssue(db, signedInAccount(request).id, request.query.issueId);
    const facts = issue && receiptFactsOf(issue);
    if (!facts) throw notFound();
    return sendPdfBytes(reply, await offLoop('receiptPdf', facts), `Justificante-${facts.trackingCode}.pdf`);
  });

  app.post('/ov/issues/api/message', { schema: messageSchema }, async (request, reply) => {
    const account = signedInAccount(request);
    const text = messageText(request.body.text);
    answerWrite(
      await addRequestMessage(
        db,
        request.body.issueId,
        { accountId: account.id, staff: false },
        text,
        serverNow(),
      ),
    );
    return reply.status(204).send();
  });

  app.post('/ov/issues/api/person', { schema: askForPersonSchema }, async (request, reply) => {
    answerWrite(await askForPerson(db, signedInAccount(request).id, request.body.issueId));
    return reply.status(204).send();
  });

  app.get('/ov/issues/api/categories', { schema: categoriesSchema }, async () => {
    const rows = await listCategories(db);
    return Object.fromEntries(rows.map((row) => [String(row.id), row.name]));
  });

  app.get('/ov/issues/api/subcategories', { schema: subcategoriesSchema }, async (request) => {
    const subcategories = await listSubcategories(db, request.query.category);
    if (!subcategories) throw new ApiError(404, 404, ISSUE_CATEGORY_NOT_FOUND);
    return subcategories;
  });

  app.post('/ov/issues/api/add', { schema: addSchema }, async (request, reply) => {
    const account = signedInAccount(request);
    const body = request.body;
    const cups = body.cups.trim().toUpperCase();

    const contracts = await contractsOnCups(db, account, cups);
    if (!contracts.length) {
      // A supply another holder let this account read is only read: findVisibleContract refuses the write
      // with a 403 that says so. Any other supply is not the account's.
      await findVisibleContract(db, account, body.contractCode.trim());
      throw new ApiError(400, 400, ISSUE_CUPS_NOT_OWNED);
    }
    const contract = contracts.find((row) => row.code === body.contractCode.trim() && row.line === body.line);
    if (!contract) throw new ApiError(400, 400, ISSUE_CONTRACT_MISMATCH);

    if (!(await subcategoryBelongs(db, body.category, body.subcategory))) {
      throw new ApiError(400, 400, ISSUE_SUBCATEGORY_MISMATCH);
    }

    const now = serverNow();
    // The receipt is queued in the request's own transaction: a request is never stored without it.
    const receipt = await requestReceiptWriter(db, account.id, now);
    const created = await createIssueWithinQuota(
      db,
      account,
      {
        subject: unescapeQuotes(body.title),
        description: unescapeQuotes(body.description),
        categoryId: body.category,
        subcategoryId: body.subcategory,
        line: contract.line,
        cups,
        contractCode: contract.code,
      },
      ISSUE_QUOTA,
      now,
      receipt,
    );
    if ('retryAfterMs' in created) {
      reply.header('retry-after', Math.ceil(created.retryAfterMs / 1000));
      throw new ApiError(429, 429, ISSUE_DAILY_LIMIT);
    }
    return reply
      .status(201)
      .send({ issue: created.id, tracking_code: created.tracking_code, deadline: created.deadline });
  });
};
