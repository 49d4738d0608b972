import type { ResultPage } from '@junction/domain';
import { type FocusEvent, type RefObject, useCallback, useEffect, useState } from 'react';

/**
 * Results keep streaming in while the traveller reads. Re-sorting the list under their eyes would move
 * the card they are looking at, so while they are engaged with the list (pointer or focus in it, a
 * card open, or scrolled into it) the list keeps the page it had: new arrivals are counted and offered
 * in a "N new results — show" bar, and re-priced ones wait too. When the traveller is not engaged, or
 * asks for another order, other filters or more results (another view), the new page goes straight in.
 */
export function useHeldPage(
  searchId: string | null,
  page: ResultPage | null,
  viewKey: string | null,
  isEngaged: boolean,
) {
  const [applied, setApplied] = useState({ searchId, page, viewKey });
  const isSame = applied.searchId === searchId && applied.viewKey === viewKey;
  // Nothing shown yet means nothing to jump: the first results always go in.
  const shouldApply = !isSame || ((!isEngaged || !applied.page?.count) && applied.page !== page);
  if (shouldApply) setApplied({ searchId, page, viewKey });
  const shown = shouldApply ? page : applied.page;

  const showAll = useCallback(() => setApplied({ searchId, page, viewKey }), [searchId, page, viewKey]);
  return { shown, pendingCount: Math.max(0, (page?.count ?? 0) - (shown?.count ?? 0)), showAll };
}

/** Distance below the fixed header at which the list counts as scrolled into. */
const SCROLL_MARGIN_PX = 24;

/**
 * Whether the traveller is reading the list: the pointer or keyboard focus is in it, or the page is
 * scrolled so its top has passed under the header.
 */
export function useReaderEngagement(listRef: RefObject<HTMLElement | null>) {
  const [isPointerIn, setPointerIn] = useState(false);
  const [isFocusIn, setFocusIn] = useState(false);
  const [isScrolledIn, setScrolledIn] = useState(false);

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const list = listRef.current;
      if (!list) return;
      const header = Number.parseFloat(
        getComputedStyle(document.documentElement).getPropertyValue('--j-header-height'),
      );
      const top = list.getBoundingClientRect().top;
      setScrolledIn(window.scrollY > 0 && top < (Number.isFinite(header) ? header : 64) - SCROLL_MARGIN_PX);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [listRef]);

  const listProps = {
    onPointerEnter: () => setPointerIn(true),
    onPointerLeave: () => setPointerIn(false),
    onFocus: () => setFocusIn(true),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocusIn(false);
    },
  };
  return { isEngaged: isPointerIn || isFocusIn || isScrolledIn, listProps };
}
