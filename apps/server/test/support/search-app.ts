import { sharedInventory } from '../../src/features/search/inventory/inventory';
import { createTestApp, type TestApp, testRefdata } from '../harness';

/**
 * A test app whose simulated suppliers answer quickly and never fail on their own, with a time limit a
 * busy machine stays within and a rate limit no test reaches. The timetables are read first, as at start.
 */
export async function searchTestApp(now: () => Date, env: Record<string, string> = {}): Promise<TestApp> {
  await sharedInventory(testRefdata(), false);
  return createTestApp(
    {
      SEARCH_LATENCY_SCALE: '0.02',
      SEARCH_SUPPLIER_FAILURES: 'false',
      SEARCH_SUPPLIER_TIMEOUT_MS: '60000',
      RATE_LIMIT_MAX: '100000',
      ...env,
    },
    now,
  );
}
