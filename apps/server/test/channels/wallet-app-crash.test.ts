import { randomUUID } from 'node:crypto';
import { ORDER_STATUS, paymentStateSchema, topUpStateSchema, walletSummarySchema } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { startServerProcess, stopServerProcess } from '../server-process';
import { runAllJobs } from '../support/jobs';
import { CAPTURED_ONCE, killedProcessKeys, paymentEventsOf } from '../support/killed-process';
import { wechatProcessSettings } from './wallet-app-channels';
import { localAlipay, localWechat, postToProcessOrApp, walletAppSuite } from './wallet-app-suite';

/*
 * A server process killed (SIGKILL) after a wallet app took the money and before we recorded it: Alipay
 * paying an order, WeChat Pay topping up the wallet. A process of the same app on the same database asks
 * the app where the trade stands and records the money once; the app's notification sent again changes
 * nothing, and nothing is charged or refunded twice.
 */

const alipayApp = localAlipay();
const wechatApp = localWechat();
const { keys: alipayKeys, fake: alipay } = alipayApp;
const { keys: wechatKeys, fake: wechat } = wechatApp;
const crash = killedProcessKeys();
/** Where the apps' notifications go: the killed process's address while it runs, then this process's app. */
let notifyAt: string | null = null;
const { t, p } = walletAppSuite([alipayApp, wechatApp], {
  settings: { GATEWAY_SIM_LATENCY_MS: '0', PAYMENT_SETTLE_AFTER_MS: '0' },
  deps: () => ({ secrets: crash.secrets }),
  post: (app) => postToProcessOrApp(app, () => notifyAt),
  timeout: 180_000,
});

/** The compiled server on the test database with both apps configured, killing itself at `point`. */
const serverKilledAt = (point: string) =>
  startServerProcess(
    crash.processEnv(t, {
      PUBLIC_URL: 'http://junction.test',
      ALIPAY_APP_ID: alipayKeys.appId,
      ALIPAY_PRIVATE_KEY: alipayKeys.app.privateKey,
      ALIPAY_PUBLIC_KEY: alipayKeys.alipay.publicKey,
      ALIPAY_GATEWAY: alipay.gateway,
      ...wechatProcessSettings(wechatKeys, wechat),
      PAYMENT_CRASH_AT: point,
    }),
  );

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: p.cookie, 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });

describe('a server killed after a wallet app took the money and before we recorded it', () => {
  it('pays an order by Alipay once: the next process finds the trade paid by asking Alipay', async () => {
    const order = await p.order();
    const server = await serverKilledAt('before-commit');
    try {
      const res = await post(`${server.url}/api/order/pay`, {
        orderId: order.id,
        method: { kind: 'alipay', device: 'desktop' },
      });
      expect(res.status).toBe(200);
      const state = paymentStateSchema.parse(await res.json());
      const link = new URL(state.actionUrl ?? '');
      expect((await fetch(link)).status).toBe(200);
      const tradeNo = JSON.parse(link.searchParams.get('biz_content') ?? '{}').out_trade_no as string;
      // The buyer pays; Alipay's notification reaches the process, which dies as it records the payment.
      notifyAt = server.url;
      await alipay.pay(tradeNo).catch(() => undefined);
      await server.exited;
      notifyAt = null;
      expect(server.child.signalCode).toBe('SIGKILL');
      expect(alipay.trades.get(tradeNo)?.status).toBe('TRADE_SUCCESS');
      expect((await p.get(order.id)).status).toBe(ORDER_STATUS.WAIT_PAYMENT);

      // The next process reconciles by alipay.trade.query, as often as it runs; Alipay's notification comes again.
      await t.app.payments.reconcile(true);
      await t.app.payments.reconcile(true);
      const trade = alipay.trades.get(tradeNo);
      if (!trade) throw new Error('no trade');
      expect((await alipay.notify(trade)).body).toBe('success');
      expect((await p.get(order.id)).status).toBe(ORDER_STATUS.PAID);
      expect(await t.app.payments.paymentsOf(order.id)).toHaveLength(1);
      expect(await paymentEventsOf(t, order.id)).toEqual(CAPTURED_ONCE);
      expect(await t.db.selectFrom('paymentRefunds').select('id').where('orderId', '=', order.id).execute()).toEqual(
        [],
      );
      expect(trade.refunds.size).toBe(0);
      // One trade for the order, paid once at its price.
      const trades = [...alipay.trades.values()].filter((x) => x.subject.includes(order.id.slice(0, 8).toUpperCase()));
      expect(trades.map((x) => [x.status, x.totalAmount])).toEqual([
        ['TRADE_SUCCESS', (order.payment.price.amount / 100).toFixed(2)],
      ]);
    } finally {
      notifyAt = null;
      await stopServerProcess(server);
    }
  }, 240_000);

  it('credits a WeChat Pay top-up once: the settling job of the next process finds the trade paid', async () => {
    const server = await serverKilledAt('topup-before-commit');
    try {
      const res = await post(`${server.url}/api/wallet/topup`, {
        amount: 20_000,
        source: { kind: 'app', app: 'wechat', device: 'desktop' },
      });
      expect(res.status).toBe(200);
      const state = topUpStateSchema.parse(await res.json());
      // Scanned and paid; WeChat Pay's notification reaches the process, which dies as it credits the wallet.
      notifyAt = server.url;
      await wechat.scan(state.actionUrl ?? '').catch(() => undefined);
      await server.exited;
      notifyAt = null;
      expect(server.child.signalCode).toBe('SIGKILL');
      const trade = [...wechat.trades.values()].find((x) => x.code === state.actionUrl);
      if (!trade) throw new Error('no trade');
      expect(trade.state).toBe('SUCCESS');
      const balance = async () =>
        walletSummarySchema.parse(
          (await t.app.inject({ method: 'GET', url: '/api/wallet', headers: { cookie: p.cookie } })).json(),
        ).balance.amount;
      expect(await balance()).toBe(0);

      // The next process's settling job asks WeChat Pay; the notification comes again.
      await runAllJobs(t, 2);
      expect((await wechat.notify(trade)).status).toBe(200);
      expect(await balance()).toBe(20_000);
      const ledger = await t.db
        .selectFrom('walletEntries')
        .select(['kind', 'amountMinor', 'balanceAfterMinor'])
        .where('idempotencyKey', '=', `topup:${state.id}`)
        .execute();
      expect(ledger).toEqual([{ kind: 'topup', amountMinor: 20_000, balanceAfterMinor: 20_000 }]);
      const events = await t.db
        .selectFrom('walletTopupEvents')
        .select(['fromStatus', 'toStatus'])
        .where('topupId', '=', state.id)
        .orderBy('id')
        .execute();
      expect(events).toEqual([
        { fromStatus: 'created', toStatus: 'action' },
        { fromStatus: 'action', toStatus: 'succeeded' },
      ]);
      expect(trade.refunds.size).toBe(0);
    } finally {
      notifyAt = null;
      await stopServerProcess(server);
    }
  }, 240_000);
});
