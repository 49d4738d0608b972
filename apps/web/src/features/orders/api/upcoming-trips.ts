import { ORDER_STATUS as O, type OrderListItem, type OrderListQuery } from '@junction/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { savedCopyTime } from '../../../shared/offline/saved-copy';
import { orderFulfilmentQueryOptions } from './fulfilment';
import { orderQueryOptions, ordersQueryOptions } from './orders';

/** How many upcoming trips are read ahead for reading offline: the last ones booked. */
export const UPCOMING_KEPT = 20;

/** The upcoming filter (spec §4), one page of the trips read ahead. */
export const UPCOMING_QUERY: OrderListQuery = { filter: '2', page: 1, pageSize: UPCOMING_KEPT };

/** An upcoming trip (not yet departed, as the filter keeps them) worth its tickets offline: paid or ticketed. */
export const isKeptUpcoming = ({ status }: Pick<OrderListItem, 'status'>): boolean =>
  status === O.PAID || status === O.TICKETING || status === O.TICKETED;

/** Each read goes to the network, quietly: a trip that fails to be read ahead is simply not kept. */
const fresh = { staleTime: 0, retry: false, meta: { silent: true } } as const;

/**
 * Reads the traveller's upcoming trips, then each one's order and tickets, one after another, so the service
 * worker saves them (src/sw.ts) and each opens without a connection though never opened online. Nothing is read
 * ahead from a saved copy (no connection) or once the device goes offline.
 */
export async function readUpcomingTrips(client: QueryClient): Promise<void> {
  const page = await client.fetchQuery({ ...ordersQueryOptions(UPCOMING_QUERY), ...fresh }).catch(() => null);
  if (!page || savedCopyTime(page) !== null) return;
  for (const order of page.items.filter(isKeptUpcoming)) {
    if (!navigator.onLine) return;
    // A trip that cannot be read now is read ahead the next time the trips open online.
    await client.fetchQuery({ ...orderQueryOptions(order.id), ...fresh }).catch(() => undefined);
    await client.fetchQuery({ ...orderFulfilmentQueryOptions(order.id, false), ...fresh }).catch(() => undefined);
  }
}

let reading: Promise<void> | null = null;

/** Reads ahead once at a time, and only while the worker saves what the page reads and there is a network. */
function readAheadNow(client: QueryClient): void {
  if (reading || !navigator.onLine || !navigator.serviceWorker?.controller) return;
  reading = readUpcomingTrips(client).finally(() => {
    reading = null;
  });
}

/**
 * On the trips page: reads the upcoming trips ahead when the page opens under the worker; the answer is
 * `again`, to call when the worker takes the page over or the device is back online.
 */
export function useReadUpcomingAhead(): () => void {
  const client = useQueryClient();
  const again = useCallback(() => readAheadNow(client), [client]);
  useEffect(() => again(), [again]);
  return again;
}
