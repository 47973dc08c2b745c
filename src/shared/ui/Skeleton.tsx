import { LOADING_TEXT } from './Spinner';
import { VisuallyHidden } from './VisuallyHidden';
import './skeleton.css';

/**
 * A grey block that holds the place of a value still loading, so nothing moves when it arrives and no
 * fallback is ever shown as if it were the answer. Screen readers hear "Cargando…", once per block unless
 * `silent` (a shape beside one that speaks).
 */
export function Skeleton({
  size = 'text',
  silent = false,
}: {
  size?: 'text' | 'figure' | 'field' | 'chart' | 'button';
  silent?: boolean;
}) {
  return (
    <span className={`skeleton skeleton--${size}`} data-testid="skeleton" aria-hidden={silent || undefined}>
      {!silent && <VisuallyHidden>{LOADING_TEXT}</VisuallyHidden>}
    </span>
  );
}
