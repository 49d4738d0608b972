import { describe, expect, it, vi } from 'vitest';
import { scheduleTicketing } from '../features/fulfilment/schedule';
import { paymentLinks } from './payment-links';

describe('what a payment reaches beyond the order', () => {
  it('queues ticketing, moves the wallet’s ledger and pays with its saved cards', async () => {
    const ledger = { debit: vi.fn(async () => 'debited'), credit: vi.fn(async () => 'credited') };
    const cards = {
      paymentToken: vi.fn(async () => ({ token: 'tok_1' })),
      codeOutcome: vi.fn(async () => undefined),
    };
    const links = paymentLinks({ ledger, cards } as never);
    expect(links.afterPayment.scheduleTicketing).toBe(scheduleTicketing);
    const trx = {} as never;
    const debit = { userId: 'u-1', amountMinor: 100, idempotencyKey: 'k', orderId: 'o-1' };
    expect(await links.wallet.debit(trx, debit)).toBe('debited');
    const credit = { ...debit, kind: 'refund' as const };
    expect(await links.wallet.credit(trx, credit)).toBe('credited');
    expect(ledger.debit).toHaveBeenCalledWith(trx, debit);
    expect(ledger.credit).toHaveBeenCalledWith(trx, credit);
    expect(await links.savedCards.paymentToken('u-1', 'c-1', 'cvc_1')).toEqual({ token: 'tok_1' });
    await links.savedCards.codeOutcome(trx, { userId: 'u-1', cardId: 'c-1', outcome: 'wrong' });
    expect(cards.paymentToken).toHaveBeenCalledWith('u-1', 'c-1', 'cvc_1');
    expect(cards.codeOutcome).toHaveBeenCalledWith(trx, { userId: 'u-1', cardId: 'c-1', outcome: 'wrong' });
  });
});
