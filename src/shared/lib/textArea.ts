import * as yup from 'yup';

/**
 * The text-area counting rule (spec 01 §5): each double quote counts 6 (it travels as &quot;) and each line
 * break 2 (it travels as CR LF), so what is counted is what the server receives.
 */
export function textAreaLength(text: string): number {
  const quotes = text.split('"').length - 1;
  const breaks = text.split('\n').length - 1;
  return text.length + 5 * quotes + breaks;
}

/** Spec 01 §3: double quotes in a request's texts travel as the entity &quot;. */
export function escapeQuotes(text: string): string {
  return text.replace(/"/g, '&quot;');
}

/**
 * A required text counted by the rule above: the customers' request texts and the staff's replies (issue 27)
 * share it, each form with its own Spanish messages.
 */
export function countedText(max: number, messages: { required: string; tooLong: string }) {
  return yup
    .string()
    .trim()
    .required(messages.required)
    .test('text-area-length', messages.tooLong, (text) => textAreaLength(text ?? '') <= max);
}
