import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BACK } from '../accountMessages';
import '../account.css';

interface AccountCardProps {
  title: string;
  /** Where Volver leads; no link when absent. */
  backTo?: string;
  narrow?: boolean;
  children: ReactNode;
}

/** The frame of every account screen: a titled card with an optional Volver link. */
export function AccountCard({ title, backTo, narrow = false, children }: AccountCardProps) {
  return (
    <section
      className={`account-card${narrow ? ' account-card--narrow' : ''}`}
      aria-labelledby="account-title"
    >
      {backTo && (
        <Link className="account-card__back" to={backTo}>
          {BACK}
        </Link>
      )}
      <h1 id="account-title" className="account-card__title">
        {title}
      </h1>
      {children}
    </section>
  );
}
