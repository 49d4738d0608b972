/** A media query's answer as `window.matchMedia` gives it, for jsdom, which has none. */
export const mediaQueryList = (query: string, matches = false): MediaQueryList =>
  ({
    matches,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;
