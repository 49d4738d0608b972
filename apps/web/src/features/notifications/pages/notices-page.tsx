import {
  AlertOutlined,
  BellOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  FallOutlined,
  FileDoneOutlined,
  FileExcelOutlined,
  HourglassOutlined,
  LockOutlined,
  RollbackOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { dateTimeFormat, type Notice, type NoticeKind, noticeValues } from '@junction/domain';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { paths } from '../../../shared/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PagedList } from '../../../shared/ui/paged-list';
import { useMarkAllNoticesRead, useMarkNoticeRead, useNotices } from '../api/notices';
import styles from './notices.module.css';

const PAGE_SIZE = 10;

const ICONS: Record<NoticeKind, { icon: ReactNode; tone: string }> = {
  'order-created': { icon: <FileDoneOutlined />, tone: 'blue' },
  'payment-received': { icon: <CreditCardOutlined />, tone: 'green' },
  'tickets-issued': { icon: <CheckCircleOutlined />, tone: 'green' },
  'ticketing-failed': { icon: <AlertOutlined />, tone: 'red' },
  'refund-processing': { icon: <RollbackOutlined />, tone: 'orange' },
  'refund-done': { icon: <RollbackOutlined />, tone: 'green' },
  'refund-paid-back': { icon: <RollbackOutlined />, tone: 'green' },
  'schedule-change': { icon: <SwapOutlined />, tone: 'orange' },
  'departure-reminder': { icon: <ClockCircleOutlined />, tone: 'blue' },
  'connection-missed': { icon: <AlertOutlined />, tone: 'red' },
  'protection-rebooked': { icon: <SwapOutlined />, tone: 'green' },
  'protection-rebooked-onward': { icon: <SwapOutlined />, tone: 'green' },
  'service-cancelled': { icon: <AlertOutlined />, tone: 'red' },
  'service-cancelled-protected': { icon: <AlertOutlined />, tone: 'red' },
  'service-reply': { icon: <CustomerServiceOutlined />, tone: 'blue' },
  'waitlist-joined': { icon: <HourglassOutlined />, tone: 'blue' },
  'waitlist-filled': { icon: <CheckCircleOutlined />, tone: 'green' },
  'waitlist-released': { icon: <RollbackOutlined />, tone: 'orange' },
  'waitlist-cancelled': { icon: <RollbackOutlined />, tone: 'orange' },
  'waitlist-released-refunded': { icon: <RollbackOutlined />, tone: 'orange' },
  'waitlist-cancelled-refunded': { icon: <RollbackOutlined />, tone: 'orange' },
  'payment-late-refunded': { icon: <RollbackOutlined />, tone: 'orange' },
  'topup-late-refunded': { icon: <RollbackOutlined />, tone: 'orange' },
  'payment-refund-failed': { icon: <CustomerServiceOutlined />, tone: 'red' },
  'topup-refund-failed': { icon: <CustomerServiceOutlined />, tone: 'red' },
  'topup-app-refund-failed': { icon: <CustomerServiceOutlined />, tone: 'red' },
  'card-locked': { icon: <LockOutlined />, tone: 'red' },
  'invoice-issued': { icon: <FileDoneOutlined />, tone: 'green' },
  'invoice-reversed': { icon: <FileExcelOutlined />, tone: 'orange' },
  'change-payment-due': { icon: <CreditCardOutlined />, tone: 'orange' },
  'ticket-changed': { icon: <SwapOutlined />, tone: 'green' },
  'change-refund-done': { icon: <RollbackOutlined />, tone: 'green' },
  'change-failed': { icon: <CloseCircleOutlined />, tone: 'red' },
  'change-refused': { icon: <CloseCircleOutlined />, tone: 'red' },
  'change-failed-refund-done': { icon: <RollbackOutlined />, tone: 'green' },
  'price-fell': { icon: <FallOutlined />, tone: 'green' },
  'seats-returned': { icon: <CheckCircleOutlined />, tone: 'green' },
  'month-price-fell': { icon: <FallOutlined />, tone: 'green' },
  'month-seats-returned': { icon: <CheckCircleOutlined />, tone: 'green' },
};

/** `/account/notices` (spec §2): the traveller's notices, unread first, each linked to its order. */
export function NoticesPage() {
  const { t } = useTranslation('notices');
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isPending } = useNotices({ page, pageSize: PAGE_SIZE });
  const markAll = useMarkAllNoticesRead();

  return (
    <section className={styles.panel} data-testid="notices-page">
      <div className={styles.head}>
        <div>
          <h1>{t('title')}</h1>
          <p className={styles.lead} data-testid="notices-unread">
            {t('unread', { count: data?.unread ?? 0 })}
          </p>
        </div>
        <Button
          onClick={() => markAll.mutate()}
          disabled={!data || data.unread === 0}
          loading={markAll.isPending}
          data-testid="notices-read-all"
        >
          {t('readAll')}
        </Button>
      </div>
      <PagedList
        items={data?.items}
        total={data?.total}
        pending={isPending}
        skeletonRows={6}
        empty={<EmptyState kind="empty" title={t('empty')} description={t('emptyHint')} />}
        keyOf={(n) => n.id}
        renderItem={(n) => <NoticeItem notice={n} />}
        className={styles.list}
        page={page}
        pageSize={PAGE_SIZE}
        pagerClassName={styles.pagination}
        onPage={(p) => setParams({ page: String(p) })}
      />
    </section>
  );
}

function NoticeItem({ notice }: { notice: Notice }) {
  const { t } = useTranslation('notices');
  const { language } = usePreferences();
  const markRead = useMarkNoticeRead();
  const channel = String(notice.params.channel ?? 'original');
  const last4 = channel === 'card' && notice.params.last4 ? String(notice.params.last4) : '';
  const refundTo = last4
    ? t('refundTo.cardEnding', { last4 })
    : t(`refundTo.${channel}` as 'refundTo.original', { defaultValue: t('refundTo.original') });
  const values = { ...noticeValues(notice.params, language), refundTo };
  const look = ICONS[notice.kind] ?? { icon: <BellOutlined />, tone: 'blue' };
  const when = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(notice.createdAt));
  const read = () => {
    if (!notice.read) markRead.mutate(notice.id);
  };
  return (
    <article
      className={`${styles.item} ${notice.read ? '' : styles.unread}`}
      data-testid="notice"
      data-kind={notice.kind}
      data-read={notice.read}
    >
      <span className={`${styles.icon} ${styles[look.tone]}`} aria-hidden="true">
        {look.icon}
      </span>
      <div className={styles.text}>
        <h2>
          {notice.read ? null : <span className={styles.dot} role="img" aria-label={t('new')} />}
          {t(`kinds.${notice.kind}.title`, { replace: values })}
        </h2>
        <p>{t(`kinds.${notice.kind}.body`, { replace: values })}</p>
        <div className={styles.meta}>
          <time dateTime={notice.createdAt}>{when}</time>
          {notice.orderId ? (
            <Link to={paths.order(notice.orderId)} onClick={read} data-testid="notice-order">
              {t('viewOrder')}
            </Link>
          ) : null}
          {typeof notice.params.alert === 'string' ? (
            <Link
              to={paths.priceAlert(
                notice.params.alert,
                typeof notice.params.day === 'string' ? notice.params.day : undefined,
              )}
              onClick={read}
              data-testid="notice-fares"
            >
              {t('viewFares')}
            </Link>
          ) : null}
          {typeof notice.params.topup === 'string' ? (
            <Link to={paths.wallet()} onClick={read} data-testid="notice-wallet">
              {t('viewWallet')}
            </Link>
          ) : null}
          {notice.read ? null : (
            <Button type="link" size="small" onClick={read} className={styles.markRead} data-testid="notice-read">
              {t('markRead')}
            </Button>
          )}
        </div>
      </div>
    </article>
  );
}
