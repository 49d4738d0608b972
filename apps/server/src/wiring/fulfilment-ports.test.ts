import { describe, expect, it, vi } from 'vitest';
import type { Basics } from '../feature-module';
import type { TicketIssuers } from '../features/fulfilment/ticketing/issuer';
import { fulfilmentPorts } from './fulfilment-ports';

const basics = {
  db: {},
  config: { STAFF_EMAIL: 'ops@junction.example', TICKETING_DELAY_MS: 0, TICKETING_FAILURE_RATE: 0 },
  refdata: { places: { get: (id: string) => (id === 'PEK' ? { tz: 'Asia/Shanghai' } : undefined) } },
  secrets: { keyring: {} },
  now: () => new Date(0),
} as unknown as Basics;

const sources = (refund = vi.fn(async () => ({ channel: 'card' as const }))) => ({
  orders: { repo: {} as never },
  passengers: { repo: {} as never },
  payments: { service: { refund, paymentsOf: async (id: string) => [{ orderId: id }] } as never },
  rail: { service: {} as never, desk: {} as never },
  duffel: undefined,
  search: { service: { allSuppliers: async () => [] } },
});

describe('what ticketing and refunds reach', () => {
  it('are the injected ticketing systems, else the airlines by seller and China Railway', () => {
    const injected = { air: { kind: 'air' }, rail: { kind: 'rail' } } as unknown as TicketIssuers;
    const mailer = { send: vi.fn() };
    expect(fulfilmentPorts(basics, { ticketIssuers: injected, mailer } as never, sources()).issuers).toBe(injected);
    const built = fulfilmentPorts(basics, { mailer } as never, sources()).issuers;
    expect([built.air.kind, built.rail.kind]).toEqual(['air', 'rail']);
  });

  it('write to staff at their address, read the order’s payments and know each place’s time zone', async () => {
    const mailer = { send: vi.fn(async () => undefined) };
    const ports = fulfilmentPorts(basics, { mailer } as never, sources());
    await ports.staffMail({ subject: 'Ticketing gave up', text: 'J1' });
    expect(mailer.send).toHaveBeenCalledWith({
      to: 'ops@junction.example',
      subject: 'Ticketing gave up',
      text: 'J1',
      html: '',
    });
    expect(await ports.paymentsOf('o-1')).toEqual([{ orderId: 'o-1' }]);
    expect(ports.zoneOf({ placeId: 'PEK' } as never)).toBe('Asia/Shanghai');
    expect(ports.zoneOf({} as never)).toBeUndefined();
  });
});
