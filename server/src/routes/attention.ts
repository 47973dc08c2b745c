import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import { serverNow, serverToday } from '../clock';
import { noContent } from '../contract/common';
import { categoriesAnswer, queueAnswer, requestAnswer } from '../contract/attention';
import { findIssue, listCategories, OPEN_STATUSES, staffQueue } from '../data/issues';
import type { IssueStatus } from '../db/schema';
import { ApiError, errorBody, notFound } from '../http/errors';
import { businessDaysLeft } from '../measurements/holidays';
import { utcDayOf } from '../measurements/madridTime';
import { changeSupportRequestState, replyAndAnnounce } from '../notifications';
import type { RoutePlugin } from './context';
import { answerWrite, issueDetail, ISSUE_CLOSED, messageText, MESSAGE_MAX, trackingOf } from './requestViews';
import { oneOf, rowId } from './schemas';

export const STATE_NOT_ALLOWED = (from: string, to: string) =>
  `No se puede pasar una solicitud de «${from}» a «${to}».`;

/** The only moves of a request's state (Nueva → En curso → Resuelta / Cerrada); a finished one stays so. */
export const ALLOWED_STATES: Record<IssueStatus, readonly IssueStatus[]> = {
  Nueva: ['En curso'],
  'En curso': ['Resuelta', 'Cerrada'],
  Resuelta: [],
  Cerrada: [],
};

const queueSchema = {
  querystring: Type.Object({
    status: Type.Optional(oneOf(OPEN_STATUSES)),
    category: Type.Optional(rowId),
    overdue: Type.Optional(Type.Boolean()),
    person: Type.Optional(Type.Boolean()),
  }),
  response: { 200: queueAnswer, '4xx': errorBody },
};

const detailSchema = {
  querystring: Type.Object({ issueId: rowId }),
  response: { 200: requestAnswer, '4xx': errorBody },
};

const replySchema = {
  body: Type.Object({ issueId: rowId, text: Type.String({ maxLength: MESSAGE_MAX }) }),
  response: { 204: noContent, '4xx': errorBody },
};

const stateSchema = {
  body: Type.Object({ issueId: rowId, status: oneOf(['En curso', 'Resuelta', 'Cerrada'] as const) }),
  response: { 204: noContent, '4xx': errorBody },
};

/**
 * The attention desk of the retailer's staff (issue 27), registered only in the 'atencion' realm: staff see
 * and answer every request; every reply and change is recorded with the staff member and time, and the
 * customer gets "Solicitud actualizada".
 */
export const attentionRoutes: RoutePlugin = async (app, { db }) => {
  app.get('/ov/attention/api/queue', { schema: queueSchema }, async (request) => {
    const { status, category, overdue, person } = request.query;
    const today = serverToday();
    const rows = await staffQueue(
      db,
      { status, categoryId: category, overdue, askedForPerson: person },
      today,
    );
    return {
      total_count: rows.length,
      items: rows.map((row) => ({
        id: row.id,
        subject: row.subject,
        status: row.status,
        category: row.category,
        received_at: row.received_at,
        days_left: row.deadline === null ? null : utcDayOf(row.deadline) - utcDayOf(today),
        business_days_left: row.deadline === null ? null : businessDaysLeft(today, row.deadline),
        ...trackingOf(row, today),
      })),
    };
  });

  app.get('/ov/attention/api/categories', { schema: { response: { 200: categoriesAnswer } } }, () =>
    listCategories(db),
  );

  app.get('/ov/attention/api/request', { schema: detailSchema }, async (request) => {
    const issue = await findIssue(db, null, request.query.issueId);
    if (!issue) throw notFound();
    return { ...(await issueDetail(db, issue, 'staff')), next_states: [...ALLOWED_STATES[issue.status]] };
  });

  app.post('/ov/attention/api/reply', { schema: replySchema }, async (request, reply) => {
    const staff = signedInAccount(request);
    const text = messageText(request.body.text);
    answerWrite(await replyAndAnnounce(db, request.body.issueId, staff.id, text, serverNow()));
    return reply.status(204).send();
  });

  app.post('/ov/attention/api/state', { schema: stateSchema }, async (request, reply) => {
    const staff = signedInAccount(request);
    const { issueId, status } = request.body;
    const issue = await findIssue(db, null, issueId);
    if (!issue) throw notFound();
    if (!OPEN_STATUSES.includes(issue.status)) throw new ApiError(409, 409, ISSUE_CLOSED);
    if (!ALLOWED_STATES[issue.status].includes(status)) {
      throw new ApiError(409, 409, STATE_NOT_ALLOWED(issue.status, status));
    }
    await changeSupportRequestState(db, issueId, status, serverNow(), {
      kind: 'staff',
      staffAccountId: staff.id,
    });
    // Another change got there first (the update is conditional on the state read): nothing was done here.
    const after = await findIssue(db, null, issueId);
    if (after?.status !== status) throw new ApiError(409, 409, ISSUE_CLOSED);
    return reply.status(204).send();
  });
};
