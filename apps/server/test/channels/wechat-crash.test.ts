import { randomUUID } from 'node:crypto';
import { ORDER_STATUS, paymentStateSchema } from '@junction/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { startServerProcess, stopServerProcess } from '../server-process';
import { runAllJobs } from '../support/jobs';
import { CAPTURED_ONCE, killedProcessKeys, paymentEventsOf } from '../support/killed-process';
import { wechatProcessSettings } from './wallet-app-channels';
import { localWechat, postToProcessOrApp, walletAppSuite } from './wallet-app-suite';

/*
 * An order paid by WeChat Pay (a Native code scanned) while the server process is killed (SIGKILL): as it
 * takes the notification of the paid trade, and as it marks the order paid. A process of the same app on the
 * same database finds the trade paid by asking WeChat Pay, or by the notification sent again, and the order
 * is paid once, its ticketing queued once. A trade left unpaid by a killed process is closed at WeChat Pay
 * once its order has expired.
 */

const wechatApp = localWechat();
const { keys, fake: wechat } = wechatApp;
const crash = killedProcessKeys();
/** How far this process's clock runs ahead of the killed process's (past an order's deadline). */
let ahead = 0;
/** Where WeChat Pay's notifications go: the killed process's address while it runs, then this process's app. */
let notifyAt: string | null = null;
const { t, p } = walletAppSuite([wechatApp], {
  settings: { GATEWAY_SIM_LATENCY_MS: '0', PAYMENT_SETTLE_AFTER_MS: '0' },
  now: () => new Date(Date.now() + ahead),
  deps: () => ({ secrets: crash.secrets }),
  post: (app) => postToProcessOrApp(app, () => notifyAt),
  timeout: 180_000,
});

/** The compiled server on the test database taking WeChat Pay, killing itself at `point` if told one. */
const serverProcess = (point?: string) =>
  startServerProcess(
    crash.processEnv(t, {
      PUBLIC_URL: 'http://junction.test',
      ...wechatProcessSettings(keys, wechat),
      ...(point ? { PAYMENT_CRASH_AT: point } : {}),
    }),
  );

/** The order paid by WeChat Pay's Native code at `server`: the code the desktop shows. */
async function qrCodeAt(server: { url: string }, orderId: string): Promise<string> {
  const res = await fetch(`${server.url}/api/order/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: p.cookie, 'idempotency-key': randomUUID() },
    body: JSON.stringify({ orderId, method: { kind: 'wechat', device: 'desktop' } }),
  });
  expect(res.status).toBe(200);
  const state = paymentStateSchema.parse(await res.json());
  expect(state.outcome).toBe('action');
  return state.qrCode ?? '';
}

/** The order's trades at WeChat Pay: those of the attempts our database keeps for it. */
async function tradesOf(orderId: string) {
  const rows = await t.db.selectFrom('paymentAttempts').select('intentId').where('orderId', '=', orderId).execute();
  return rows.flatMap((r) => wechat.trades.get(r.intentId ?? '') ?? []);
}

const ticketingJobs = async (orderId: string) =>
  Number(
    (
      await sql<{
        n: string;
      }>`select count(*) as n from graphile_worker._private_jobs where key = ${`ticketing:${orderId}`}`.execute(t.db)
    ).rows[0]?.n,
  );

describe('WeChat Pay, a server killed in the middle of an order payment', () => {
  it.each([
    ['as it takes the notification', 'webhook-received', 'query'],
    ['as it marks the order paid', 'before-commit', 'notice'],
  ] as const)(
    'is paid once after a kill %s: the next process finds the trade paid',
    async (_when, point, first) => {
      const order = await p.order();
      const server = await serverProcess(point);
      try {
        const code = await qrCodeAt(server, order.id);
        // The traveller scans and pays; WeChat Pay's notification reaches the process, which dies with it.
        notifyAt = server.url;
        await wechat.scan(code).catch(() => undefined);
        await server.exited;
        notifyAt = null;
        expect(server.child.signalCode).toBe('SIGKILL');
        const [trade] = await tradesOf(order.id);
        if (!trade) throw new Error('no trade');
        expect(trade.state).toBe('SUCCESS');
        expect((await p.get(order.id)).status).toBe(ORDER_STATUS.WAIT_PAYMENT);

        // The next process: the reconciliation asks WeChat Pay, and the notification comes again, in either order.
        const notice = async () => expect((await wechat.notify(trade)).status).toBe(200);
        const query = async () => {
          await t.app.payments.reconcile(true);
          await t.app.payments.reconcile(true);
        };
        if (first === 'query') {
          await query();
          await notice();
        } else {
          await notice();
          await query();
        }
        expect((await p.get(order.id)).status).toBe(ORDER_STATUS.PAID);
        expect(await t.app.payments.paymentsOf(order.id)).toHaveLength(1);
        expect(await paymentEventsOf(t, order.id)).toEqual(CAPTURED_ONCE);
        expect(await t.db.selectFrom('paymentRefunds').select('id').where('orderId', '=', order.id).execute()).toEqual(
          [],
        );
        // One trade for the order, paid once at its price, nothing given back; its ticketing queued once.
        expect((await tradesOf(order.id)).map((x) => [x.state, x.total, x.refunds.size])).toEqual([
          ['SUCCESS', order.payment.price.amount, 0],
        ]);
        expect(await ticketingJobs(order.id)).toBe(1);
      } finally {
        notifyAt = null;
        await stopServerProcess(server);
      }
    },
    240_000,
  );

  it('closes the trade a killed process left unpaid once its order has expired', async () => {
    const order = await p.order();
    const server = await serverProcess();
    let code: string;
    try {
      code = await qrCodeAt(server, order.id);
    } finally {
      await stopServerProcess(server);
    }
    const [trade] = await tradesOf(order.id);
    expect(trade?.state).toBe('NOTPAY');

    // The next process, past the order's deadline: the trade is closed and the order expires.
    ahead = new Date(order.payment.deadline).getTime() - Date.now() + 60_000;
    try {
      await t.app.payments.reconcile(true);
      await runAllJobs(t, 2);
      expect(trade?.state).toBe('CLOSED');
      expect((await p.get(order.id)).status).toBe(ORDER_STATUS.EXPIRED);
      // Scanned afterwards, the closed trade takes no money.
      expect((await wechat.scan(code)).state).toBe('CLOSED');
      expect(await t.app.payments.paymentsOf(order.id)).toHaveLength(0);
      expect(await ticketingJobs(order.id)).toBe(0);
    } finally {
      ahead = 0;
    }
  }, 240_000);
});
