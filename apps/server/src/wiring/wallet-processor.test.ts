import { describe, expect, it } from 'vitest';
import { GatewayRefused, GatewayUnavailable, type PaymentGateway } from '../features/payment/gateway/gateway';
import { ProcessorRefused, ProcessorUnavailable } from '../features/wallet/ports';
import { walletProcessor } from './wallet-processor';

const failing = (error: Error) =>
  new Proxy({} as PaymentGateway, {
    get: () => async () => {
      throw error;
    },
  });

describe('the wallet’s card processor', () => {
  it('turns the gateway’s outage and refusal into the wallet’s own, keeping the decline code', async () => {
    await expect(walletProcessor(failing(new GatewayUnavailable('down'))).retrieve('pi_1')).rejects.toBeInstanceOf(
      ProcessorUnavailable,
    );
    const refused = walletProcessor(failing(new GatewayRefused('card_declined', 'no'))).confirm('pi_1', {} as never);
    await expect(refused).rejects.toBeInstanceOf(ProcessorRefused);
    await expect(refused).rejects.toMatchObject({ code: 'card_declined', message: 'no' });
    const other = new TypeError('a bug');
    await expect(walletProcessor(failing(other)).cardToken({} as never)).rejects.toBe(other);
  });

  it('answers what the gateway answers', async () => {
    const gateway = { retrieve: async (id: string) => ({ id, status: 'succeeded' }) } as unknown as PaymentGateway;
    expect(await walletProcessor(gateway).retrieve('pi_2')).toEqual({ id: 'pi_2', status: 'succeeded' });
  });

  it('refunds through the gateway under the key given, answering whether the refund succeeded', async () => {
    const asked: unknown[] = [];
    const gateway = {
      refund: async (request: { intentId: string; amount: number }) => {
        asked.push(request);
        return { id: 're_1', intentId: request.intentId, amount: request.amount, status: 'failed' };
      },
    } as unknown as PaymentGateway;
    const request = { intentId: 'pi_3', amount: 8_800, idempotencyKey: 'late-topup-1' };
    expect(await walletProcessor(gateway).refund(request)).toEqual({ status: 'failed' });
    expect(asked).toEqual([request]);
    const refused = walletProcessor(failing(new GatewayRefused('invalid_state', 'not captured'))).refund(request);
    await expect(refused).rejects.toMatchObject({ code: 'invalid_state' });
  });
});
