import '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    /** `silent`: the caller handles every failure; `handlesBusy`: it says itself that the server is busy. */
    queryMeta: { silent?: boolean; handlesBusy?: boolean };
    mutationMeta: { silent?: boolean };
  }
}
