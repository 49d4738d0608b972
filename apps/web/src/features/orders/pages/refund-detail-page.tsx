import type { Refund } from '@junction/domain';
import { dateTimeFormat } from '@junction/domain';
import { App, Button, Card, Descriptions, Steps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { paths } from '../../../shared/paths';
import { FormError } from '../../../shared/ui/form-error';
import { Charged } from '../../../shared/ui/price';
import { RecordGate } from '../../../shared/ui/record-gate';
import { useRefund, useWithdrawRefund } from '../api/fulfilment';
import styles from '../components/orders.module.css';
import { refundReading } from '../lib/ticket-refunds';

const COLORS = { processing: 'blue', done: 'green', withdrawn: 'default', failed: 'red' } as const;

/** `/refund-detail?id=…` (spec §2, §4): a refund's breakdown and the timeline of its states. */
export function RefundDetailPage() {
  const { t } = useTranslation('orders');
  useDocumentTitle(t('refund.title'));
  const [params] = useSearchParams();
  const refund = useRefund(params.get('id') ?? '');
  return (
    <RecordGate
      query={refund}
      className={styles.page}
      skeletonRows={8}
      notFound={t('refund.notFound')}
      allTrips={t('order.allTrips')}
    >
      {(r) => <RefundView r={r} />}
    </RecordGate>
  );
}

const stepsStatus = { processing: 'process', owed: 'error', done: 'finish', withdrawn: 'error' } as const;

function RefundView({ r }: { r: Refund }) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const { modal } = App.useApp();
  const withdraw = useWithdrawRefund();
  const dateTime = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const at = (s: string) => r.timeline.find((e) => e.status === s)?.at;
  const steps = [
    { title: t('refund.steps.requested'), at: r.requestedAt },
    r.status === 'withdrawn'
      ? { title: t('refund.steps.withdrawn'), at: r.withdrawnAt ?? at('withdrawn') }
      : { title: t('refund.steps.processing'), at: r.status === 'processing' ? undefined : r.requestedAt },
    ...(r.status === 'withdrawn' ? [] : [{ title: t('refund.steps.done'), at: r.doneAt ?? undefined }]),
  ];
  // Money owed has not come back: the last step waits, marked as a problem, until customer service returns it.
  const current = r.status === 'processing' || r.status === 'owed' ? 1 : 2;
  const confirmWithdraw = () =>
    modal.confirm({
      title: t('refund.confirmWithdrawTitle'),
      content: t('refund.confirmWithdraw'),
      okText: t('refund.withdraw'),
      cancelText: t('refund.keepRefund'),
      onOk: () => withdraw.mutateAsync(r.id),
    });
  return (
    <main className={styles.page} data-testid="refund-page">
      <div className={styles.orderHead}>
        <div>
          <h1 className={styles.pageTitle}>
            {t('refund.title')} · {r.trip}
            {r.traveller ? <span data-testid="refund-traveller-name"> · {r.traveller}</span> : null}
          </h1>
          <p className={styles.muted}>
            {t('order.number')}{' '}
            <Link to={paths.order(r.orderId)} data-testid="refund-order">
              {r.orderNumber}
            </Link>
          </p>
        </div>
        <Tag color={COLORS[refundReading(r)]} data-testid="refund-status">
          {t(`refund.status.${refundReading(r)}`)}
        </Tag>
      </div>
      <Card className={styles.card} title={t('refund.timeline')}>
        <Steps
          current={r.status === 'withdrawn' ? 1 : current}
          status={stepsStatus[r.status]}
          items={steps.map((s) => ({
            title: s.title,
            content: s.at ? dateTime.format(new Date(s.at)) : undefined,
          }))}
          data-testid="refund-timeline"
        />
        {r.status === 'processing' ? (
          <p className={styles.receivedBefore} data-testid="received-before">
            {t('refund.receivedBefore', { time: dateTime.format(new Date(r.deadline)) })}
          </p>
        ) : null}
        {r.status === 'owed' ? (
          <p className={styles.receivedBefore} data-testid="refund-owed">
            {t('refund.owedNote')}
          </p>
        ) : null}
      </Card>
      <Card className={styles.card} title={t('refund.breakdown')}>
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('refund.paid')}>
            <Charged amountMinor={r.paid.amount} />
          </Descriptions.Item>
          <Descriptions.Item label={t('refund.fee')}>
            <span data-testid="refund-fee">
              <Charged amountMinor={r.fee.amount} />
            </span>{' '}
            <span className={styles.muted}>({t(`refund.rules.${r.rule}` as 'refund.rules.rail-8d')})</span>
          </Descriptions.Item>
          {r.serviceFee.amount > 0 ? (
            <Descriptions.Item label={t('refund.serviceFee')}>
              <span data-testid="refund-service-fee">
                <Charged amountMinor={r.serviceFee.amount} />
              </span>{' '}
              <span className={styles.muted}>({t('refund.serviceFeeKept')})</span>
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('refund.refunded')}>
            <strong data-testid="refund-amount">
              <Charged amountMinor={r.refunded.amount} />
            </strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('refund.channel')}>
            <span data-testid="refund-channel">
              {r.channel ? t(`refund.channels.${r.channel}` as 'refund.channels.card') : t('refund.originalChannel')}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('refund.requested')}>
            {dateTime.format(new Date(r.requestedAt))}
          </Descriptions.Item>
          {r.doneAt ? (
            <Descriptions.Item label={t('refund.doneAt')}>{dateTime.format(new Date(r.doneAt))}</Descriptions.Item>
          ) : null}
        </Descriptions>
        {r.withdrawable ? (
          <div className={styles.refundActions}>
            <Button onClick={confirmWithdraw} loading={withdraw.isPending} data-testid="withdraw-refund">
              {t('refund.withdraw')}
            </Button>
          </div>
        ) : null}
        <FormError error={withdraw.error} />
      </Card>
    </main>
  );
}
