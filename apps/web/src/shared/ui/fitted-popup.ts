import type { SelectProps } from 'antd';
import { useSyncExternalStore } from 'react';

/** The least space kept between a select's list and the screen's edges, px. */
const MARGIN = 8;

const overflow = { adjustX: true, adjustY: true, shiftX: true, shiftY: true };
/**
 * Where a select's list opens: under its field (or over it when there is no room below), as Ant Design
 * places it, and moved sideways when it would leave the screen.
 */
const PLACEMENTS: SelectProps['builtinPlacements'] = {
  bottomLeft: { points: ['tl', 'bl'], offset: [0, 4], overflow, htmlRegion: 'visible', dynamicInset: true },
  bottomRight: { points: ['tr', 'br'], offset: [0, 4], overflow, htmlRegion: 'visible', dynamicInset: true },
  topLeft: { points: ['bl', 'tl'], offset: [0, -4], overflow, htmlRegion: 'visible', dynamicInset: true },
  topRight: { points: ['br', 'tr'], offset: [0, -4], overflow, htmlRegion: 'visible', dynamicInset: true },
};

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/**
 * A select whose list is wider than its field (`width` px): on a screen too narrow for that width the list
 * takes the screen's width less a margin each side, and it is moved sideways to stay on the screen.
 */
export function useFittedPopup(width: number): Pick<SelectProps, 'popupMatchSelectWidth' | 'builtinPlacements'> {
  const screen = useSyncExternalStore(
    subscribe,
    () => window.innerWidth,
    () => Number.POSITIVE_INFINITY,
  );
  return { popupMatchSelectWidth: Math.min(width, screen - 2 * MARGIN), builtinPlacements: PLACEMENTS };
}
