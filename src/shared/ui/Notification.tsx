import type { ReactNode } from 'react';
import './notification.css';

interface NotificationProps {
  kind: 'error' | 'success' | 'info';
  children: ReactNode;
}

/** Errors interrupt (role alert); success and info are announced politely (role status). */
export function Notification({ kind, children }: NotificationProps) {
  return (
    <div className={`notification notification--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
