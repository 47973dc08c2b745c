import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import { Button } from '@/shared/ui/Button';
import {
  INVOICES_CARD_BUTTON,
  INVOICES_CARD_TEXT,
  INVOICES_CARD_TITLE,
  LINE_TITLES,
  PRODUCTS_CARD_TITLE,
  REQUESTS_CARD_TITLE,
  REQUESTS_LIST_LINK,
  REQUESTS_NEW_LINK,
  REQUESTS_OPEN,
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
  electricity: number;
  gas: number;
  /** Open requests; 0 until the call answers. */
  openRequests: number | undefined;
}

/** The three cards at the top of the customer home: products, requests and invoices (spec 01 §2 Home). */
export function HomeCards({ electricity, gas, openRequests }: HomeCardsProps) {
  const navigate = useNavigate();
  return (
    <div className="home__cards">
      <HomeCard id="card-products" title={PRODUCTS_CARD_TITLE}>
        <dl className="home-card__counts">
          <div>
            <dt>{LINE_TITLES.Electricidad}</dt>
            <dd>{electricity}</dd>
          </div>
          <div>
            <dt>{LINE_TITLES.Gas}</dt>
            <dd>{gas}</dd>
          </div>
        </dl>
      </HomeCard>
      <HomeCard id="card-requests" title={REQUESTS_CARD_TITLE}>
        <p className="home-card__figure">{REQUESTS_OPEN(openRequests ?? 0)}</p>
        <p className="home-card__links">
          <Link to={pathTo('issues')}>{REQUESTS_LIST_LINK}</Link>
          <Link to={pathTo('newIssue')}>{REQUESTS_NEW_LINK}</Link>
        </p>
      </HomeCard>
      <HomeCard id="card-invoices" title={INVOICES_CARD_TITLE}>
        <p>{INVOICES_CARD_TEXT}</p>
        <Button
          onClick={() => navigate(pathTo(electricity === 0 && gas > 0 ? 'allInvoicesGas' : 'allInvoices'))}
        >
          {INVOICES_CARD_BUTTON}
        </Button>
      </HomeCard>
    </div>
  );
}
