import { type ReactNode, type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styles from './light.module.css';

export type PopupProps = {
  /** The element the popup hangs under. */
  anchor: RefObject<HTMLElement | null>;
  /** Which edge of the anchor the popup lines up with. */
  align?: 'left' | 'right' | 'center';
  /** Pixels between the anchor and the popup. */
  gap?: number;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  /** Inside these (e.g. a list that renders elsewhere on the page), a click is not a click outside. */
  isInside?: (target: Element) => boolean;
  'data-testid'?: string;
};

type Place = { top: number; left: number };

/**
 * A panel below its anchor, drawn over the page as Ant Design's popovers are, closed by Escape or a click
 * outside it and its anchor. Light enough for the first page; it follows the anchor when the page scrolls
 * or resizes.
 */
export function Popup({
  anchor,
  align = 'left',
  gap = 4,
  onClose,
  children,
  className,
  isInside,
  'data-testid': testId,
}: PopupProps) {
  const panel = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<Place | null>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useLayoutEffect(() => {
    const update = () => {
      const a = anchor.current?.getBoundingClientRect();
      const width = panel.current?.offsetWidth ?? 0;
      if (!a) return;
      const room = document.documentElement.clientWidth;
      const wanted = align === 'right' ? a.right - width : align === 'center' ? a.left + (a.width - width) / 2 : a.left;
      const left = Math.max(8, Math.min(wanted, room - width - 8));
      setPlace({ top: a.bottom + window.scrollY + gap, left: left + window.scrollX });
    };
    update();
    // Content that loads later (a panel behind Suspense) changes the width, and so the place.
    const resizes = new ResizeObserver(update);
    if (panel.current) resizes.observe(panel.current);
    window.addEventListener('resize', update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      resizes.disconnect();
      window.removeEventListener('resize', update);
      window.removeEventListener('scroll', update);
    };
  }, [anchor, align, gap]);

  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Element | null;
      if (!target || panel.current?.contains(target) || anchor.current?.contains(target)) return;
      if (isInside?.(target)) return;
      close.current();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close.current();
      anchor.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [anchor, isInside]);

  return createPortal(
    <div
      ref={panel}
      className={[styles.popup, className].filter(Boolean).join(' ')}
      style={place ? { top: place.top, left: place.left } : { top: 0, left: 0, visibility: 'hidden' }}
      data-testid={testId}
    >
      {children}
    </div>,
    document.body,
  );
}
