import { serverToday } from '../clock';
import type { RequestAnswer } from '../contract/attention';
import type { IssueDetailAnswer } from '../contract/issues';
import { findIssue, issueHistory, OPEN_STATUSES, type HistoryEntry, type RequestWrite } from '../data/issues';
import type { Db } from '../db/database';
import { ApiError, notFound } from '../http/errors';

/**
 * What the customers' requests (issues.ts) and the staff's desk (attention.ts) share: the tracking fields, the
 * detail with its history, and the rules of a message (issue 27).
 */

export const ISSUE_MESSAGE_EMPTY = 'Escriba el mensaje antes de enviarlo.';
export const ISSUE_CLOSED = 'La solicitud está finalizada y ya no admite cambios.';

/** A message of the history follows the description's rules (spec 01 §5): at most 1000 characters. */
export const MESSAGE_MAX = 1000;

// The SPA escapes double quotes as &quot; (spec 01 §3); the text is stored with its quotes back.
export function unescapeQuotes(text: string): string {
  return text.replace(/&quot;/g, '"').trim();
}

/** An open request whose last day to answer is before today (Europe/Madrid, server clock). */
export function isOverdue(issue: { status: string; deadline: string | null }, today: string): boolean {
  return (
    issue.deadline !== null &&
    issue.deadline < today &&
    (OPEN_STATUSES as readonly string[]).includes(issue.status)
  );
}

type FoundIssue = NonNullable<Awaited<ReturnType<typeof findIssue>>>;

/** The fields of issue 27 that the list and the detail share. */
export function trackingOf(
  issue: { status: string; tracking_code: string | null; deadline: string | null; asked_for_person: number },
  today: string,
) {
  return {
    tracking_code: issue.tracking_code,
    deadline: issue.deadline,
    overdue: isOverdue(issue, today),
    asked_for_person: issue.asked_for_person === 1,
  };
}

/** One history entry as answered: a message's text, or a change of state from → to. */
function historyAnswer(entry: HistoryEntry): IssueDetailAnswer['history'][number] {
  return entry.kind === 'message'
    ? { kind: entry.kind, author: entry.author, text: entry.text, from: null, to: null, at: entry.at }
    : { kind: entry.kind, author: entry.author, text: null, from: entry.from, to: entry.to, at: entry.at };
}

/** The detail at the desk: each history entry also names its staff member (DECISIONS "Claims"). */
type StaffDetail = Omit<RequestAnswer, 'next_states'>;

/**
 * A request's detail answer (spec 01 §7) with its history: the customer's view, or with 'staff' the desk's,
 * whose history also names the staff member of each entry; the customer's never does.
 */
export async function issueDetail(db: Db, issue: FoundIssue): Promise<IssueDetailAnswer>;
export async function issueDetail(db: Db, issue: FoundIssue, audience: 'staff'): Promise<StaffDetail>;
export async function issueDetail(
  db: Db,
  issue: FoundIssue,
  audience: 'customer' | 'staff' = 'customer',
): Promise<IssueDetailAnswer | StaffDetail> {
  const history = await issueHistory(db, issue.id);
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
    fecha_actualizacion: issue.updated_at,
    ...trackingOf(issue, serverToday()),
    received_at: issue.received_at,
    history: history.map((entry) =>
      audience === 'staff' ? { ...historyAnswer(entry), staff_name: entry.staffName } : historyAnswer(entry),
    ),
  };
}

/** A write to a request answered: 204, or 404 when it is not the caller's, 409 when it is finished. */
export function answerWrite(result: RequestWrite) {
  if (result === 'not-found') throw notFound();
  if (result === 'closed') throw new ApiError(409, 409, ISSUE_CLOSED);
}

/** A message's text as stored: quotes back from the SPA's escaping, trimmed; an empty text is refused. */
export function messageText(text: string): string {
  const stored = unescapeQuotes(text);
  if (!stored) throw new ApiError(400, 400, ISSUE_MESSAGE_EMPTY);
  return stored;
}
