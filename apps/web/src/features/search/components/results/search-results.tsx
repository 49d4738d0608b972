import { MAX_RESULT_PAGE_SIZE, NO_FILTERS, type SearchCriteria } from '@junction/domain';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../../../shared/lib/error-text';
import { useDocumentTitle } from '../../../../shared/lib/use-document-title';
import { useMediaQuery } from '../../../../shared/lib/use-media-query';
import { paths } from '../../../../shared/paths';
import { EmptyState } from '../../../../shared/ui/empty-state';
import { useStudentFares } from '../../api/student-fares';
import { kindsOfMode } from '../../lib/use-price-calendar';
import { FiltersDrawer } from './filters-drawer';
import { FiltersPanel } from './filters-panel';
import { NewResultsBar } from './new-results-bar';
import { lacksCabin, NoCabin } from './no-cabin';
import { PriceCalendarStrip } from './price-calendar-strip';
import { PriceChangeModal } from './price-change-modal';
import { ResultCard } from './result-card';
import { ResultSkeletons } from './result-skeletons';
import { SearchProgress } from './search-progress';
import styles from './search-results.module.css';
import { SortTabs } from './sort-tabs';
import { SummaryBar } from './summary-bar';
import { useSearchResults } from './use-search-results';

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
  const isNarrow = useMediaQuery(NARROW);
  const r = useSearchResults(criteria, plan);
  const { session, error, restart, failure, held, page, visible, count, matched, isRail, filters, limit } = r;
  const { names, modifyHref, nearby, changeFilters } = r;
  const firstLeg = criteria.legs[0];
  const calendar = page?.calendar ?? null;
  const travellers = criteria.adults + criteria.children + criteria.infants;
  const studentFareOf = useStudentFares(session.searchId, visible, session.done);
  useDocumentTitle(names[0] ? t('meta.title', names[0]) : t('meta.fallbackTitle'));

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
          <SortTabs sort={r.sort} onChange={r.changeSort} isRail={isRail} leaders={page?.leaders ?? {}} />
          {matched > 0 || held.pendingCount > 0 ? (
            <div className={styles.listHead}>
              {matched > 0 ? (
                <p className={styles.count} data-testid="results-count">
                  {matched < count
                    ? t('list.showingFiltered', { shown: visible.length, total: matched, all: count })
                    : t('list.showing', { shown: visible.length, total: matched })}
                </p>
              ) : null}
              <NewResultsBar count={held.pendingCount} onShow={r.showNew} listRef={r.listRef} />
            </div>
          ) : null}
          {r.isPlanGone ? <Alert type="info" showIcon title={t('empty.planGone')} /> : null}
          <div
            ref={r.listRef}
            id="search-results-list"
            role="tabpanel"
            className={`${styles.list} ${r.isPagePending ? styles.pending : ''}`}
            aria-busy={r.isPagePending}
            data-testid="results-list"
            {...r.listProps}
          >
            {visible.map((result) => (
              <ResultCard
                key={result.id}
                ref={result.id === plan ? r.planRef : undefined}
                result={result}
                showDate={criteria.flexDays > 0}
                tripType={criteria.type}
                travellers={travellers}
                party={r.party}
                isExpanded={r.expandedId === result.id}
                isSelecting={r.selectingId === result.id}
                onToggle={r.toggle}
                onSelect={r.select}
                studentFareOf={studentFareOf}
              />
            ))}
            {count === 0 && !session.done && !error ? <ResultSkeletons variant="cards" /> : null}
            {session.done && session.page?.count === 0 && lacksCabin(criteria, session.withoutCabin) ? (
              <div className={styles.emptyCard} data-testid="no-cabin">
                <NoCabin criteria={criteria} />
              </div>
            ) : null}
            {session.done && session.page?.count === 0 && !lacksCabin(criteria, session.withoutCabin) ? (
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
              <Button size="large" block className={styles.more} onClick={r.showMore} data-testid="show-more">
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
      <PriceChangeModal change={r.priceChange} onContinue={r.continueAtNewPrice} onCancel={r.dismissPriceChange} />
    </>
  );
}
