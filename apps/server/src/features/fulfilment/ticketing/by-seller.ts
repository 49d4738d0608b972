import type { TicketIssuer } from './issuer';

/**
 * One issuer of a kind that hands each ticket to the seller it was bought from (`IssueRequest.supplier`),
 * and the rest to the default (the simulated airlines).
 */
export function bySeller(sellers: Record<string, TicketIssuer>, fallback: TicketIssuer): TicketIssuer {
  const of = (supplier: string | null | undefined) => (supplier ? sellers[supplier] : undefined);
  return {
    kind: fallback.kind,
    issue: (request, signal) => (of(request.supplier) ?? fallback).issue(request, signal),
    refundQuote: async (tickets) => (of(tickets.supplier) ?? fallback).refundQuote?.(tickets),
    cancel: async (tickets) => (of(tickets.supplier) ?? fallback).cancel?.(tickets),
  };
}
