import { type ChangeTrip, formatTravelTime, type TicketChange } from '@junction/domain';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';
import { Price } from '../../../shared/ui/price';
import styles from './payment.module.css';

const cny = (amountMinor: number) => ({ amountMinor, currency: 'CNY' as const });

function Trip({ trip, testId }: { trip: ChangeTrip; testId: string }) {
  const { language } = usePreferences();
  return (
    <span data-testid={testId}>
      <strong>{trip.number}</strong> · {trip.from[language]} {formatTravelTime(trip.departureTime, language)} →{' '}
      {trip.to[language]} {formatTravelTime(trip.arrivalTime, language)}
    </span>
  );
}

/** What a price difference pays for: the ticket's old trip and new trip, both fares, the fee and the difference. */
export function ChangeSummary({ change }: { change: TicketChange }) {
  const { t } = useTranslation('payment');
  return (
    <Descriptions column={1} size="small" className={styles.change} data-testid="change-summary">
      <Descriptions.Item label={t('change.from')}>
        <Trip trip={change.from} testId="change-from" />
      </Descriptions.Item>
      <Descriptions.Item label={t('change.to')}>
        <Trip trip={change.to} testId="change-to" />
      </Descriptions.Item>
      <Descriptions.Item label={t('change.oldFare')}>
        <Price money={cny(change.oldFare.amount)} />
      </Descriptions.Item>
      <Descriptions.Item label={t('change.newFare')}>
        <Price money={cny(change.newFare.amount)} />
      </Descriptions.Item>
      <Descriptions.Item label={t('change.fee')}>
        <Price money={cny(change.fee.amount)} />
      </Descriptions.Item>
      <Descriptions.Item label={t('change.due')}>
        <strong data-testid="change-summary-due">
          <Price money={cny(change.due.amount)} />
        </strong>
      </Descriptions.Item>
    </Descriptions>
  );
}
