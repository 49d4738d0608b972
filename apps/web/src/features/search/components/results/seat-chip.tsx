import type { SearchResult } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import { Price, useFormatCny } from '../../../../shared/ui/price';
import { VisuallyHidden } from '../../../../shared/ui/visually-hidden';
import { toMoney } from '../../lib/result-model';
import styles from './result-card.module.css';

type Seat = NonNullable<SearchResult['legs'][number]['seats']>[number];

/** Above this many, stations show "available" rather than a number (as 12306 shows 有). */
export const PLENTY_OF_SEATS = 20;

export type SeatChipProps = {
  seat: Seat;
  /** A sold-out class of a one-train result may be joined on its waiting list (候补) when booking. */
  canWait?: boolean;
  /** Books the train in this class; without it the chip only shows the class. */
  onChoose?: (code: string) => void;
  /** The class the card's price and its Select button are for. */
  isOffered?: boolean;
  /** The class's student fare, shown to a traveller with a student of the linked 12306 account who may take it. */
  studentMinor?: number | undefined;
};

/** A seat class of a train: its name, fare and tickets left; a tap books the train in that class. */
export function SeatChip({ seat, canWait = false, onChoose, isOffered = false, studentMinor }: SeatChipProps) {
  const { t } = useTranslation('results');
  const formatCny = useFormatCny();
  const isSoldOut = seat.remaining <= 0;
  const name = t(`seats.${seat.code as 'O'}`, { defaultValue: seat.code });
  const left = isSoldOut
    ? canWait
      ? t('card.waitlist')
      : t('card.soldOut')
    : seat.remaining > PLENTY_OF_SEATS
      ? t('card.plenty')
      : t('card.left', { count: seat.remaining });
  const content = (
    <>
      <span className={styles.seatName}>{name}</span>
      <Price money={toMoney(seat.price)} className={styles.seatPrice} />
      {studentMinor === undefined ? null : (
        <span className={styles.seatStudent} data-testid="student-fare" data-amount={studentMinor}>
          {t('card.studentFare', { price: formatCny(studentMinor) })}
        </span>
      )}
      <span className={seat.remaining > 0 && seat.remaining <= 5 ? styles.seatFew : styles.seatLeft}>{left}</span>
    </>
  );
  const className = `${styles.seat} ${isSoldOut ? styles.seatSoldOut : ''} ${isOffered ? styles.seatOffered : ''}`;
  if (!onChoose)
    return (
      <li className={className} data-seat={seat.code}>
        {content}
      </li>
    );
  return (
    <li className={styles.seatItem} data-seat={seat.code}>
      <button
        type="button"
        className={`${className} ${styles.seatButton}`}
        disabled={isSoldOut && !canWait}
        onClick={() => onChoose(seat.code)}
        data-testid="seat-choice"
      >
        {/* Its name is what it shows, after what a tap does: "Book Second class ¥601.50 Available". */}
        <VisuallyHidden>{t('card.book')} </VisuallyHidden>
        {content}
      </button>
    </li>
  );
}
