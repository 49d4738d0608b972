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
import { App } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../../../shared/lib/error-text';
import { paths } from '../../../../shared/paths';
import { useMessageDialog } from '../../../../shared/ui/message-dialog';
import { useCriteriaNames } from '../../../../widgets/place-picker/use-criteria-names';
import { useRefreshResult } from '../../api/search-api';
import { toMoney } from '../../lib/result-model';
import { classifySearchError, type SearchFailure } from '../../lib/search-errors';
import { useHeldPage, useReaderEngagement } from '../../lib/use-held-results';
import { useNearbyCalendar } from '../../lib/use-price-calendar';
import { criteriaKey, useSearch } from '../../lib/use-search';
import type { PriceChangeModalProps } from './price-change-modal';

/** Cards asked for at first and at each "show more", so a long list stays quick to send and to show. */
export const PAGE_SIZE = RESULT_PAGE_SIZE;

type Search = ReturnType<typeof useSearch>;

/** Spec §8: stale prices offer a refresh, expired results go home (403 and 409 are answered for every call). */
function useFailureDialog(criteria: SearchCriteria, restart: () => void) {
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { showMessage } = useMessageDialog();
  return useCallback(
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
}

type PlanInput = {
  plan: string | null;
  session: Search['session'];
  visible: readonly SearchResult[];
  shownPage: Search['session']['page'];
  limit: number;
  setLimit: (limit: number) => void;
  showAll: () => void;
};

/**
 * Opens and shows the plan of a `/search/{routes}/{plan}` link once it arrives: the list grows to the
 * longest page until it holds the plan. Says when the search ended without it.
 */
function useOpenPlan({ plan, session, visible, shownPage, limit, setLimit, showAll }: PlanInput) {
  const planRef = useRef<HTMLElement | null>(null);
  const hasScrolledToPlan = useRef(false);
  const planIndex = plan ? visible.findIndex((r) => r.id === plan) : -1;
  const latest = session.page;
  const isPlanHeld =
    !!plan && planIndex < 0 && !!latest && latest !== shownPage && latest.results.some((r) => r.id === plan);
  const isLongest = limit >= MAX_RESULT_PAGE_SIZE || (!!latest && latest.results.length >= latest.matched);
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
  }, [plan, planIndex, session.done, isLongest, setLimit]);
  const isPlanGone =
    !!plan && session.done && isLongest && !!latest && !latest.results.some((r) => r.id === plan) && planIndex < 0;
  return { planRef, isPlanGone };
}

type PriceChange = PriceChangeModalProps['change'] & { id: string; seat?: string };

/** Choosing a result: its price asked again, a change shown before booking, a refusal said. */
function useSelectResult(
  criteria: SearchCriteria,
  search: Search,
  handleFailure: (failure: SearchFailure | null) => void,
) {
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const refresh = useRefreshResult();
  const { session, updateResult } = search;
  const [selectingId, setSelectingId] = useState<string | null>(null);
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);
  const goToBooking = (resultId: string, seat?: string) => {
    if (session.searchId) navigate(paths.booking(session.searchId, resultId, seat));
  };
  const choose = (result: SearchResult, seat?: string) => {
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
  // One function for the page's life, so that the cards, drawn again only when their own props change,
  // always book with the search as it is now.
  const latest = useRef(choose);
  latest.current = choose;
  const select = useCallback((result: SearchResult, seat?: string) => latest.current(result, seat), []);
  const continueAtNewPrice = () => {
    const id = priceChange?.id;
    const seat = priceChange?.seat;
    setPriceChange(null);
    if (id) goToBooking(id, seat);
  };
  return { selectingId, priceChange, select, continueAtNewPrice, dismissPriceChange: () => setPriceChange(null) };
}

/** The form opens with the places named as this page names them, in the reader's language. */
function useModifyHref(criteria: SearchCriteria, names: ReturnType<typeof useCriteriaNames>) {
  return useMemo(
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
}

/**
 * The state of one search's results page: the order and filters the traveller chose, the page the server
 * sends for them (new results held back while the traveller reads), a plan link to open, and choosing.
 */
export function useSearchResults(criteria: SearchCriteria, plan: string | null) {
  const [chosenSort, setChosenSort] = useState<ResultSort>(criteria.sort);
  const [filters, setFilters] = useState<ResultFilters>(NO_FILTERS);
  const [expandedId, setExpandedId] = useState<string | null>(plan);
  const [limit, setLimit] = useState(PAGE_SIZE);
  // The server sorts and filters: the page asks for the part of the results the traveller wants to see.
  const view = useMemo<ResultView>(
    () => ({ sort: chosenSort, filters, offset: 0, limit: Math.min(limit, MAX_RESULT_PAGE_SIZE) }),
    [chosenSort, filters, limit],
  );
  const search = useSearch(criteria, view);
  const { session, error, restart } = search;
  const listRef = useRef<HTMLDivElement>(null);
  const { isEngaged, listProps } = useReaderEngagement(listRef);
  const held = useHeldPage(session.searchId, session.page, session.pageKey, isEngaged || expandedId !== null);
  const page = held.shown;
  const visible = page?.results ?? [];
  const isRail = page?.isRail ?? criteria.mode === 'train';
  // A search on one date: the days around it, each opening its own search, once this one is done.
  const nearby = useNearbyCalendar(criteria, session.searchId, session.done);
  const names = useCriteriaNames(criteria);
  const modifyHref = useModifyHref(criteria, names);

  const handleFailure = useFailureDialog(criteria, restart);
  const failure = useMemo(() => classifySearchError(error, criteria), [error, criteria]);
  useEffect(() => handleFailure(failure), [failure, handleFailure]);
  const { showAll } = held;
  const { planRef, isPlanGone } = useOpenPlan({ plan, session, visible, shownPage: page, limit, setLimit, showAll });
  const selection = useSelectResult(criteria, search, handleFailure);

  // Any change the traveller makes to the order or the filters also brings in what was held back.
  const changeSort = (next: ResultSort) => {
    setChosenSort(next);
    setLimit(PAGE_SIZE);
    held.showAll();
  };
  const changeFilters = useCallback(
    (next: ResultFilters) => {
      setFilters(next);
      setLimit(PAGE_SIZE);
      showAll();
    },
    [showAll],
  );
  const showNew = () => {
    held.showAll();
    listRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  };
  const showMore = () => setLimit((n) => Math.min(n + PAGE_SIZE, MAX_RESULT_PAGE_SIZE));
  const toggle = useCallback((id: string) => setExpandedId((current) => (current === id ? null : id)), []);
  const party = useMemo(
    () => ({ adults: criteria.adults, children: criteria.children }),
    [criteria.adults, criteria.children],
  );

  return {
    ...search,
    ...selection,
    failure,
    held,
    page,
    visible,
    count: page?.count ?? 0,
    matched: page?.matched ?? 0,
    isRail,
    // The tab follows the click at once; the page of that order follows from the server.
    sort: sortForView(chosenSort, isRail),
    filters,
    limit,
    expandedId,
    nearby,
    names,
    modifyHref,
    listRef,
    listProps,
    planRef,
    isPlanGone,
    changeSort,
    changeFilters,
    showNew,
    showMore,
    toggle,
    party,
  };
}
