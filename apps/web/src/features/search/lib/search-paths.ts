/**
 * URLs of the search feature. They belong in `app/paths.ts` with the others; they live here until the
 * routes they name settle (the booking page is not built yet).
 */
export const searchPaths = {
  results: (s: string) => `/search?${new URLSearchParams({ s })}`,
  /** The home form, prefilled from the same search link. */
  modify: (s: string) => `/?${new URLSearchParams({ s })}`,
  booking: (searchId: string, resultId: string) =>
    `/booking?${new URLSearchParams({ search: searchId, result: resultId })}`,
};
