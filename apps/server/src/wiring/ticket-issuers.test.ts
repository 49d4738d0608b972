import { describe, expect, it, vi } from 'vitest';
import { drawnDelay } from '../features/fulfilment/ticketing/delay-sim';
import { TicketingUnavailable } from '../features/fulfilment/ticketing/issuer';
import { RailTicketsNotYet } from '../features/rail/ticketing';
import { railIssuer } from './ticket-issuers';

const request = { subOrderId: 's-1' } as never;

describe('a rail sub-order’s tickets', () => {
  it('are issued online in the traveller’s 12306 account when the order chose it, by the agent desk otherwise', async () => {
    const rail = { issueOnline: vi.fn(async () => [{ ticket: 'online' }]) };
    const desk = { issue: vi.fn(async () => [{ ticket: 'desk' }]) };
    const online = railIssuer(
      { railTicketingOf: async () => ({ userId: 'u-1', ticketing: 'online' }) },
      rail as never,
      desk as never,
    );
    expect(await online.issue(request)).toEqual({ tickets: [{ ticket: 'online' }], scheduleChanges: [] });
    expect(rail.issueOnline).toHaveBeenCalledWith('u-1', request);
    const offline = railIssuer(
      { railTicketingOf: async () => ({ userId: 'u-1', ticketing: 'offline' }) },
      rail as never,
      desk as never,
    );
    expect(await offline.issue(request)).toEqual({ tickets: [{ ticket: 'desk' }], scheduleChanges: [] });
    const unknown = railIssuer({ railTicketingOf: async () => undefined }, rail as never, desk as never);
    expect((await unknown.issue(request)).tickets).toEqual([{ ticket: 'desk' }]);
    expect(desk.issue).toHaveBeenCalledTimes(2);
  });

  it('not issued yet by the railway are tried again later; any other failure is passed on', async () => {
    const orders = { railTicketingOf: async () => ({ userId: 'u-1', ticketing: 'online' }) };
    const notYet = { issueOnline: async () => Promise.reject(new RailTicketsNotYet('queued')) };
    await expect(railIssuer(orders, notYet as never, {} as never).issue(request)).rejects.toBeInstanceOf(
      TicketingUnavailable,
    );
    const broken = { issueOnline: async () => Promise.reject(new Error('bad answer')) };
    await expect(railIssuer(orders, broken as never, {} as never).issue(request)).rejects.toThrow('bad answer');
  });

  it('of the simulated railway run late now and then: each train drawn late is announced two hours before it leaves', async () => {
    const orders = { railTicketingOf: async () => ({ userId: 'u-1', ticketing: 'online' }) };
    const rail = { issueOnline: async () => [{ ticket: 'online' }] };
    const legs = Array.from({ length: 40 }, (_, i) => ({
      number: `G${i + 1}`,
      departureTime: '2099-01-20T08:00:00+08:00',
    }));
    const announce = vi.fn(async () => undefined);
    const delays = { rate: 0.25, maxMinutes: 240, seed: 'fixed' };
    const simulated = railIssuer(orders, rail as never, {} as never, { delays, announce });
    await simulated.issue({ subOrderId: 's-1', legs } as never);
    const late = legs.filter((l) => drawnDelay(l.number, '2099-01-20', delays) !== null);
    expect(late.length).toBeGreaterThan(0);
    expect(late.length).toBeLessThan(legs.length);
    expect(announce.mock.calls).toEqual(
      late.map((l) => [
        { service: l.number, date: '2099-01-20', minutes: drawnDelay(l.number, '2099-01-20', delays) },
        new Date('2099-01-20T06:00:00+08:00'),
      ]),
    );
    // The real railway's trains are not drawn: no announcement without the simulator.
    announce.mockClear();
    await railIssuer(orders, rail as never, {} as never).issue({ subOrderId: 's-1', legs } as never);
    expect(announce).not.toHaveBeenCalled();
  });
});
