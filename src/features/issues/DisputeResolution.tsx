import { getRuntimeConfig } from '@/shared/config/runtimeConfig';
import { ADR_INTRO, ADR_TITLE, CLAIM_CATEGORY } from './issuesMessages';
import type { IssueDetail } from './issuesSlice';

/** Where a claim can go next when it is resolved or its deadline has passed (issue 27); nothing otherwise. */
export function DisputeResolution({ issue }: { issue: IssueDetail }) {
  const applies = issue.categoria === CLAIM_CATEGORY && (issue.estado === 'Resuelta' || issue.overdue);
  const bodies = getRuntimeConfig().disputeResolution;
  if (!applies || bodies.length === 0) return null;
  return (
    <section className="issue-adr" aria-labelledby="issue-adr-title">
      <h2 id="issue-adr-title">{ADR_TITLE}</h2>
      <p>{ADR_INTRO}</p>
      <ul>
        {bodies.map((body) => (
          <li key={body.url}>
            <a href={body.url} target="_blank" rel="noopener noreferrer">
              {body.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
