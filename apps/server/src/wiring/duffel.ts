import type { Refdata } from '@junction/refdata';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { FulfilmentService } from '../features/fulfilment/fulfilment.service';
import { DuffelIssuer } from '../features/fulfilment/ticketing/duffel/duffel-issuer';
import { DuffelOrdersRepository } from '../features/fulfilment/ticketing/duffel/duffel-orders.repository';
import { duffelWebhookRoutes } from '../features/fulfilment/ticketing/duffel/duffel-webhook';
import type { Inventory } from '../features/search/inventory/inventory';
import { DuffelSupplier } from '../features/search/suppliers/duffel/duffel-supplier';
import type { Supplier } from '../features/search/suppliers/supplier';
import { duffelClient } from '../lib/duffel/client';

/**
 * Duffel, composed from the configuration: a flight seller for search and the issuer of the tickets it
 * sold. Undefined without a token (the simulated sellers and airlines alone).
 */
export function duffelSupply(config: Config, refdata: Refdata, db: Db) {
  if (!config.DUFFEL_ACCESS_TOKEN) return undefined;
  const client = duffelClient({ token: config.DUFFEL_ACCESS_TOKEN, baseUrl: config.DUFFEL_BASE_URL });
  const rates = refdata.rates.rates;
  const orders = new DuffelOrdersRepository(db);
  return {
    client,
    orders,
    supplier: (inventory: Inventory): Supplier =>
      new DuffelSupplier(client, inventory, { supplierTimeoutMs: config.SEARCH_SUPPLIER_TIMEOUT_MS, rates }),
    issuer: new DuffelIssuer(client, orders, { timeoutMs: config.DUFFEL_TIMEOUT_MS, rates }),
    /** Duffel's webhook: an airline-initiated change of one of our orders re-times it and tells the traveller. */
    webhook: (fulfilment: Pick<FulfilmentService, 'sellerChangedSchedule'>) =>
      duffelWebhookRoutes(config.DUFFEL_WEBHOOK_SECRET, async (change) => {
        const ours = await orders.ofDuffelOrder(change.orderId);
        if (ours) await fulfilment.sellerChangedSchedule(ours.subOrderId, change);
      }),
  };
}
