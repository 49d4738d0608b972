import type { Refdata } from '@junction/refdata';
import type { Config } from './config';
import type { Inventory } from './features/search/inventory/inventory';
import { DuffelSupplier } from './features/search/suppliers/duffel/duffel-supplier';
import type { Supplier } from './features/search/suppliers/supplier';
import { duffelClient } from './lib/duffel/client';

/** Duffel, composed from the configuration: a flight seller for search. Undefined without a token. */
export function duffelSupply(config: Config, refdata: Refdata) {
  if (!config.DUFFEL_ACCESS_TOKEN) return undefined;
  const client = duffelClient({ token: config.DUFFEL_ACCESS_TOKEN, baseUrl: config.DUFFEL_BASE_URL });
  const rates = refdata.rates.rates;
  return {
    client,
    supplier: (inventory: Inventory): Supplier =>
      new DuffelSupplier(client, inventory, { supplierTimeoutMs: config.SEARCH_SUPPLIER_TIMEOUT_MS, rates }),
  };
}
