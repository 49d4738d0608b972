import { type BookingOffer, bagPrice, MAX_EXTRA_PIECES, type PartyTypes, type Passenger } from '@junction/domain';
import { Card, InputNumber } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { Price } from '../../../shared/ui/price';
import { cny, nameOf } from './extras-format';
import styles from './orders.module.css';

type Props = {
  offer: BookingOffer;
  /** The flight ticket's place among the offer's tickets. */
  k: number;
  travellers: Passenger[];
  types: PartyTypes;
  /** Extra checked pieces per traveller, in the travellers' order. */
  pieces: readonly number[];
  onPieces: (traveller: number, pieces: number) => void;
};

/** A flight ticket's baggage: the allowance included, and extra checked pieces per traveller at the airline's price. */
export function BaggageCard({ offer, k, travellers, types, pieces, onPieces }: Props) {
  const { t } = useTranslation('orders');
  const { result } = offer;
  const ticket = offer.tickets[k];
  if (!ticket) return null;
  const leg = result.legs[ticket.legs[0] as number];
  const price = bagPrice(result, ticket);
  if (!leg?.baggage) return null;
  return (
    <Card
      title={`${t('booking.extras.baggage')} · ${ticket.legs.map((i) => result.legs[i]?.number).join(' / ')}`}
      className={styles.card}
      data-testid="baggage-card"
    >
      <p className={styles.muted}>
        {t('booking.extras.included')}: {t('booking.extras.carryOn', leg.baggage.carryOn)} ·{' '}
        {t('booking.extras.checked', leg.baggage.checked)}
      </p>
      <ul className={styles.extraRows}>
        {travellers.map((p, i) => (
          <li key={p.id} className={styles.extraRow}>
            <span className={styles.choiceName}>{nameOf(p)}</span>
            {types.air[i] === 'INFANT' || price === undefined ? (
              <span className={styles.muted}>{t('booking.extras.noExtras')}</span>
            ) : (
              <span className={styles.extraControl}>
                <span>{t('booking.extras.extraPieces')}</span>
                <InputNumber
                  min={0}
                  max={MAX_EXTRA_PIECES}
                  value={pieces[i] ?? 0}
                  onChange={(n) => onPieces(i, n ?? 0)}
                  aria-label={`${t('booking.extras.extraPieces')} ${nameOf(p)}`}
                  data-testid="extra-pieces"
                />
                <span className={styles.muted} data-testid="per-piece">
                  <Trans t={t} i18nKey="booking.extras.perPiece" components={{ price: <Price money={cny(price)} /> }} />
                </span>
              </span>
            )}
          </li>
        ))}
      </ul>
    </Card>
  );
}
