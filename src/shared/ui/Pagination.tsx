import { useCallback, useEffect, useRef } from 'react';
import { pagerItems } from '@/shared/lib/pager';
import './pagination.css';

interface PaginationProps {
  /** 1-based current page. */
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Accessible name of the pager, e.g. "Páginas de contratos de electricidad". */
  label: string;
  /** Anterior / Siguiente buttons, where the screen shows them. */
  arrows?: boolean;
}

export const PAGER_PREVIOUS = 'Anterior';
export const PAGER_NEXT = 'Siguiente';

/** The pager of every list: the current page is disabled and marked as current. */
export function Pagination({ page, totalPages, onChange, label, arrows = false }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <ul className="pager__list">
        {arrows && (
          <li>
            <button
              type="button"
              className="pager__button"
              disabled={page <= 1}
              onClick={() => onChange(page - 1)}
            >
              {PAGER_PREVIOUS}
            </button>
          </li>
        )}
        {pagerItems(page, totalPages).map((item) =>
          item.kind === 'gap' ? (
            <li key={item.key} className="pager__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className="pager__button"
                disabled={item.page === page}
                aria-current={item.page === page ? 'page' : undefined}
                aria-label={`Página ${item.page}`}
                onClick={() => onChange(item.page)}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
        {arrows && (
          <li>
            <button
              type="button"
              className="pager__button"
              disabled={page >= totalPages}
              onClick={() => onChange(page + 1)}
            >
              {PAGER_NEXT}
            </button>
          </li>
        )}
      </ul>
    </nav>
  );
}

/**
 * The pressed page button becomes the disabled current page, so the browser drops the focus to the body and
 * the next Tab skips the rows just shown. Wrap the pager's onChange with this and put `targetRef` on the list
 * (a focusable region or heading): once `page` changes after a pager press, the focus goes there.
 */
export function useFocusAfterPageChange<T extends HTMLElement>(
  page: number,
  onChange: (page: number) => void,
) {
  const targetRef = useRef<T>(null);
  const pressed = useRef(false);
  useEffect(() => {
    if (!pressed.current) return;
    pressed.current = false;
    targetRef.current?.focus();
  }, [page]);
  const onPageChange = useCallback(
    (next: number) => {
      pressed.current = true;
      onChange(next);
    },
    [onChange],
  );
  return { targetRef, onPageChange };
}
