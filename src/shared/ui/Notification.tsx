import { useEffect, useRef, type ReactNode } from 'react';
import './notification.css';

interface NotificationProps {
  kind: 'error' | 'success' | 'info';
  /**
   * The outcome of a submit: each new value (a new outcome object) moves the focus here, so the user hears the
   * result and goes on from it. Without it the notification never takes the focus.
   */
  focusKey?: unknown;
  children: ReactNode;
}

/** Errors interrupt (role alert); success and info are announced politely (role status). */
export function Notification({ kind, focusKey, children }: NotificationProps) {
  const ref = useRef<HTMLDivElement>(null);
  const focusable = focusKey !== undefined && focusKey !== null;
  useEffect(() => {
    if (focusable) ref.current?.focus();
  }, [focusable, focusKey]);
  return (
    <div
      ref={ref}
      className={`notification notification--${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
      tabIndex={focusable ? -1 : undefined}
    >
      {children}
    </div>
  );
}
