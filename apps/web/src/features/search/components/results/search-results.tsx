import {
  MAX_RESULT_PAGE_SIZE,
  NO_FILTERS,
  packSearchLink,
  RESULT_PAGE_SIZE,
  type ResultFilters,
  type ResultSort,
  type ResultView,
  type SearchCriteria,
  type SearchResult,
  sortForView,
} from '@junction/domain';
import { Alert, App, Button } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../../../shared/lib/error-text';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { useMediaQuery } from '../../../../shared/lib/use-media-query';
import { paths } from '../../../../shared/paths';
import { EmptyState } from '../../../../shared/ui/empty-state';
import { useMessageDialog } from '../../../../shared/ui/message-dialog';
import { useRefreshResult } from '../../api/search-api';
import { toMoney } from '../../lib/result-model';
import { classifySearchError, type SearchFailure } from '../../lib/search-errors';
import { useCriteriaNames } from '../../lib/use-criteria-names';
import { useHeldPage, useReaderEngagement } from '../../lib/use-held-results';
import { kindsOfMode, useNearbyCalendar } from '../../lib/use-price-calendar';
import { criteriaKey, useSearch } from '../../lib/use-search';
import { FiltersDrawer } from './filters-drawer';
import { FiltersPanel } from './filters-panel';
import { NewResultsBar } from './new-results-bar';
import { PriceCalendarStrip } from './price-calendar-strip';
import { PriceChangeModal, type PriceChangeModalProps } from './price-change-modal';
import { ResultCard } from './result-card';
import { ResultSkeletons } from './result-skeletons';
import { SearchProgress } from './search-progress';
import styles from './search-results.module.css';
import { SortTabs } from './sort-tabs';
import { SummaryBar } from './summary-bar';

/** Cards asked for at first and at each "show more", so a long list stays quick to send and to show. */
export const PAGE_SIZE = RESULT_PAGE_SIZE;
/** Below this width the filters leave the side for a drawer (the layout's single column, in the CSS too). */
const NARROW = '(max-width: 900px)';

export type SearchResultsProps = {
  criteria: SearchCriteria;
  /** The search link of these criteria, for "modify" and reruns. */
  s: string;
  /** A result id to open and scroll to when it arrives (`/search/{routes}/{plan}`). */
  plan: string | null;
};

/** The results of one search: summary, progress, sorts, filters, price calendar and the list. */
export function SearchResults({ criteria, s, plan }: SearchResultsProps) {
  const { t } = useTranslation('results');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { showMessage } = useMessageDialog();
  const isNarrow = useMediaQuery(NARROW);

  const [chosenSort, setChosenSort] = useState<ResultSort>(criteria.sort);
  const [filters, setFilters] = useState<ResultFilters>(NO_FILTERS);
  const [expandedId, setExpandedId] = useState<string | null>(plan);
  const [limit, setLimit] = useState(PAGE_SIZE);
  // The server sorts and filters: the page asks for the part of the results the traveller wants to see.
  const view = useMemo<ResultView>(
    () => ({ sort: chosenSort, filters, offset: 0, limit: Math.min(limit, MAX_RESULT_PAGE_SIZE) }),
    [chosenSort, filters, limit],
  );
  const { session, error, restart, updateResult, isPagePending } = useSearch(criteria, view);
  const listRef = useRef<HTMLDivElement>(null);
  const { isEngaged, listProps } = useReaderEngagement(listRef);
  const held = useHeldPage(session.searchId, session.page, session.pageKey, isEngaged || expandedId !== null);
  const page = held.shown;
  const visible = page?.results ?? [];
  const count = page?.count ?? 0;
  const matched = page?.matched ?? 0;
  const isRail = page?.isRail ?? criteria.mode === 'train';
  // The tab follows the click at once; the page of that order follows from the server.
  const sort = sortForView(chosenSort, isRail);

  const firstLeg = criteria.legs[0];
  const calendar = page?.calendar ?? null;
  // A search on one date: the days around it, each opening its own search, once this one is done.
  const nearby = useNearbyCalendar(criteria, session.searchId, session.done);

  const names = useCriteriaNames(criteria);
  useDocumentTitle(names[0] ? t('meta.title', names[0]) : t('meta.fallbackTitle'));
  // The form opens with the places named as this page names them, in the reader's language.
  const modifyHref = useMemo(
    () =>
      paths.modifySearch(
        packSearchLink({
          ...criteria,
          legs: criteria.legs.map((leg, i) => ({
            ...leg,
            departureName: names[i]?.from ?? leg.departureName,
            destinationName: names[i]?.to ?? leg.destinationName,
          })),
        }),
      ),
    [criteria, names],
  );

  /** Spec §8: stale prices offer a refresh, expired results go home (403 and 409 are answered for every call). */
  const handleFailure = useCallback(
    (failure: SearchFailure | null) => {
      if (!failure) return;
      if (failure.kind === 'stale') {
        showMessage({
          type: 'REFRESH',
          content: errorText('PRICE_EXPIRED'),
          onRefresh: () => {
            // New criteria change the URL, which starts their search; the same ones run again here.
            if (criteriaKey(failure.criteria) === criteriaKey(criteria)) restart();
            else navigate(paths.searchResults(packSearchLink(failure.criteria)), { replace: true });
          },
        });
      } else if (failure.kind === 'expired')
        showMessage({ type: 'TO_HOMEPAGE', content: errorText('RESULTS_EXPIRED') });
    },
    [showMessage, errorText, navigate, restart, criteria],
  );
  const failure = useMemo(() => classifySearchError(error, criteria), [error, criteria]);
  useEffect(() => handleFailure(failure), [failure, handleFailure]);

  // Open and show the plan of a `/search/{routes}/{plan}` link once it arrives: the list grows to the
  // longest page until it holds the plan.
  const planRef = useRef<HTMLElement | null>(null);
  const hasScrolledToPlan = useRef(false);
  const planIndex = plan ? visible.findIndex((r) => r.id === plan) : -1;
  const latest = session.page;
  const isPlanHeld =
    !!plan && planIndex < 0 && !!latest && latest !== page && latest.results.some((r) => r.id === plan);
  const isLongest = limit >= MAX_RESULT_PAGE_SIZE || (!!latest && latest.results.length >= latest.matched);
  const { showAll } = held;
  useEffect(() => {
    if (isPlanHeld && !hasScrolledToPlan.current) showAll();
  }, [isPlanHeld, showAll]);
  useEffect(() => {
    if (!plan || hasScrolledToPlan.current) return;
    if (planIndex < 0) {
      if (session.done && !isLongest) setLimit(MAX_RESULT_PAGE_SIZE);
      return;
    }
    hasScrolledToPlan.current = true;
    planRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [plan, planIndex, session.done, isLongest]);
  const isPlanGone =
    !!plan && session.done && isLongest && !!latest && !latest.results.some((r) => r.id === plan) && planIndex < 0;

  const refresh = useRefreshResult();
  const [selectingId, setSelectingId] = useState<string | null>(null);
  const [priceChange, setPriceChange] = useState<
    (PriceChangeModalProps['change'] & { id: string; seat?: string }) | null
  >(null);
  const goToBooking = (resultId: string, seat?: string) => {
    if (session.searchId) navigate(paths.booking(session.searchId, resultId, seat));
  };
  const handleSelect = (result: SearchResult, seat?: string) => {
    if (!session.searchId) return;
    setSelectingId(result.id);
    refresh.mutate(
      { searchId: session.searchId, resultId: result.id },
      {
        onSuccess: (answer) => {
          updateResult(answer.result);
          if (answer.priceChanged)
            setPriceChange({
              id: result.id,
              seat,
              previous: toMoney(answer.previous),
              latest: toMoney(answer.result.price),
            });
          else goToBooking(result.id, seat);
        },
        onError: (e) => {
          const f = classifySearchError(e, criteria);
          if (f?.kind === 'refused') message.error(errorText(f.errorCode));
          else handleFailure(f);
        },
        onSettled: () => setSelectingId(null),
      },
    );
  };

  // Any change the traveller makes to the order or the filters also brings in what was held back.
  const changeSort = (next: ResultSort) => {
    setChosenSort(next);
    setLimit(PAGE_SIZE);
    held.showAll();
  };
  const changeFilters = (next: ResultFilters) => {
    setFilters(next);
    setLimit(PAGE_SIZE);
    held.showAll();
  };
  const showNew = () => {
    held.showAll();
    listRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  const travellers = criteria.adults + criteria.children + criteria.infants;

  if (failure?.kind === 'refused' && count === 0) {
    return (
      <>
        <SummaryBar criteria={criteria} names={names} modifyHref={modifyHref} />
        <div className={styles.emptyCard}>
          <EmptyState
            kind="no-result"
            title={t('empty.refused')}
            description={errorText(failure.errorCode)}
            action={
              <Button type="primary" size="large" onClick={() => navigate(paths.modifySearch(s))}>
                {t('empty.modify')}
              </Button>
            }
          />
        </div>
      </>
    );
  }

  return (
    <>
      <SummaryBar criteria={criteria} names={names} modifyHref={modifyHref} />
      <div className={styles.layout}>
        {isNarrow ? null : (
          <div className={styles.sidebar}>
            {page && count > 0 ? (
              <FiltersPanel
                facets={page.facets}
                ranges={page.ranges}
                filters={filters}
                onChange={changeFilters}
                isRail={isRail}
              />
            ) : (
              <ResultSkeletons variant="filters" />
            )}
          </div>
        )}
        <div className={styles.content}>
          {isNarrow ? (
            <FiltersDrawer
              facets={page?.facets ?? null}
              ranges={page?.ranges ?? null}
              filters={filters}
              onChange={changeFilters}
              isRail={isRail}
              matchCount={matched}
            />
          ) : null}
          {/* The count of the results shown, as the list's own count says it; new ones wait in the bar. */}
          <SearchProgress session={session} shownCount={count} isStopped={!!error} />
          {session.isBusy && !error ? (
            <Alert
              type="info"
              showIcon
              title={t('busy.title')}
              description={t('busy.text')}
              data-testid="search-busy"
            />
          ) : null}
          {failure?.kind === 'busy' ? (
            <Alert
              type="warning"
              showIcon
              title={t('empty.busy')}
              description={t('empty.busyText')}
              action={<Button onClick={restart}>{t('empty.retry')}</Button>}
              data-testid="search-busy-stopped"
            />
          ) : null}
          {failure?.kind === 'unavailable' ? (
            <Alert
              type="warning"
              showIcon
              title={t('empty.unavailable')}
              description={t('empty.unavailableText')}
              action={<Button onClick={restart}>{t('empty.retry')}</Button>}
            />
          ) : null}
          {calendar && firstLeg ? (
            <PriceCalendarStrip
              days={calendar.days}
              selected={filters.date}
              cheapest={calendar.cheapest}
              searched={firstLeg.departure_date}
              kinds={kindsOfMode(criteria.mode)}
              hasAllDates
              onSelect={(date) => changeFilters({ ...filters, date })}
            />
          ) : null}
          {nearby.calendar && firstLeg ? (
            <PriceCalendarStrip
              days={nearby.calendar.days}
              selected={firstLeg.departure_date}
              cheapest={nearby.calendar.cheapest}
              searched={firstLeg.departure_date}
              kinds={kindsOfMode(criteria.mode)}
              hasAllDates={false}
              isLoading={nearby.isLoading}
              onSelect={nearby.goTo}
            />
          ) : null}
          <SortTabs sort={sort} onChange={changeSort} isRail={isRail} leaders={page?.leaders ?? {}} />
          {matched > 0 || held.pendingCount > 0 ? (
            <div className={styles.listHead}>
              {matched > 0 ? (
                <p className={styles.count} data-testid="results-count">
                  {matched < count
                    ? t('list.showingFiltered', { shown: visible.length, total: matched, all: count })
                    : t('list.showing', { shown: visible.length, total: matched })}
                </p>
              ) : null}
              <NewResultsBar count={held.pendingCount} onShow={showNew} listRef={listRef} />
            </div>
          ) : null}
          {isPlanGone ? <Alert type="info" showIcon title={t('empty.planGone')} /> : null}
          <div
            ref={listRef}
            id="search-results-list"
            role="tabpanel"
            className={`${styles.list} ${isPagePending ? styles.pending : ''}`}
            aria-busy={isPagePending}
            data-testid="results-list"
            {...listProps}
          >
            {visible.map((result) => (
              <ResultCard
                key={result.id}
                ref={result.id === plan ? planRef : undefined}
                result={result}
                showDate={criteria.flexDays > 0}
                tripType={criteria.type}
                travellers={travellers}
                party={{ adults: criteria.adults, children: criteria.children }}
                isExpanded={expandedId === result.id}
                isSelecting={selectingId === result.id}
                onToggle={(id) => setExpandedId((current) => (current === id ? null : id))}
                onSelect={handleSelect}
              />
            ))}
            {count === 0 && !session.done && !error ? <ResultSkeletons variant="cards" /> : null}
            {session.done && session.page?.count === 0 ? (
              <div className={styles.emptyCard} data-testid="no-results">
                <EmptyState
                  kind="no-result"
                  title={t('empty.title')}
                  description={t('empty.text')}
                  action={
                    <Button type="primary" onClick={() => navigate(paths.modifySearch(s))}>
                      {t('empty.modify')}
                    </Button>
                  }
                />
              </div>
            ) : null}
            {count > 0 && matched === 0 ? (
              <div className={styles.emptyCard} data-testid="no-match">
                <EmptyState
                  kind="empty"
                  title={t('filters.noneMatch')}
                  action={<Button onClick={() => changeFilters(NO_FILTERS)}>{t('filters.clear')}</Button>}
                />
              </div>
            ) : null}
            {matched > visible.length && limit < MAX_RESULT_PAGE_SIZE ? (
              <Button
                size="large"
                block
                className={styles.more}
                onClick={() => setLimit((n) => Math.min(n + PAGE_SIZE, MAX_RESULT_PAGE_SIZE))}
                data-testid="show-more"
              >
                {t('list.showMore')}
              </Button>
            ) : null}
            {matched > visible.length && limit >= MAX_RESULT_PAGE_SIZE ? (
              <p className={styles.refine} data-testid="results-refine">
                {t('list.refine', { shown: visible.length, total: matched })}
              </p>
            ) : null}
          </div>
        </div>
      </div>
      <PriceChangeModal
        change={priceChange}
        onContinue={() => {
          const id = priceChange?.id;
          const seat = priceChange?.seat;
          setPriceChange(null);
          if (id) goToBooking(id, seat);
        }}
        onCancel={() => setPriceChange(null)}
      />
    </>
  );
}
