import { LOADING_TEXT } from './Spinner';
import { VisuallyHidden } from './VisuallyHidden';
import './skeleton.css';

/**
 * A grey block that holds the place of a value still loading, so nothing moves when it arrives and no
 * fallback is ever shown as if it were the answer. Screen readers hear "Cargando…".
 */
export function Skeleton({ size = 'text' }: { size?: 'text' | 'figure' | 'field' | 'chart' }) {
  return (
    <span className={`skeleton skeleton--${size}`} data-testid="skeleton">
      <VisuallyHidden>{LOADING_TEXT}</VisuallyHidden>
    </span>
  );
}
