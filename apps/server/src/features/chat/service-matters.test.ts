import { agentQueueSchema, refundFailedOf, refundFailedText } from '@junction/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { registerMobile, userIdOf } from '../../../test/support/accounts';
import { LocalBus } from '../../lib/bus';
import { chatChannel } from './chat.bus';
import { ChatRepository } from './chat.repository';
import { signInAgent } from './chat.test-support';
import { ServiceMatters } from './service-matters';

/** 12:00 in Beijing: agents are in. */
const NOW = new Date('2026-11-26T04:00:00Z');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '100000' }, () => NOW);
}, 180_000);
afterAll(() => t.close());

describe('a conversation opened by a matter for customer service', () => {
  it('waits in the agents’ queue previewed by the matter, and by the traveller’s words once they write', async () => {
    const mobile = '13900172211';
    const cookie = await registerMobile(t, mobile, '10.91.0.1');
    const userId = await userIdOf(t, mobile);
    const lin = await signInAgent(t, t.db, 'Lin');
    const matters = new ServiceMatters(new ChatRepository(t.db), new LocalBus(chatChannel), () => NOW);
    const matter = { amountMinor: 12_300, last4: '', channel: 'alipay' as const, orderNumber: 'JN2611260001' };
    await matters.raise({
      userId,
      key: 'order-refund-failed:r-1',
      event: 'refundFailed',
      text: refundFailedText(matter),
    });

    const queue = async () =>
      agentQueueSchema
        .parse(
          (await t.app.inject({ method: 'GET', url: '/api/service/queue', headers: { cookie: lin.cookie } })).json(),
        )
        .waiting.filter((w) => w.traveller.userId === userId);
    const [waiting] = await queue();
    expect(waiting?.previewKind).toBe('refundFailed');
    expect(refundFailedOf(waiting?.preview ?? null)).toEqual(matter);

    const said = await t.app.inject({
      method: 'POST',
      url: '/api/chat/message',
      payload: { kind: 'text', clientId: 'c-matter-1', text: 'Where is my refund?' },
      headers: { cookie },
    });
    expect(said.statusCode, said.body).toBe(200);
    expect(await queue()).toMatchObject([{ previewKind: 'text', preview: 'Where is my refund?' }]);
  });
});
