import { sharedInventory } from '../../src/features/search/inventory/inventory';
import { createTestApp, type TestApp, testRefdata } from '../harness';

/**
 * A test app whose simulated suppliers answer quickly and never fail on their own, with a time limit a
 * busy machine stays within and a rate limit no test reaches. The timetables are read first, as at start.
 * Its planner threads run at the priority of everything else on the machine: at the server's default (nice 5)
 * a machine loaded by other work leaves them too little of a core to plan within the time limit.
 */
export async function searchTestApp(now: () => Date, env: Record<string, string> = {}): Promise<TestApp> {
  await sharedInventory(testRefdata(), false);
  return createTestApp(
    {
      SEARCH_LATENCY_SCALE: '0.02',
      SEARCH_SUPPLIER_FAILURES: 'false',
      SEARCH_SUPPLIER_TIMEOUT_MS: '60000',
      SEARCH_PLANNER_NICE: '0',
      RATE_LIMIT_MAX: '100000',
      ...env,
    },
    now,
  );
}
