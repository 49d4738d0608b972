import { HourglassOutlined } from '@ant-design/icons';
import { type Order, type OrderWaitlist, PAYMENT_STATUS } from '@junction/domain';
import { Alert, App, Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTravelTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/lib/preferences';
import { useSecondsUntil } from '../../../shared/lib/use-seconds-until';
import { FormError } from '../../../shared/ui/form-error';
import { Price, useFormatMoney } from '../../../shared/ui/price';
import { useCancelOrder } from '../api/orders';
import styles from './orders.module.css';

/** While these, the price is held on the card and the order waits for seats. */
const HOLDING = new Set(['waiting', 'filling', 'releasing']);

/** `3 d 04:05:06` (or `04:05:06` within a day) until a time. */
export function useWaitlistCountdown(cutoffAt: string, running: boolean): string {
  const { t } = useTranslation('orders');
  const left = useSecondsUntil(cutoffAt, running);
  const days = Math.floor(left / 86_400);
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(Math.floor((left % 86_400) / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
  return days > 0 ? t('waitlist.days', { count: days, time }) : time;
}

/** The cut-off as its local date and time, where the train departs. */
export function WaitlistCutoff({ cutoffAt }: { cutoffAt: string }) {
  const { language } = usePreferences();
  return <span data-testid="waitlist-cutoff">{formatTravelTime(cutoffAt, language)}</span>;
}

/**
 * The order page's waiting list (候补): while waiting, the train and class waited for, the amount held
 * on the card, the cut-off with a countdown, what happens then, and leaving the list; once over, how it ended.
 */
export function WaitlistCard({ order, waitlist }: { order: Order; waitlist: OrderWaitlist }) {
  const { t } = useTranslation('orders');
  const { modal } = App.useApp();
  const format = useFormatMoney();
  const cancel = useCancelOrder();
  const holding = HOLDING.has(waitlist.status);
  const countdown = useWaitlistCountdown(waitlist.cutoffAt, waitlist.status === 'waiting');
  const seatClass = t(`seats.${waitlist.seatClass}` as 'seats.O');

  if (!holding) {
    // Voided, nothing was taken; or the card had been charged and the amount was refunded in full.
    const refunded = order.paymentStatus === PAYMENT_STATUS.REFUNDED;
    const ended =
      waitlist.status === 'filled'
        ? { type: 'success' as const, text: t('waitlist.filled') }
        : waitlist.status === 'released'
          ? {
              type: 'info' as const,
              text:
                waitlist.reason === 'traveller'
                  ? refunded
                    ? t('waitlist.cancelledRefunded')
                    : t('waitlist.cancelled')
                  : refunded
                    ? t('waitlist.releasedRefunded')
                    : waitlist.reason === 'hold_lost'
                      ? t('waitlist.holdLost')
                      : t('waitlist.released'),
            }
          : null;
    if (!ended) return null;
    return (
      <Alert
        type={ended.type}
        showIcon
        className={styles.card}
        title={`${t('waitlist.badge')} · ${waitlist.train} · ${seatClass}`}
        description={ended.text}
        data-testid="waitlist-ended"
        data-status={waitlist.status}
      />
    );
  }

  const amount = waitlist.held ?? order.payment.price;
  const confirmStop = () =>
    modal.confirm({
      title: t('waitlist.confirmStopTitle'),
      content: t('waitlist.confirmStop', { amount: format({ amountMinor: amount.amount, currency: 'CNY' }) }),
      okText: t('waitlist.confirmStopOk'),
      okButtonProps: { danger: true },
      cancelText: t('waitlist.keep'),
      onOk: () => cancel.mutateAsync(order.id),
    });

  return (
    <Card className={styles.waitlistCard} data-testid="waitlist-card" data-status={waitlist.status}>
      <div className={styles.waitlistHead}>
        <HourglassOutlined className={styles.waitlistIcon} />
        <div>
          <h2 className={styles.waitlistTitle}>{t('waitlist.orderTitle')}</h2>
          <p className={styles.muted}>
            {waitlist.train} · {seatClass}
          </p>
        </div>
      </div>
      <div className={styles.waitlistFacts}>
        <div>
          <span className={styles.muted}>{t('waitlist.heldAmount')}</span>
          <strong className={styles.waitlistAmount} data-testid="waitlist-held">
            <Price money={{ amountMinor: amount.amount, currency: 'CNY' }} />
          </strong>
        </div>
        <div>
          <span className={styles.muted}>{t('waitlist.cutoff')}</span>
          <strong>
            <WaitlistCutoff cutoffAt={waitlist.cutoffAt} />
          </strong>
        </div>
        {waitlist.status === 'waiting' ? (
          <div>
            <span className={styles.muted}>{t('waitlist.cutoffIn')}</span>
            <strong className={styles.waitlistCountdown} data-testid="waitlist-countdown">
              {countdown}
            </strong>
          </div>
        ) : null}
      </div>
      {waitlist.status === 'waiting' ? (
        <ul className={styles.waitlistRules}>
          <li>{t('waitlist.held')}</li>
          <li>{t('waitlist.refund')}</li>
        </ul>
      ) : (
        <p className={styles.muted} data-testid="waitlist-progress">
          {waitlist.status === 'filling' ? t('waitlist.filling') : t('waitlist.releasing')}
        </p>
      )}
      {waitlist.status === 'waiting' ? (
        <div className={styles.payActions}>
          <Button onClick={confirmStop} loading={cancel.isPending} data-testid="waitlist-stop">
            {t('waitlist.stop')}
          </Button>
        </div>
      ) : null}
      <FormError error={cancel.error} />
    </Card>
  );
}
