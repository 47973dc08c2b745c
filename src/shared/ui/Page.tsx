import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { BACK } from './pageMessages';

/**
 * The one back link of every screen, above its title: always "Volver" (the word spec 01 and 02 give it), to the
 * screen the user came down from.
 */
export function BackLink({
  to,
  onClick,
}: {
  to: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <p className="page__back">
      <Link to={to} onClick={onClick}>
        {BACK}
      </Link>
    </p>
  );
}

/**
 * The navigation state of a form's success that leads to another screen (the login to the home): the new
 * screen's title takes the focus, so the user starts reading there rather than from the top of the document.
 */
export const FOCUS_TITLE = { focusTitle: true } as const;

const asksForTitleFocus = (state: unknown) =>
  typeof state === 'object' && state !== null && 'focusTitle' in state && state.focusTitle === true;

/**
 * The title takes only a focus nobody holds: the form that asked for it is gone, so the focus fell to the
 * document or the main area. A screen that loads slowly must not pull back a user who went on meanwhile (the
 * phone's menu opened while the home's code arrives).
 */
const focusIsFree = () => {
  const active = document.activeElement;
  return active === null || active === document.body || active.id === 'contenido';
};

interface PageProps {
  /** The page's own class, beside `page`; its title's id is `{className}-title` unless `titleId` says otherwise. */
  className: string;
  title: ReactNode;
  titleId?: string;
  /** Where Volver leads; the homes have none. */
  back?: string;
  /** Replaces the back link's navigation when it can do better (the legal pages go back in history). */
  onBack?: (event: MouseEvent<HTMLAnchorElement>) => void;
  /** Between the back link and the title (the invoice tabs). */
  before?: ReactNode;
  /** Beside the title, at the right on wide screens (an action such as Nueva solicitud). */
  aside?: ReactNode;
  element?: 'section' | 'article';
  children: ReactNode;
}

/**
 * The frame of every screen: one width and left edge, the back link, then the title. Screens differ only in
 * what they put inside, so a title never moves between screens.
 */
export function Page({
  className,
  title,
  titleId = `${className}-title`,
  back,
  onBack,
  before,
  aside,
  element: Element = 'section',
  children,
}: PageProps) {
  const focusTitle = asksForTitleFocus(useLocation().state);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusTitle && focusIsFree()) titleRef.current?.focus();
  }, [focusTitle]);
  const heading = (
    <h1 ref={titleRef} id={titleId} className="page__title" tabIndex={focusTitle ? -1 : undefined}>
      {title}
    </h1>
  );
  return (
    <Element className={`page ${className}`} aria-labelledby={titleId}>
      {back && <BackLink to={back} onClick={onBack} />}
      {before}
      {aside ? (
        <div className="page__head">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </Element>
  );
}
