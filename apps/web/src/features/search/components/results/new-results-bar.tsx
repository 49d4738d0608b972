import { ArrowUpOutlined } from '@ant-design/icons';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './new-results-bar.module.css';

export type NewResultsBarProps = {
  count: number;
  onShow: () => void;
  /** The list whose first card the bar must never cover. */
  listRef: RefObject<HTMLElement | null>;
};

/** Where the bar is: in its place beside the list's count, or floating at the top or the bottom of the screen. */
type Placement = 'inline' | 'top' | 'bottom';

/** The height a floating bar takes, with its margin. */
const FLOAT_PX = 64;

function headerHeight(): number {
  const value = Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--j-header-height'));
  return Number.isFinite(value) ? value : 64;
}

/**
 * In its place while that is on screen; once scrolled away, floating where the list's first card is not:
 * at the bottom of the screen, or at the top when the first card reaches down there.
 */
function usePlacement(
  placeRef: RefObject<HTMLElement | null>,
  listRef: RefObject<HTMLElement | null>,
  isActive: boolean,
): Placement {
  const [placement, setPlacement] = useState<Placement>('inline');
  useEffect(() => {
    if (!isActive) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const place = placeRef.current?.parentElement;
      const first = listRef.current?.firstElementChild;
      if (!place || !first) return;
      const top = headerHeight();
      const bottom = window.innerHeight;
      if (place.getBoundingClientRect().bottom > top) return setPlacement('inline');
      const card = first.getBoundingClientRect();
      const covers = (from: number, to: number) => card.bottom > from && card.top < to;
      if (!covers(bottom - FLOAT_PX, bottom)) setPlacement('bottom');
      else if (!covers(top, top + FLOAT_PX)) setPlacement('top');
      else setPlacement('inline');
    };
    const onChange = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', onChange, { passive: true });
    window.addEventListener('resize', onChange);
    return () => {
      window.removeEventListener('scroll', onChange);
      window.removeEventListener('resize', onChange);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [placeRef, listRef, isActive]);
  return placement;
}

/**
 * Results held back while the traveller reads (see `useHeldResults`), offered in one click: in its own
 * place beside the list's count, and floating once that has scrolled away, where it never covers the
 * list's first card.
 */
export function NewResultsBar({ count, onShow, listRef }: NewResultsBarProps) {
  const { t } = useTranslation('results');
  const placeRef = useRef<HTMLDivElement>(null);
  const placement = usePlacement(placeRef, listRef, count > 0);
  if (count <= 0) return null;
  return (
    <div ref={placeRef} className={styles.place}>
      <div
        className={`${styles.bar} ${placement === 'inline' ? '' : styles[placement]}`}
        role="status"
        data-testid="new-results-bar"
        data-placement={placement}
        title={t('newResults.hint')}
      >
        <span>{t('newResults.count', { count })}</span>
        <button type="button" className={styles.show} onClick={onShow} data-testid="show-new-results">
          <ArrowUpOutlined /> {t('newResults.show')}
        </button>
      </div>
    </div>
  );
}
