import type { SearchResult } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../../shared/ui/price';
import { toMoney } from '../../lib/result-model';
import styles from './result-card.module.css';

type Seat = NonNullable<SearchResult['legs'][number]['seats']>[number];

/** Above this many, stations show "available" rather than a number (as 12306 shows 有). */
export const PLENTY_OF_SEATS = 20;

/** `canWait`: a sold-out class of a one-train result may be joined on its waiting list (候补) when booking. */
export function SeatChip({ seat, canWait = false }: { seat: Seat; canWait?: boolean }) {
  const { t } = useTranslation('results');
  const isSoldOut = seat.remaining <= 0;
  return (
    <li className={`${styles.seat} ${isSoldOut ? styles.seatSoldOut : ''}`} data-seat={seat.code}>
      <span className={styles.seatName}>{t(`seats.${seat.code as 'O'}`, { defaultValue: seat.code })}</span>
      <Price money={toMoney(seat.price)} className={styles.seatPrice} />
      <span className={seat.remaining > 0 && seat.remaining <= 5 ? styles.seatFew : styles.seatLeft}>
        {isSoldOut
          ? canWait
            ? t('card.waitlist')
            : t('card.soldOut')
          : seat.remaining > PLENTY_OF_SEATS
            ? t('card.plenty')
            : t('card.left', { count: seat.remaining })}
      </span>
    </li>
  );
}
