import * as yup from 'yup';
import { countedText as countedTextOf, escapeQuotes } from '@/shared/lib/textArea';
import type { NewIssueBody } from './issuesApi';
import { CUPS_NOT_OWNED, LABELS, MESSAGE_LABEL, fieldRequired, fieldTooLong } from './issuesMessages';

export const SUBJECT_MAX = 200;
export const DESCRIPTION_MAX = 1000;

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
  return countedTextOf(max, { required: fieldRequired(label), tooLong: fieldTooLong(label, max) });
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
