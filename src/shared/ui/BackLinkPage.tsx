import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface BackLinkPageProps {
  /** The page's own class, beside `page`; its title's id is `{className}-title`. */
  className: string;
  title: string;
  back: { to: string; label: string };
  children: ReactNode;
}

/** A page that starts with a link back (to the list or the home) above its title. */
export function BackLinkPage({ className, title, back, children }: BackLinkPageProps) {
  const titleId = `${className}-title`;
  return (
    <section className={`page ${className}`} aria-labelledby={titleId}>
      <p className="page__back">
        <Link to={back.to}>{back.label}</Link>
      </p>
      <h1 id={titleId} className="page__title">
        {title}
      </h1>
      {children}
    </section>
  );
}
