import {
  AppError,
  type Language,
  type Notice,
  type NoticeKind,
  type NoticeListQuery,
  type NoticePage,
  type NoticeParams,
  noticeListQuerySchema,
  noticeValues,
} from '@junction/domain';
import { addJob } from '../../jobs/jobs';
import { fill, mailHtml } from '../../lib/text';
import en from '../../locales/en/notices.json' with { type: 'json' };
import zh from '../../locales/zh-CN/notices.json' with { type: 'json' };
import { type Executor, insertNotice, type NoticeRow, type NotificationsRepository } from './notifications.repository';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'notifications.mail': { noticeId: string };
    'notifications.sms': { noticeId: string };
  }
}

const TEXTS: Record<Language, typeof en> = { en, 'zh-CN': zh };

/** Where notices go out (the account feature's SMTP mailer and SMS provider, composed in `app.ts`). */
export type NoticeChannels = {
  mail: { send(mail: { to: string; subject: string; text: string; html: string }): Promise<void> };
  sms: {
    send(sms: {
      to: string;
      text: string;
      template: { name: 'notice'; params: { title: string; order: string } };
    }): Promise<void>;
  };
  /**
   * Whether one more e-mail may go to an order's contact address that is not the account's own: a booking
   * names any address, so each is written to at a bounded rate. Counts the e-mail when it answers yes.
   */
  contactMailAllowed?: (address: string) => Promise<boolean>;
};

export type NotifyInput = {
  userId: string;
  kind: NoticeKind;
  orderId?: string | null;
  params?: NoticeParams;
  /** One notice per key and user: the same event told twice (a job run again) is stored once. */
  dedupeKey?: string;
  /** When it happened (default: now by the database clock). */
  at?: Date;
  /** Also by SMS (default); a price alert texts only when its owner asked. */
  sms?: boolean;
};

/**
 * Tells a traveller something, in the caller's transaction: the notice is stored (it counts as unread
 * at once) and its e-mail and SMS are queued as jobs, so none exists without the change it is about.
 * Answers the notice id, or null when the dedupe key was told before.
 */
export async function notify(trx: Executor, input: NotifyInput): Promise<string | null> {
  const row = await insertNotice(trx, {
    userId: input.userId,
    kind: input.kind,
    orderId: input.orderId ?? null,
    params: input.params ?? {},
    dedupeKey: input.dedupeKey ?? null,
    createdAt: input.at ?? new Date(),
  });
  if (!row) return null;
  await addJob(trx, 'notifications.mail', { noticeId: row.id }, { jobKey: `notice-mail:${row.id}`, maxAttempts: 10 });
  if (input.sms !== false)
    await addJob(trx, 'notifications.sms', { noticeId: row.id }, { jobKey: `notice-sms:${row.id}`, maxAttempts: 10 });
  return row.id;
}

/** A notice's words in one language: the title and body the page shows, and the e-mail and SMS. */
export function noticeText(kind: NoticeKind, params: NoticeParams, language: Language, orderLink: string) {
  const t = TEXTS[language];
  const values = { ...noticeValues(params, language), link: orderLink, refundTo: refundToText(t.refundTo, params) };
  const k = t.kinds[kind];
  const title = fill(k.title, values);
  const body = fill(k.body, values);
  // A price alert's notice links to its search and a top-up's to the wallet, not to an order.
  const template = params.alert ? t.mailSearch : params.topup ? t.mailWallet : t.mail;
  const text = fill(template, { title, body, link: orderLink });
  const html = mailHtml(text);
  return { title, body, subject: fill(t.subject, { title }), text, html, sms: fill(t.sms, { title, body }) };
}

/**
 * Where a refund went (the `channel` param: card, by its last four digits when `last4` is given, wallet,
 * Alipay, WeChat Pay), or the way the order was paid.
 */
function refundToText(texts: Record<string, string>, params: NoticeParams): string {
  const channel = String(params.channel ?? 'original');
  if (channel === 'card' && params.last4) return fill(texts.cardEnding ?? '', { last4: String(params.last4) });
  return texts[channel] ?? (texts.original as string);
}

const present = (r: NoticeRow): Notice => ({
  id: r.id,
  kind: r.kind as NoticeKind,
  orderId: r.orderId,
  params: r.params,
  createdAt: r.createdAt.toISOString(),
  read: r.readAt !== null,
});

/** Notices (spec §2 notices, §3 unread, §7 `GET /notifications`) and their delivery by e-mail and SMS. */
export class NotificationsService {
  constructor(
    private readonly repo: NotificationsRepository,
    private readonly channels: NoticeChannels,
    private readonly options: { publicUrl: string },
    private readonly now: () => Date,
  ) {}

  async list(userId: string, query: NoticeListQuery): Promise<NoticePage> {
    const q = noticeListQuerySchema.parse(query);
    const { rows, total, unread } = await this.repo.page(userId, q.page, q.pageSize);
    return { items: rows.map(present), total, unread, page: q.page, pageSize: q.pageSize };
  }

  unread(userId: string): Promise<number> {
    return this.repo.unread(userId);
  }

  async read(userId: string, id: string): Promise<{ unread: number }> {
    if (!(await this.repo.markRead(userId, id, this.now()))) throw new AppError('NOTICE_NOT_FOUND');
    return { unread: await this.repo.unread(userId) };
  }

  async readAll(userId: string): Promise<{ unread: number }> {
    await this.repo.markAllRead(userId, this.now());
    return { unread: 0 };
  }

  private link(orderId: string | null, params: NoticeParams): string {
    const base = this.options.publicUrl.replace(/\/$/, '');
    // An alert over a month opens the search of the day its notice names.
    if (params.alert) {
      const open = new URLSearchParams({
        open: String(params.alert),
        ...(params.day ? { day: String(params.day) } : {}),
      });
      return `${base}/account/price-alerts?${open}`;
    }
    if (params.topup) return `${base}/account/wallet`;
    return orderId ? `${base}/order?id=${orderId}` : `${base}/account/notices`;
  }

  /**
   * The e-mail of a notice, once: to the user's verified address, else to the order's contact address
   * while that address is within its rate.
   */
  async deliverMail(noticeId: string): Promise<'sent' | 'done' | 'none'> {
    const n = await this.repo.forDelivery(noticeId);
    if (!n || n.mailedAt) return 'done';
    const to = n.email ?? n.contactEmail;
    if (!to) return 'none';
    if (!n.email && this.channels.contactMailAllowed && !(await this.channels.contactMailAllowed(to))) return 'none';
    const language = (n.language === 'zh-CN' ? 'zh-CN' : 'en') as Language;
    const m = noticeText(n.kind as NoticeKind, n.params, language, this.link(n.orderId, n.params));
    await this.channels.mail.send({ to, subject: m.subject, text: m.text, html: m.html });
    await this.repo.markSent(noticeId, 'mail', this.now());
    return 'sent';
  }

  /** The SMS of a notice, once, to the user's mobile number when there is one. */
  async deliverSms(noticeId: string): Promise<'sent' | 'done' | 'none'> {
    const n = await this.repo.forDelivery(noticeId);
    if (!n || n.textedAt) return 'done';
    if (!n.mobile) return 'none';
    const language = (n.language === 'zh-CN' ? 'zh-CN' : 'en') as Language;
    const m = noticeText(n.kind as NoticeKind, n.params, language, this.link(n.orderId, n.params));
    await this.channels.sms.send({
      to: n.mobile,
      text: m.sms,
      // A gateway sends its approved template with the notice's title and order number filled in.
      template: { name: 'notice', params: { title: m.title, order: String(n.params.orderNumber ?? '') } },
    });
    await this.repo.markSent(noticeId, 'sms', this.now());
    return 'sent';
  }
}
