import type { TestApp } from '../../../test/harness';

/**
 * Two server processes holding the alerts' schedule sweeping at once: the check asked for twice together,
 * then the due jobs of both processes run side by side, twice (the searches, then what they add).
 */
export async function sweepOnBoth(
  first: Pick<TestApp, 'app'>,
  second: Pick<TestApp, 'app'>,
  check: () => Promise<unknown>,
): Promise<void> {
  await Promise.all([check(), check()]);
  await Promise.all([first.app.jobs?.runDueJobs(), second.app.jobs?.runDueJobs()]);
  await Promise.all([first.app.jobs?.runDueJobs(), second.app.jobs?.runDueJobs()]);
}
