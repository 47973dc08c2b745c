import type { ReactNode } from 'react';
import './forms.css';

export interface FieldFrameProps {
  id: string;
  label: string;
  error: string | undefined;
  hint?: ReactNode;
  hintId?: string;
  /**
   * false for a field without rules (a search filter): no line is kept free for an error that cannot come, so
   * the filter rows stay as compact as they were. An error given anyway is still shown.
   */
  errorLine?: boolean;
  children: ReactNode;
}

/** Label, control, optional hint and the announced error: the frame every Formik field shares. */
export function FieldFrame({ id, label, error, hint, hintId, errorLine = true, children }: FieldFrameProps) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {(errorLine || error) && (
        <p id={`${id}-error`} className="field__error" aria-live="polite">
          {error ?? ''}
        </p>
      )}
    </div>
  );
}

export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter(Boolean);
  return present.length ? present.join(' ') : undefined;
}
