import { useEffect, useMemo, useRef, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { describeApiError } from '@/shared/api/apiErrors';
import { useOpenIssuesCountQuery } from '@/shared/api/openIssuesApi';
import { pathTo } from '@/shared/config/routes';
import { selectContractTotals, type Line } from '@/shared/session/product';
import { Button } from '@/shared/ui/Button';
import { Notification } from '@/shared/ui/Notification';
import { Spinner } from '@/shared/ui/Spinner';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { useCupsMeQuery, type CupsMeArgs } from './contractsApi';
import {
  CLEAR_FILTERS,
  CONTRACTS_LOAD_FAILED,
  FILTERS_HINT,
  FILTERS_LABEL,
  FILTER_CONTRACT,
  FILTER_CUPS,
  HOME_INTRO,
  HOME_TITLE,
  INVOICES_CARD_BUTTON,
  INVOICES_CARD_TEXT,
  INVOICES_CARD_TITLE,
  LINE_TITLES,
  NO_MATCH,
  NO_PRODUCTS,
  PRODUCTS_CARD_TITLE,
  REQUESTS_CARD_TITLE,
  REQUESTS_LIST_LINK,
  REQUESTS_NEW_LINK,
  REQUESTS_OPEN,
} from './contractsMessages';
import { LINES, contractsListOf, isEmptyAnswer, pageStart, totalsOf } from './contractsModel';
import { checkUnicasInvoices, leaveIfSessionEnding, productsAnswered } from './contractsThunks';
import { ContractsTable } from './ContractsTable';
import { useDebouncedValue } from './useDebouncedValue';
// Relative: jest maps .css files to a stub only when the path does not start with the @ alias.
import '../../shared/ui/forms.css';
import '../../shared/ui/table.css';
import './home.css';

interface Filters {
  contract: string;
  cups: string;
}

const FIRST_PAGES: Record<Line, number> = { Electricidad: 1, Gas: 1 };
const NO_FILTERS: Filters = { contract: '', cups: '' };
const isFiltered = (filters: Filters) => filters.contract.trim() !== '' || filters.cups.trim() !== '';

function CustomerHome() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const storedTotals = useAppSelector(selectContractTotals, shallowEqual);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [searched, searchNow] = useDebouncedValue(filters);
  const contractFilter = useRef<HTMLInputElement>(null);
  // Pages belong to one search: a new search starts both tables again from their first page.
  const [paging, setPaging] = useState({ search: searched, pages: FIRST_PAGES });
  const pages = paging.search === searched ? paging.pages : FIRST_PAGES;
  const changePage = (line: Line, page: number) =>
    setPaging({ search: searched, pages: { ...pages, [line]: page } });
  const [leaving, setLeaving] = useState(true);

  useEffect(() => {
    void dispatch(leaveIfSessionEnding()).then((left) => {
      setLeaving(left);
      if (!left) void dispatch(checkUnicasInvoices());
    });
  }, [dispatch]);

  const args: CupsMeArgs = useMemo(
    () => ({
      cups: searched.cups,
      contract: searched.contract,
      startPaginationElectricidad: pageStart(pages.Electricidad),
      startPaginationGas: pageStart(pages.Gas),
    }),
    [searched, pages],
  );
  const products = useCupsMeQuery(args, { skip: leaving });
  const openIssues = useOpenIssuesCountQuery(undefined, { skip: leaving });

  // currentData belongs to these args (undefined while they load), so an answer is never recorded as another
  // search's.
  const { currentData, data } = products;
  useEffect(() => {
    if (currentData) void dispatch(productsAnswered(args, currentData));
  }, [currentData, args, dispatch]);

  if (leaving) return <Spinner />;

  const electricity = storedTotals.totalElectricidad ?? 0;
  const gas = storedTotals.totalGas ?? 0;
  const totals = totalsOf(data);
  const lines = contractsListOf(data);
  const openCount = openIssues.data?.total_count;
  // Both lists again at once, and the focus back where a new search starts (the button goes away).
  const clearFilters = () => {
    setFilters(NO_FILTERS);
    searchNow(NO_FILTERS);
    contractFilter.current?.focus();
  };

  return (
    <section className="page home" aria-labelledby="home-title">
      <h1 id="home-title" className="page__title">
        {HOME_TITLE}
      </h1>
      <p className="home__intro">{HOME_INTRO}</p>

      <div className="home__cards">
        <section className="home-card" aria-labelledby="card-products">
          <h2 id="card-products" className="home-card__title">
            {PRODUCTS_CARD_TITLE}
          </h2>
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
        </section>
        <section className="home-card" aria-labelledby="card-requests">
          <h2 id="card-requests" className="home-card__title">
            {REQUESTS_CARD_TITLE}
          </h2>
          <p className="home-card__figure">{REQUESTS_OPEN(typeof openCount === 'number' ? openCount : 0)}</p>
          <p className="home-card__links">
            <Link to={pathTo('issues')}>{REQUESTS_LIST_LINK}</Link>
            <Link to={pathTo('newIssue')}>{REQUESTS_NEW_LINK}</Link>
          </p>
        </section>
        <section className="home-card" aria-labelledby="card-invoices">
          <h2 id="card-invoices" className="home-card__title">
            {INVOICES_CARD_TITLE}
          </h2>
          <p>{INVOICES_CARD_TEXT}</p>
          <Button
            onClick={() => navigate(pathTo(electricity === 0 && gas > 0 ? 'allInvoicesGas' : 'allInvoices'))}
          >
            {INVOICES_CARD_BUTTON}
          </Button>
        </section>
      </div>

      <form
        className="home__filters"
        role="search"
        aria-label={FILTERS_LABEL}
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="field">
          <label className="field__label" htmlFor="filter-contract">
            {FILTER_CONTRACT}
          </label>
          <input
            ref={contractFilter}
            id="filter-contract"
            className="field__input"
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            value={filters.contract}
            aria-describedby="filters-hint"
            onChange={(event) => setFilters({ ...filters, contract: event.target.value })}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="filter-cups">
            {FILTER_CUPS}
          </label>
          <input
            id="filter-cups"
            className="field__input"
            autoComplete="off"
            maxLength={30}
            value={filters.cups}
            aria-describedby="filters-hint"
            onChange={(event) => setFilters({ ...filters, cups: event.target.value })}
          />
        </div>
        <p id="filters-hint" className="home__hint">
          {FILTERS_HINT}
        </p>
      </form>

      {products.isError && (
        <Notification kind="error">
          {CONTRACTS_LOAD_FAILED} {describeApiError(products.error)}
        </Notification>
      )}
      {!data && products.isFetching && <Spinner />}
      {/* A search that matches nothing is not a customer without products. */}
      {data && isEmptyAnswer(data) && isFiltered(searched) && (
        <div className="home__empty home__empty--search">
          <p>{NO_MATCH}</p>
          <Button variant="secondary" onClick={clearFilters}>
            {CLEAR_FILTERS}
          </Button>
        </div>
      )}
      {data && isEmptyAnswer(data) && !isFiltered(searched) && <p className="home__empty">{NO_PRODUCTS}</p>}
      {data &&
        LINES.filter((line) => totals[line] > 0).map((line) => (
          <ContractsTable
            key={line}
            line={line}
            page={lines[line]}
            total={totals[line]}
            onPageChange={(page) => changePage(line, page)}
          />
        ))}
    </section>
  );
}

/** Administrators have their own home (spec 01 §2 Home). */
export default function HomePage() {
  const isAdministrador = useAppSelector((state) => state.auth.isAdministrador);
  if (isAdministrador) return <Navigate to={pathTo('adminHome')} replace />;
  return <CustomerHome />;
}
