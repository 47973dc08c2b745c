import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { Button } from '@/shared/ui/Button';
import { Skeleton } from '@/shared/ui/Skeleton';
import { useHomeSummaryQuery } from './contractsApi';
import { NewMark } from './HomeSummary';
import {
  INVOICES_CARD_BUTTON,
  INVOICES_CARD_TEXT,
  INVOICES_CARD_TITLE,
  LINE_TITLES,
  NEW_REQUESTS_LABEL,
  REQUEST_NEW_STATE,
  PRODUCTS_CARD_TITLE,
  REQUESTS_CARD_TITLE,
  REQUESTS_LIST_LINK,
  REQUESTS_NEW_LINK,
  REQUESTS_OPEN,
  REQUESTS_UNAVAILABLE,
} from './contractsMessages';

function HomeCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="home-card" aria-labelledby={id}>
      <h2 id={id} className="home-card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

interface HomeCardsProps {
  /** Product counts; undefined until the first answer (a skeleton holds their place). */
  electricity: number | undefined;
  gas: number | undefined;
  /** Open requests: undefined while the call is under way, null when it failed. */
  openRequests: number | undefined | null;
}

const count = (value: number | undefined) => (value === undefined ? <Skeleton size="figure" /> : value);

/** The three cards at the top of the customer home: products, requests and invoices (spec 01 §2 Home). */
export function HomeCards({ electricity, gas, openRequests }: HomeCardsProps) {
  const navigate = useNavigate();
  // The same cached answer the summary above shows (one call).
  const newRequests = useHomeSummaryQuery().data?.newRequests ?? [];
  const noProducts = electricity === 0 && gas === 0;
  return (
    <div className="home__cards">
      <HomeCard id="card-products" title={PRODUCTS_CARD_TITLE}>
        <dl className="home-card__counts">
          <div>
            <dt>{LINE_TITLES.Electricidad}</dt>
            <dd>{count(electricity)}</dd>
          </div>
          <div>
            <dt>{LINE_TITLES.Gas}</dt>
            <dd>{count(gas)}</dd>
          </div>
        </dl>
      </HomeCard>
      <HomeCard id="card-requests" title={REQUESTS_CARD_TITLE}>
        <p className="home-card__figure">
          {openRequests === undefined && <Skeleton />}
          {openRequests === null && REQUESTS_UNAVAILABLE}
          {typeof openRequests === 'number' && REQUESTS_OPEN(openRequests)}
        </p>
        {newRequests.length > 0 && (
          <ul className="home-card__news" aria-label={NEW_REQUESTS_LABEL}>
            {newRequests.map((request) => (
              <li key={request.id}>
                <NewMark />{' '}
                <Link to={pathTo('issueDetail', { id: String(request.id) })}>{request.asunto}</Link>{' '}
                <span className="home-card__news-state">{REQUEST_NEW_STATE(request.estado)}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="home-card__links">
          <Link to={pathTo('issues')}>{REQUESTS_LIST_LINK}</Link>
          {/* A request needs one of the customer's CUPS: without products there is nothing to send it about. */}
          {!noProducts && <Link to={pathTo('newIssue')}>{REQUESTS_NEW_LINK}</Link>}
        </p>
      </HomeCard>
      <HomeCard id="card-invoices" title={INVOICES_CARD_TITLE}>
        <p>{INVOICES_CARD_TEXT}</p>
        <Button
          onClick={() =>
            void navigate(pathTo(electricity === 0 && (gas ?? 0) > 0 ? 'allInvoicesGas' : 'allInvoices'))
          }
        >
          {INVOICES_CARD_BUTTON}
        </Button>
      </HomeCard>
    </div>
  );
}
