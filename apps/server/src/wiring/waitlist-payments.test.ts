import { describe, expect, it, vi } from 'vitest';
import { waitlistPayments } from './waitlist-payments';

describe('the waiting list’s held payments', () => {
  it('reach payments built after the waiting list, when they are called', async () => {
    let built:
      | { captureHeld: (id: string) => Promise<'captured'>; releaseHeld: (id: string) => Promise<void> }
      | undefined;
    const port = waitlistPayments(() => built);
    await expect(port.capture('o-1')).rejects.toThrow('before they were built');
    const captureHeld = vi.fn(async () => 'captured' as const);
    const releaseHeld = vi.fn(async () => undefined);
    built = { captureHeld, releaseHeld };
    expect(await port.capture('o-1')).toBe('captured');
    await port.release('o-2');
    expect(captureHeld).toHaveBeenCalledWith('o-1');
    expect(releaseHeld).toHaveBeenCalledWith('o-2');
  });
});
