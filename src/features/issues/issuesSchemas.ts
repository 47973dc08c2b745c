import * as yup from 'yup';
import type { NewIssueBody } from './issuesApi';
import { CUPS_NOT_OWNED, LABELS, MESSAGE_LABEL, fieldRequired, fieldTooLong } from './issuesMessages';

export const SUBJECT_MAX = 200;
export const DESCRIPTION_MAX = 1000;

/**
 * The text-area counting rule (spec 01 §5): each double quote counts 6 (it travels as &quot;) and each line
 * break 2 (it travels as CR LF), so what is counted is what the server receives.
 */
export function textAreaLength(text: string): number {
  const quotes = text.split('"').length - 1;
  const breaks = text.split('\n').length - 1;
  return text.length + 5 * quotes + breaks;
}

/** Spec 01 §3: double quotes in the title and the description travel as the entity &quot;. */
export function escapeQuotes(text: string): string {
  return text.replace(/"/g, '&quot;');
}

export interface NewIssueValues {
  title: string;
  category: string;
  subcategory: string;
  line: string;
  cups: string;
  contractCode: string;
  description: string;
}

export const emptyNewIssue: NewIssueValues = {
  title: '',
  category: '',
  subcategory: '',
  line: '',
  cups: '',
  contractCode: '',
  description: '',
};

/** The body of the add call: quotes escaped, empty fields left out (spec 01 §3). */
export function newIssueBody(values: NewIssueValues): NewIssueBody {
  const body: NewIssueBody = {
    title: escapeQuotes(values.title.trim()),
    description: escapeQuotes(values.description.trim()),
    category: values.category,
    subcategory: values.subcategory,
    line: values.line,
    cups: values.cups,
    contractCode: values.contractCode,
  };
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== ''));
}

function countedText(label: string, max: number) {
  return yup
    .string()
    .trim()
    .required(fieldRequired(label))
    .test('text-area-length', fieldTooLong(label, max), (text) => textAreaLength(text ?? '') <= max);
}

/** A message of the history: the description's rules (issue 27). */
export const messageSchema = yup.object({ text: countedText(MESSAGE_LABEL, DESCRIPTION_MAX) });

/** Spec 01 §5 New request; userCups is the list of the user's CUPS the chosen one must belong to. */
export function newIssueSchema(userCups: readonly string[]) {
  return yup.object({
    title: countedText(LABELS.title, SUBJECT_MAX),
    category: yup.string().required(fieldRequired(LABELS.category)),
    subcategory: yup.string().required(fieldRequired(LABELS.subcategory)),
    line: yup.string().required(fieldRequired(LABELS.line)),
    cups: yup
      .string()
      .required(fieldRequired(LABELS.cups))
      .test('user-cups', CUPS_NOT_OWNED, (cups) => Boolean(cups) && userCups.includes(cups)),
    contractCode: yup.string().required(fieldRequired(LABELS.contractCode)),
    description: countedText(LABELS.description, DESCRIPTION_MAX),
  });
}
