import { selectIsAnyRequestPending } from '@/shared/api/baseApi';
import { LOADING_TEXT } from '@/shared/ui/Spinner';
import { useAppSelector } from '@/shared/store/hooks';

/** On while any request is pending (spec 01 §1); the live region stays mounted so it is announced. */
export function GlobalLoadingIndicator() {
  const pending = useAppSelector((state) => selectIsAnyRequestPending(state));
  return (
    <div className={pending ? 'loading-bar loading-bar--on' : 'loading-bar'} role="status" aria-live="polite">
      {pending ? LOADING_TEXT : ''}
    </div>
  );
}
