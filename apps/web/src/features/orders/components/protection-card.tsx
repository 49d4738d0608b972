import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { Order, ProtectedRide, ProtectionCase } from '@junction/domain';
import { App, Button, type ButtonProps, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatDuration } from '../../../shared/lib/duration';
import { formatTravelTime } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/lib/preferences';
import { paths } from '../../../shared/paths';
import { FormError } from '../../../shared/ui/form-error';
import { Price } from '../../../shared/ui/price';
import { useChooseProtection, useProtection } from '../api/fulfilment';
import styles from './orders.module.css';

/** A ride as one line: its number, its ends in the reader's language, and its local times. */
function RideLine({ ride }: { ride: ProtectedRide }) {
  const { language } = usePreferences();
  return (
    <span>
      <strong>{ride.number}</strong> {ride.from[language]} → {ride.to[language]},{' '}
      {formatTravelTime(ride.departureTime, language)} – {formatTravelTime(ride.arrivalTime, language).slice(-5)}
    </span>
  );
}

/**
 * The rides a rebooking takes: the next departure, and after a cancellation whose route has no later
 * departure that makes the change, the later departure of the next ride too, in its place.
 */
function NewRides({ c }: { c: ProtectionCase }) {
  const { t } = useTranslation('orders');
  if (!c.next) return null;
  if (!c.onward) return <RideLine ride={c.next} />;
  return (
    <span className={styles.protectionRides} data-testid="protection-onward">
      <RideLine ride={c.next} />
      <span>
        {t('protection.insteadOf', { trip: c.onward.missed.number })} <RideLine ride={c.onward.next} />
      </span>
    </span>
  );
}

/** What happened to the ride before the connection: it runs late, or its operator cancelled it. */
function CaseCause({ c }: { c: ProtectionCase }) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const duration = useFormatDuration();
  return (
    <p data-testid="protection-cause" data-cause={c.cause}>
      {c.cause === 'cancellation'
        ? t('protection.cancelled', {
            trip: c.delayed.number,
            departure: formatTravelTime(c.delayed.departureTime, language),
          })
        : t('protection.delayed', {
            trip: c.delayed.number,
            delay: duration(c.delayMinutes),
            arrival: formatTravelTime(c.delayed.arrivalTime, language),
            missed: c.missed.number,
          })}
    </p>
  );
}

/** One missed connection: what happened, and the two choices until one is taken, each confirmed once. */
function CaseBody({ orderId, c }: { orderId: string; c: ProtectionCase }) {
  const { t } = useTranslation('orders');
  const { modal } = App.useApp();
  const choose = useChooseProtection();
  const cancelled = c.cause === 'cancellation';
  const refund = <Price money={{ amountMinor: c.refund.amount, currency: 'CNY' }} />;
  const confirm = (choice: 'rebook' | 'refund') =>
    modal.confirm({
      title: t(
        choice === 'rebook'
          ? c.onward
            ? 'protection.confirm.rebookBothTitle'
            : 'protection.confirm.rebookTitle'
          : cancelled
            ? 'protection.confirm.refundCancelledTitle'
            : 'protection.confirm.refundTitle',
      ),
      content:
        choice === 'rebook' && c.next ? (
          <NewRides c={c} />
        ) : (
          t(cancelled ? 'protection.confirm.refundCancelledText' : 'protection.confirm.refundText')
        ),
      okText: t(`protection.confirm.${choice}Ok`),
      cancelText: t('protection.confirm.back'),
      okButtonProps: { 'data-testid': 'protection-confirm' } as ButtonProps,
      onOk: () => choose.mutateAsync({ orderId, caseId: c.id, choice }),
    });
  return (
    <div data-testid="protection-case" data-status={c.status}>
      <CaseCause c={c} />
      {c.status === 'offered' ? (
        <>
          <p data-testid="protection-choose">{t('protection.choose')}</p>
          <div className={styles.protectionChoice}>
            <p>
              {c.onward ? (
                <>
                  {t('protection.onward')} <NewRides c={c} />
                </>
              ) : c.next ? (
                <RideLine ride={c.next} />
              ) : (
                t(cancelled ? 'protection.noNextCancelled' : 'protection.noNext')
              )}
            </p>
            <Button type="primary" disabled={!c.next} onClick={() => confirm('rebook')} data-testid="protection-rebook">
              {t(c.onward ? 'protection.rebookBoth' : 'protection.rebook')}
            </Button>
          </div>
          <div className={styles.protectionChoice}>
            <p>
              {t(cancelled ? 'protection.refundCancelledText' : 'protection.refundText')} {refund}
            </p>
            <Button onClick={() => confirm('refund')} data-testid="protection-refund">
              {t(cancelled ? 'protection.refundCancelled' : 'protection.refund')}
            </Button>
          </div>
        </>
      ) : c.status === 'rebooked' && c.next ? (
        <p data-testid="protection-outcome">
          {t('protection.rebooked')} <NewRides c={c} />
        </p>
      ) : (
        <p data-testid="protection-outcome">
          {t(cancelled ? 'protection.refundedCancelled' : 'protection.refunded')} {refund}
        </p>
      )}
      <FormError error={choose.error} />
    </div>
  );
}

/** The order's missed protected connections (the protection's terms page), when a delay or a cancellation broke one. */
export function ProtectionCard({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const cases = useProtection(order.id, order.subOrders.length > 1).data?.cases ?? [];
  if (cases.length === 0) return null;
  return (
    <Card
      className={`${styles.card} ${styles.wrapHead}`}
      data-testid="protection-card"
      title={
        <span>
          <SafetyCertificateOutlined /> {t('protection.title')}
        </span>
      }
      extra={
        <Link to={paths.agreement('connection-protection')} data-testid="protection-terms">
          {t('protection.terms')}
        </Link>
      }
    >
      {cases.map((c) => (
        <CaseBody key={c.id} orderId={order.id} c={c} />
      ))}
    </Card>
  );
}
