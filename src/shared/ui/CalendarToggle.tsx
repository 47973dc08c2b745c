import type { Ref } from 'react';

export const OPEN_CALENDAR = 'Abrir calendario';

interface CalendarToggleProps {
  ref: Ref<HTMLButtonElement>;
  /** The field's label, so that each field's button has its own name. */
  label: string;
  open: boolean;
  disabled?: boolean;
  onToggle: () => void;
  onClose: () => void;
}

/** The button beside the date input that opens and closes its calendar; Escape on it closes an open one. */
export function CalendarToggle({ ref, label, open, disabled, onToggle, onClose }: CalendarToggleProps) {
  return (
    <button
      ref={ref}
      type="button"
      className="date-field__toggle"
      aria-label={`${OPEN_CALENDAR}: ${label}`}
      aria-expanded={open}
      disabled={disabled}
      onClick={onToggle}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <svg className="date-field__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M3 10h18M8 3v4M16 3v4" />
      </svg>
    </button>
  );
}
