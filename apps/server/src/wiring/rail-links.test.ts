import { describe, expect, it, vi } from 'vitest';
import { bookingOffers, deskAnswered, railTicketsInProgress, savedTravellers } from './rail-links';

describe('rail and the orders', () => {
  it('counts a user’s tickets being issued from the orders built after rail', async () => {
    let orders: { railTicketsInProgress: (userId: string) => Promise<number> } | undefined;
    const port = railTicketsInProgress(() => orders);
    await expect(port.count('u-1')).rejects.toThrow('before the orders were built');
    orders = { railTicketsInProgress: async (userId) => (userId === 'u-1' ? 2 : 0) };
    expect(await port.count('u-1')).toBe(2);
    expect(await port.count('u-2')).toBe(0);
  });

  it('asks ticketing for a sub-order’s tickets as soon as the desk’s agent answers it', async () => {
    let fulfilment: { ticketNow: (orderId: string, subOrderId: string) => Promise<void> } | undefined;
    const port = deskAnswered(() => fulfilment);
    // Before fulfilment is built nothing is asked; its own tries still collect the answer.
    await expect(port.answered('o-1:s-2')).resolves.toBeUndefined();
    const ticketNow = vi.fn(async () => undefined);
    fulfilment = { ticketNow };
    await port.answered('o-1:s-2');
    expect(ticketNow).toHaveBeenCalledWith('o-1', 's-2');
    await port.answered('not-a-key');
    expect(ticketNow).toHaveBeenCalledTimes(1);
  });

  it('saves travellers from 12306 among the user’s saved travellers', async () => {
    const save = vi.fn(async () => ({ id: 'p-9' }) as never);
    const findByDocument = vi.fn(async () => 'p-1');
    const port = savedTravellers({ save, findByDocument });
    expect(await port.findByDocument('u-1', 'ID_CARD' as never, '110101199003071234')).toBe('p-1');
    expect(await port.save('u-1', { chineseName: '李娜' } as never)).toEqual({ id: 'p-9' });
    expect(findByDocument).toHaveBeenCalledWith('u-1', 'ID_CARD', '110101199003071234');
    expect(save).toHaveBeenCalledWith('u-1', { chineseName: '李娜' });
  });

  it('quotes a booking with the search’s answer, the railway’s seats, the offline fee and the rail link', async () => {
    const quoteForBooking = vi.fn(async () => ({ result: {}, criteria: {}, language: 'en', countries: ['CN'] }));
    const fees = { online: { perTicketMinor: 0 }, offline: { perTicketMinor: 500, byTrainType: {} } };
    const offers = bookingOffers(
      { service: { quoteForBooking } as never, railRemaining: () => 7 },
      { linkStatus: async (userId: string) => (userId === 'u-1' ? 'active' : 'none'), fees } as never,
      { trainServiceFees: fees } as never,
    );
    await offers.quote('s-1', 'r-1');
    expect(quoteForBooking).toHaveBeenCalledWith('s-1', 'r-1', undefined);
    // A change to another cabin asks the seller in it.
    await offers.quote('s-1', 'r-1', 'C');
    expect(quoteForBooking).toHaveBeenLastCalledWith('s-1', 'r-1', 'C');
    expect(offers.railCapacity('G1', '2026-12-10', 'O')).toBe(7);
    expect(offers.railServiceFeeMinor).toBe(500);
    expect(await offers.railTicketing?.('u-1')).toEqual({ link: 'active', fees });
    expect(await offers.railTicketing?.('u-2')).toEqual({ link: 'none', fees });
  });
});
