import type { SearchResult } from '@junction/domain';
import type { Inventory } from '../../src/features/search/inventory/inventory';
import { defaultSuppliers } from '../../src/features/search/suppliers/catalogue';
import type { Supplier } from '../../src/features/search/suppliers/supplier';

/**
 * Two simulated flight sellers that have their results ready and answer only when the test lets them: each
 * request adds a gate, opened by calling it.
 */
export function heldSellers() {
  const gates: (() => void)[] = [];
  const suppliers = (inv: Inventory): Supplier[] =>
    defaultSuppliers(inv, { latencyScale: 0, failures: false, plannerWorker: false })
      .filter((s) => s.kind === 'flight')
      .slice(0, 2)
      .map((s) => ({
        ...s,
        search: async (request, signal): Promise<SearchResult[]> => {
          const results = await s.search(request, signal);
          await new Promise<void>((resolve) => gates.push(resolve));
          return results;
        },
      }));
  return { gates, suppliers };
}
