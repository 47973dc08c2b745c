import { useFormikContext } from 'formik';
import { useEffect, useId, useLayoutEffect, useRef, useState, type MouseEvent, type RefObject } from 'react';
import { ERROR_SUMMARY_TITLE } from './formMessages';
import './notification.css';
import './errorSummary.css';

interface SummaryEntry {
  id: string;
  text: string;
}

/**
 * The errors the form shows, in the order of its fields. Every field frame (FieldFrame, DateField) writes its
 * message into `#{fieldId}-error`, so reading those keeps the summary's texts and ids exactly the fields' own.
 */
function shownErrors(form: HTMLFormElement | null): SummaryEntry[] {
  if (!form) return [];
  return [...form.querySelectorAll<HTMLElement>('.field__error[id$="-error"]')]
    .map((message) => ({
      id: message.id.slice(0, -'-error'.length),
      text: message.textContent?.trim() ?? '',
    }))
    .filter((entry) => entry.text !== '');
}

const sameEntries = (a: SummaryEntry[], b: SummaryEntry[]) =>
  a.length === b.length && a.every((entry, i) => entry.id === b[i].id && entry.text === b[i].text);

/** Whether the user has moved on since sending (typing in a field already): then the focus stays theirs. */
function focusStayedAt(element: Element | null) {
  const active = document.activeElement;
  return element === null || active === element || active === document.body || active === null;
}

function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  // The link's own jump would leave the focus on the link in some browsers; the field takes it instead.
  event.preventDefault();
  document.getElementById(id)?.focus();
}

/**
 * After a submit that validation stops, a summary at the top of the form names each error as a link to its
 * field and takes the focus, so keyboard and screen-reader users learn at once what stopped the form. It stays
 * while errors remain (updated as they are fixed) and goes once none are left or the form is reset.
 */
export function ErrorSummary({ formRef }: { formRef: RefObject<HTMLFormElement | null> }) {
  const { errors, touched, submitCount, isSubmitting } = useFormikContext();
  const [entries, setEntries] = useState<SummaryEntry[]>([]);
  const summaryRef = useRef<HTMLDivElement>(null);
  const handledSubmit = useRef(0);
  const focusPending = useRef(false);
  const focusAtSubmit = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const remember = () => {
      focusAtSubmit.current = document.activeElement;
    };
    form.addEventListener('submit', remember, true);
    return () => form.removeEventListener('submit', remember, true);
  }, [formRef]);

  const takeFocus = () => {
    focusPending.current = false;
    if (focusStayedAt(focusAtSubmit.current)) summaryRef.current?.focus();
  };

  // Runs after each change of the form's errors: the fields' messages are in the DOM by then.
  useEffect(() => {
    const current = submitCount > 0 ? shownErrors(formRef.current) : [];
    setEntries((previous) => (sameEntries(previous, current) ? previous : current));
    if (submitCount < handledSubmit.current) handledSubmit.current = submitCount;
    if (!isSubmitting && submitCount > handledSubmit.current) {
      handledSubmit.current = submitCount;
      focusPending.current = current.length > 0;
    }
    // The same errors as before render nothing new, so the layout effect below would not run again.
    if (focusPending.current && summaryRef.current && sameEntries(entries, current)) takeFocus();
  }, [errors, touched, submitCount, isSubmitting, entries, formRef]);

  useLayoutEffect(() => {
    if (focusPending.current && summaryRef.current) takeFocus();
  });

  if (entries.length === 0) return null;
  return (
    <div
      ref={summaryRef}
      className="error-summary notification notification--error"
      role="group"
      aria-labelledby={titleId}
      tabIndex={-1}
    >
      <h2 id={titleId} className="error-summary__title">
        {ERROR_SUMMARY_TITLE}
      </h2>
      <ul className="error-summary__list" aria-labelledby={titleId}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`} onClick={(event) => focusField(event, entry.id)}>
              {entry.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
