import { API_ENDPOINTS } from '@junction/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LoadMonitor, type LoadReading } from './load-monitor';
import { type Priority, priorityOf, type SheddingLimits, sheddingLimits, shedReason } from './load-shedding';

const LIMITS: SheddingLimits = sheddingLimits(2000, 8000);
const PRIORITIES: Priority[] = ['search', 'standard', 'essential'];

const reading = fc.record<LoadReading>({
  lagMs: fc.double({ min: 0, max: 60_000, noNaN: true }),
  ownCpu: fc.double({ min: 0, max: 2, noNaN: true }),
  plannerWaitMs: fc.double({ min: 0, max: 120_000, noNaN: true }),
});

describe('which calls are turned away', () => {
  it('turns a call away only if every call of a lower priority is turned away too', () => {
    fc.assert(
      fc.property(reading, (r) => {
        const shed = PRIORITIES.map((p) => shedReason(p, r, LIMITS) !== undefined);
        expect(shed[2]).toBe(false);
        if (shed[1]) expect(shed[0]).toBe(true);
      }),
    );
  });

  it('never blames the main thread while it spends less than its share of a core on its own work', () => {
    fc.assert(
      fc.property(reading, fc.constantFrom(...PRIORITIES), (r, p) => {
        fc.pre(r.ownCpu < LIMITS.ownCpu);
        expect(shedReason(p, r, LIMITS)).not.toBe('main-thread');
        if (p !== 'search') expect(shedReason(p, r, LIMITS)).toBeUndefined();
      }),
    );
  });

  it('turns more away as the load grows, never fewer', () => {
    fc.assert(
      fc.property(reading, reading, fc.constantFrom(...PRIORITIES), (a, b, p) => {
        const more = {
          lagMs: Math.max(a.lagMs, b.lagMs),
          ownCpu: Math.max(a.ownCpu, b.ownCpu),
          plannerWaitMs: Math.max(a.plannerWaitMs, b.plannerWaitMs),
        };
        if (shedReason(p, a, LIMITS)) expect(shedReason(p, more, LIMITS)).toBeDefined();
      }),
    );
  });

  it('serves everything when two CPU hogs hold the machine and the server is quiet', () => {
    // Two hogs leave the main thread at most two thirds of a core; the delay they cause is not ours.
    for (const p of PRIORITIES)
      expect(shedReason(p, { lagMs: 4000, ownCpu: 0.66, plannerWaitMs: 0 }, LIMITS)).toBeUndefined();
  });

  it('ranks sign-in, orders, payment and the wallet above other calls, and new searches below', () => {
    const endpoints = API_ENDPOINTS;
    const of = (path: string, method = 'GET') => priorityOf(method, path);
    expect(of('/api/v2/search', 'POST')).toBe('search');
    for (const path of ['/login', '/register', '/code', '/user', '/logout', '/password/reset'])
      expect(of(path, 'POST')).toBe('essential');
    for (const e of endpoints.filter((e) => /^\/api\/(order|booking|refund|wallet|itinerary)/.test(e.path)))
      expect(of(e.path, e.method)).toBe('essential');
    for (const path of ['/api/v2/pull', '/api/v2/refresh', '/api/place', '/api/currencies', '/api/chat/messages'])
      expect(of(path, 'POST')).toBe('standard');
    // Nothing but the search's start is a new search.
    expect(endpoints.filter((e) => of(e.path, e.method) === 'search')).toHaveLength(1);
  });
});

describe('load monitor', () => {
  it('counts the time the main thread was held as event-loop delay', async () => {
    const monitor = new LoadMonitor(() => 7, 100);
    monitor.start();
    try {
      await new Promise((r) => setTimeout(r, 250));
      // Held for 1.5 s of wall time, however fast the machine.
      const until = performance.now() + 1500;
      while (performance.now() < until);
      // The monitor's window, overdue by then, is read before this timer's.
      await new Promise((r) => setTimeout(r, 1));
      const held = monitor.reading();
      expect(held.lagMs).toBeGreaterThanOrEqual(1000);
      expect(held.ownCpu).toBeGreaterThan(0);
      expect(held.plannerWaitMs).toBe(7);
    } finally {
      monitor.stop();
    }
  });
});
