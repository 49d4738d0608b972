import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waitUnlessAborted } from './wait';

describe('a wait an abort ends', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ends when its time is up, not before', async () => {
    let done = false;
    const wait = waitUnlessAborted(400, new AbortController().signal).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(399);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await wait;
    expect(done).toBe(true);
  });

  it('is rejected with the reason as soon as it is aborted, its timer cleared', async () => {
    const controller = new AbortController();
    const wait = waitUnlessAborted(60_000, controller.signal);
    const reason = new Error('left the page');
    controller.abort(reason);
    await expect(wait).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is rejected at once when already aborted', async () => {
    await expect(waitUnlessAborted(10, AbortSignal.abort('gone'))).rejects.toBe('gone');
    expect(vi.getTimerCount()).toBe(0);
  });
});
