import { useEffect, useMemo, useRef, useState } from 'react';
import { shallowEqual } from 'react-redux';
import { Navigate } from 'react-router-dom';
import { describeApiError } from '@/shared/api/apiErrors';
import { useIssuesListQuery, useOpenIssuesCountQuery } from '@/shared/api/openIssuesApi';
import { pathTo } from '@/shared/config/routes';
import { PHONE_QUERY, useMediaQuery } from '@/shared/lib/useMediaQuery';
import { selectContractTotals, type Line } from '@/shared/session/product';
import { Button } from '@/shared/ui/Button';
import { CustomerServiceContact } from '@/shared/ui/CustomerServiceContact';
import { ErrorWithRetry } from '@/shared/ui/ErrorWithRetry';
import { Spinner } from '@/shared/ui/Spinner';
import { useAppDispatch, useAppSelector } from '@/shared/store/hooks';
import { useCupsMeQuery, type CupsMeArgs } from './contractsApi';
import {
  CLEAR_FILTERS,
  CONTRACTS_LOAD_FAILED,
  HOME_INTRO,
  HOME_TITLE,
  NO_MATCH,
  NO_PRODUCTS,
  NO_PRODUCTS_HELP,
} from './contractsMessages';
import { LINES, contractsListOf, isEmptyAnswer, pageStart, totalsOf } from './contractsModel';
import { checkUnicasInvoices, leaveIfSessionEnding, productsAnswered } from './contractsThunks';
import { ContractFilters, type Filters } from './ContractFilters';
import { ContractsTable } from './ContractsTable';
import { HomeCards } from './HomeCards';
import { HomeSummary } from './HomeSummary';
import { useDebouncedValue } from './useDebouncedValue';
// Relative: jest maps .css files to a stub only when the path does not start with the @ alias.
import '../../shared/ui/forms.css';
import '../../shared/ui/table.css';
import './home.css';
import { Page } from '@/shared/ui/Page';

const FIRST_PAGES: Record<Line, number> = { Electricidad: 1, Gas: 1 };
const NO_FILTERS: Filters = { contract: '', cups: '' };
const isFiltered = (filters: Filters) => filters.contract.trim() !== '' || filters.cups.trim() !== '';

/** The customer home: cards, filters and one table per line, after the first-empty-load rule has run. */
function CustomerHome() {
  const dispatch = useAppDispatch();
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
  const phone = useMediaQuery(PHONE_QUERY);

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
  // Spec 01 §3 keeps the request list in the session after home: reading it is enough, the issues slice keeps it.
  useIssuesListQuery(undefined, { skip: leaving });

  // currentData belongs to these args (undefined while they load), so an answer is never recorded as another
  // search's.
  const { currentData, data } = products;
  useEffect(() => {
    if (currentData) void dispatch(productsAnswered(args, currentData));
  }, [currentData, args, dispatch]);

  if (leaving) return <Spinner />;

  const electricity = storedTotals.totalElectricidad ?? undefined;
  const gas = storedTotals.totalGas ?? undefined;
  // Issue 24: on a phone the contracts come first (the first one within the first 780 px), the summary and the
  // cards after them; on wider screens they lead. Rendered in that order, so focus follows what is seen.
  const overview = (
    <>
      <HomeSummary />
      <HomeCards
        electricity={electricity}
        gas={gas}
        openRequests={openIssues.isError ? null : openIssues.data?.total_count}
      />
    </>
  );

  const totals = totalsOf(data);
  const lines = contractsListOf(data);
  // Both lists again at once, and the focus back where a new search starts (the button goes away).
  const clearFilters = () => {
    setFilters(NO_FILTERS);
    searchNow(NO_FILTERS);
    contractFilter.current?.focus();
  };

  return (
    <Page className="home" title={HOME_TITLE}>
      <p className="home__intro">{HOME_INTRO}</p>

      {!phone && overview}
      <ContractFilters filters={filters} onChange={setFilters} contractRef={contractFilter} />

      {products.isError && (
        <ErrorWithRetry onRetry={() => void products.refetch()}>
          {CONTRACTS_LOAD_FAILED} {describeApiError(products.error)}
        </ErrorWithRetry>
      )}
      {!data && products.isFetching && (
        // On a phone the tables' place is kept while they load, so what comes after them never moves into view.
        <div className="home__tables-loading">
          <Spinner />
        </div>
      )}
      {/* A search that matches nothing is not a customer without products. */}
      {data && isEmptyAnswer(data) && isFiltered(searched) && (
        <div className="home__empty home__empty--search">
          <p>{NO_MATCH}</p>
          <Button variant="secondary" onClick={clearFilters}>
            {CLEAR_FILTERS}
          </Button>
        </div>
      )}
      {data && isEmptyAnswer(data) && !isFiltered(searched) && (
        <div className="home__empty home__empty--products">
          <p>{NO_PRODUCTS}</p>
          <CustomerServiceContact intro={NO_PRODUCTS_HELP} />
        </div>
      )}
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
      {phone && overview}
    </Page>
  );
}

/** Administrators have their own home (spec 01 §2 Home). */
export default function HomePage() {
  const isAdministrador = useAppSelector((state) => state.auth.isAdministrador);
  if (isAdministrador) return <Navigate to={pathTo('adminHome')} replace />;
  return <CustomerHome />;
}
