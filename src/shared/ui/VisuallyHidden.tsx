import type { ReactNode } from 'react';
import './visuallyHidden.css';

/**
 * Text for screen readers only, such as the contract a row's "Ver" link is about. It brings its own style, so
 * it stays hidden on a page opened directly that loads no other stylesheet with the class.
 */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="visually-hidden">{children}</span>;
}
