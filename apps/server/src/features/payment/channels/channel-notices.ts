import { AppError } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { WebhookSignatureInvalid } from '../gateway/gateway';
import type { PaymentsService } from '../payment.service';
import type { ChannelName, ChannelNotice } from './channel';

/** Handles a verified notification of a trade that is not an order's; false when the trade is not its. */
export type OtherTrades = (channel: ChannelName, notice: ChannelNotice) => Promise<boolean>;

/** Where Alipay posts its asynchronous notifications (the `notify_url` of every trade). */
export const ALIPAY_NOTIFY_PATH = '/api/payment/alipay/notify';

/** Where WeChat Pay posts its payment notifications (the `notify_url` of every transaction). */
export const WECHAT_NOTIFY_PATH = '/api/payment/wechat/notify';

const headersOf = (raw: Record<string, string | string[] | undefined>): Record<string, string | undefined> =>
  Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));

/**
 * The wallet apps' notifications: a form Alipay signs with its private key (RSA2), checked with its
 * public key before anything is read. The answer Alipay expects is the word `success`; anything else has it
 * send the notification again later. Handling asks the app where the trade stands, so a notification
 * delivered twice, late or forged in part changes nothing it should not.
 */
export const channelNoticeRoutes = (payments: PaymentsService, otherTrades?: OtherTrades): FastifyPluginAsync =>
  async function channelNotices(app) {
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'application/json'],
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, body),
    );
    const notice = (name: ChannelName, path: string) =>
      app.post(path, { schema: { hide: true } }, async (req, reply) => {
        const channel = payments.channelOf(name);
        if (!channel) throw new AppError('NOT_FOUND');
        let read: ReturnType<typeof channel.verifyNotice>;
        try {
          const body = typeof req.body === 'string' ? req.body : '';
          read = channel.verifyNotice({ body, headers: headersOf(req.headers) });
        } catch (e) {
          if (e instanceof WebhookSignatureInvalid) throw new AppError('FORBIDDEN', { params: { reason: e.message } });
          throw e;
        }
        if (!(await otherTrades?.(name, read))) await payments.onChannelNotice(name, read);
        // Alipay reads the word `success`; WeChat Pay any 200 (with its `SUCCESS` code).
        if (name === 'wechat') return reply.send({ code: 'SUCCESS', message: '成功' });
        return reply.type('text/plain').send('success');
      });
    notice('alipay', ALIPAY_NOTIFY_PATH);
    notice('wechat', WECHAT_NOTIFY_PATH);
  };
