import { formatListDate } from '@/shared/lib/dates';
import { DEADLINE_PASSED } from './issuesMessages';

/** The last day to answer a request (dd/mm/aaaa), and "Plazo vencido" once it has passed unanswered. */
export function ResponseDeadline({ deadline, overdue }: { deadline: string | null; overdue: boolean }) {
  if (!deadline) return null;
  return (
    <>
      {formatListDate(deadline)}
      {overdue && <span className="issue-overdue"> {DEADLINE_PASSED}</span>}
    </>
  );
}
