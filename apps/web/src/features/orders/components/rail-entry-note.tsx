import type { IssuedTicketView, Order } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import styles from './orders.module.css';

/** The Chinese resident ID card (document type B), read by the stations' automatic gates. */
const ID_CARD = 'B';

/**
 * How a China Railway e-ticket is checked: there is no paper ticket and no code, each traveller enters with
 * the document they booked with, an ID card at the automatic gates, any other document at a staffed gate.
 */
export function RailEntryNote({
  order,
  tickets,
  className = styles.railEntry,
}: {
  order: Order;
  tickets: IssuedTicketView[];
  className?: string | undefined;
}) {
  const { t } = useTranslation('orders');
  const idCards = tickets.filter((x) => order.travellers[x.travellerPosition]?.documentType === ID_CARD).length;
  const key = idCards === tickets.length ? 'entryIdCard' : idCards === 0 ? 'entryDocument' : 'entryIdCardOrDocument';
  return (
    <p className={className} data-testid="rail-entry">
      {t(`ticketing.${key}`)}
    </p>
  );
}
