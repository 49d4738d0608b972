import type { TopUpState } from '@junction/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderApp, stubApi } from '../../../testing/render-app';
import { useTopUpReturn } from './use-wallet';

const ID = '00000000-0000-4000-8000-0000000000e1';
const state = (over: Partial<TopUpState>): TopUpState => ({
  id: ID,
  outcome: 'succeeded',
  amount: { amount: 50_000, currency: 'CNY' },
  method: 'card',
  card: { brand: 'visa', last4: '3220' },
  actionUrl: null,
  errorCode: null,
  ...over,
});

function Returning() {
  const topUp = useTopUpReturn();
  return <p data-testid="returning">{topUp.isPending ? 'waiting' : 'settled'}</p>;
}

/** The wallet page the card issuer's 3-D Secure page sends the traveller back to, with `?topup=`. */
function comeBack(answer: TopUpState, language: 'en' | 'zh-CN') {
  stubApi({ 'GET /api/wallet/topup': () => json(answer) });
  renderApp([{ path: '/account/wallet', element: <Returning /> }], { at: `/account/wallet?topup=${ID}`, language });
}

describe('the wallet page back from 3-D Secure', () => {
  it.each([
    ['en', 'was added to your wallet', 'saved the most cards'],
    ['zh-CN', '已充入您的钱包', '银行卡数量已达上限'],
  ] as const)('says the top-up is done and that the new card was not saved (%s)', async (language, done, full) => {
    comeBack(state({ saveErrorCode: 2153 }), language);
    expect(await screen.findAllByText((text) => text.includes(full))).toHaveLength(1);
    expect(screen.getAllByText((text) => text.includes(done))).toHaveLength(1);
  });

  it('says nothing of saving when the card was saved, or the top-up failed', async () => {
    comeBack(state({ outcome: 'failed', errorCode: 2108, saveErrorCode: 2153 }), 'en');
    expect(await screen.findAllByText((text) => text.includes('could not verify this payment'))).toHaveLength(1);
    expect(screen.queryByText((text) => text.includes('saved the most cards'))).toBeNull();
  });
});
