import {
  CheckCircleOutlined,
  DownOutlined,
  SafetyCertificateOutlined,
  UpOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import {
  boundsOf,
  cabinSeatsLeft,
  FEW_SEATS_LEFT,
  hasSelfTransfer,
  inLanguage,
  isSoldOutTrain,
  journeyCabin,
  MIXED_CABIN,
  type SearchResult,
  shownPriceMinor,
  TRIP_TYPES,
  type TripType,
} from '@junction/domain';
import { Button } from 'antd';
import { forwardRef, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../shared/lib/preferences';
import { sellerLabel } from '../../../../shared/lib/seller';
import { Price, useFormatCny } from '../../../../shared/ui/price';
import { RailTicketingChip, useRailFeeOf } from '../../../../widgets/rail/rail-ticketing';
import type { StudentFareOf } from '../../api/student-fares';
import { carriersOf, isMainLeg, seatsOf, toMoney } from '../../lib/result-model';
import { formatRequestDate } from '../../lib/use-result-format';
import { BoundRow } from './bound-row';
import { CarrierMark } from './carrier-mark';
import { Co2Chips } from './co2-chip';
import styles from './result-card.module.css';
import { ResultDetails } from './result-details';
import { SeatChip } from './seat-chip';

export type ResultCardProps = {
  result: SearchResult;
  /** A flexible search shows each result's departure date. */
  showDate: boolean;
  tripType: TripType;
  travellers: number;
  /** The travellers searched who take a seat on a train: each train ticket of theirs may carry a service fee. */
  party: { adults: number; children: number };
  isExpanded: boolean;
  isSelecting: boolean;
  onToggle: (id: string) => void;
  /** Books the result; `seatClass`: the class of its train the traveller tapped. */
  onSelect: (result: SearchResult, seatClass?: string) => void;
  /** The student fare of a class of a result's train, for a traveller with a student who may take it. */
  studentFareOf?: StudentFareOf;
};

const MAX_SEATS_ON_CARD = 4;

/** One option in the list: who and when, the price and the seller, and its door-to-door details on demand. */
const ResultCardView = forwardRef<HTMLElement, ResultCardProps>(function ResultCard(
  { result, showDate, tripType, travellers, party, isExpanded, isSelecting, onToggle, onSelect, studentFareOf },
  ref,
) {
  const { t } = useTranslation('results');
  const { language } = usePreferences();
  const bounds = boundsOf(result);
  const carriers = carriersOf(result);
  const seats = seatsOf(result);
  // The class the card's price is for, which Select books.
  const offered = result.legs.find((l) => l.kind === 'land')?.cabin;
  // Sold out in every class: still shown, and booked only on a class's waiting list (候补).
  const soldOut = isSoldOutTrain(result);
  const canWait = result.kind === 'train' && result.legs.filter((l) => l.kind === 'land').length === 1;
  const checked = result.legs.find((l) => l.kind === 'air' && l.baggage)?.baggage?.checked;
  // A flight whose cabin has few seats left says how many, as a train's classes do.
  const cabinLeft = cabinSeatsLeft(result);
  const formatCny = useFormatCny();
  // A train ticketed offline costs its service fee too: the price shown is the price charged.
  const railFeeOf = useRailFeeOf();
  const shownMinor = shownPriceMinor(result, party, (leg) => railFeeOf(result.legs[leg]?.number ?? ''));
  // A flight or train from a door: its tickets' price, and what the ground legs to and from the door cost.
  const groundLegs = result.kind === 'mix' ? [] : result.legs.filter((l) => !isMainLeg(l));
  const groundMinor = groundLegs.reduce((sum, l) => sum + l.price.amount, 0);
  const detailsId = `result-details-${result.id}`;
  const boundLabel = (index: number) => {
    if (bounds.length < 2) return null;
    if (tripType === TRIP_TYPES.ROUND_TRIP) return index === 0 ? t('card.outbound') : t('card.return');
    return t('card.trip', { number: index + 1 });
  };

  return (
    <article
      ref={ref}
      className={`${styles.card} ${isExpanded ? styles.expanded : ''} ${soldOut ? styles.soldOutCard : ''}`}
      data-testid="result-card"
      data-result-id={result.id}
      data-kind={result.kind}
      data-price={result.price.amount}
      data-transfers={result.transfers}
      data-departure={result.departureTime}
      data-duration={result.durationMinutes}
      data-sold-out={soldOut ? 'true' : undefined}
      aria-label={`${t(`kinds.${result.kind}`)} ${carriers.map((c) => inLanguage(c.name, language)).join(', ')}`}
    >
      <div className={styles.summary}>
        <div className={styles.body}>
          <div className={styles.topline}>
            <span className={`${styles.kind} ${styles[`kind_${result.kind}`]}`}>{t(`kinds.${result.kind}`)}</span>
            <CarrierMark carriers={carriers} kind={result.kind} />
            <span className={styles.carriers}>
              {carriers.length > 0 ? carriers.map((c) => inLanguage(c.name, language)).join(' + ') : t('legKinds.taxi')}
            </span>
            {showDate ? <span className={styles.date}>{formatRequestDate(result.date, language)}</span> : null}
            <span className={styles.numbers} data-testid="result-numbers">
              {result.legs
                .filter(isMainLeg)
                .map((l) => l.number)
                .join(' · ')}
            </span>
          </div>
          {bounds.map((bound) => (
            <BoundRow
              key={bound.index}
              result={result}
              bound={bound}
              boundCount={bounds.length}
              label={boundLabel(bound.index)}
            />
          ))}
          {seats.length > 0 ? (
            <ul className={styles.seats} data-testid="seat-list">
              {seats.slice(0, MAX_SEATS_ON_CARD).map((seat) => (
                <SeatChip
                  key={seat.code}
                  seat={seat}
                  canWait={canWait}
                  isOffered={seat.code === offered}
                  studentMinor={studentFareOf?.(result.id, seat.code)}
                  onChoose={isSelecting ? undefined : (code) => onSelect(result, code)}
                />
              ))}
              {seats.length > MAX_SEATS_ON_CARD ? (
                <li className={styles.moreSeats}>{t('card.more', { count: seats.length - MAX_SEATS_ON_CARD })}</li>
              ) : null}
            </ul>
          ) : null}
          <div className={styles.chips}>
            <Co2Chips result={result} />
            {soldOut ? (
              <span className={`${styles.chip} ${styles.chipSoldOut}`} data-testid="sold-out-badge">
                {t('card.soldOutEverywhere')}
              </span>
            ) : null}
            {cabinLeft !== undefined && cabinLeft <= FEW_SEATS_LEFT ? (
              <span className={`${styles.chip} ${styles.chipWarn}`} data-testid="cabin-seats-left">
                {t('card.left', { count: cabinLeft })}
              </span>
            ) : null}
            {result.fees.free24h ? (
              <span className={`${styles.chip} ${styles.chipGood}`} data-testid="free24h-badge">
                <SafetyCertificateOutlined /> {t('card.free24h')}
              </span>
            ) : null}
            {result.legs.some((l) => l.kind === 'land') ? (
              <RailTicketingChip trains={result.legs.filter((l) => l.kind === 'land').map((l) => l.number)} />
            ) : null}
            {journeyCabin(result.legs) === MIXED_CABIN ? (
              <span className={styles.chip} data-testid="mixed-cabin">
                {t('cabins.mixed')}
              </span>
            ) : null}
            {hasSelfTransfer(result) ? (
              <span className={`${styles.chip} ${styles.chipWarn}`}>
                <WarningOutlined /> {t('card.selfTransfer')}
              </span>
            ) : null}
            {checked ? (
              <span className={styles.chip}>
                <CheckCircleOutlined /> {checked.pieces > 0 ? t('card.checked') : t('card.noChecked')}
              </span>
            ) : null}
            <button
              type="button"
              className={styles.toggle}
              aria-expanded={isExpanded}
              aria-controls={detailsId}
              onClick={() => onToggle(result.id)}
              data-testid="result-details-toggle"
            >
              {isExpanded ? t('card.hideDetails') : t('card.details')} {isExpanded ? <UpOutlined /> : <DownOutlined />}
            </button>
          </div>
        </div>
        <div className={styles.aside}>
          {result.sellers.length > 1 ? (
            <span className={styles.sellers}>{t('card.sellers', { count: result.sellers.length })}</span>
          ) : null}
          <span data-testid="shown-price" data-amount={shownMinor}>
            <Price money={toMoney({ ...result.price, amount: shownMinor })} className={styles.price} />
          </span>
          {groundLegs.length > 0 ? (
            <span className={styles.priceNote} data-testid="ground-price" data-ground={groundMinor}>
              {groundMinor > 0 ? t('card.ground', { price: formatCny(groundMinor) }) : t('card.groundWalk')}
            </span>
          ) : null}
          {travellers > 1 ? <span className={styles.priceNote}>{t('card.total', { count: travellers })}</span> : null}
          {soldOut && canWait ? (
            <span className={styles.priceNote} data-testid="waitlist-note">
              {t('card.waitlistHeld')}
            </span>
          ) : null}
          <Button
            type="primary"
            ghost={soldOut}
            size="large"
            autoInsertSpace={false}
            className={`${styles.select} ${soldOut ? styles.selectWaitlist : ''}`}
            loading={isSelecting}
            onClick={() => onSelect(result)}
            data-testid="select-result"
            data-action={soldOut ? 'waitlist' : 'book'}
          >
            {soldOut ? (canWait ? t('card.waitlist') : t('card.soldOut')) : t('card.select')}
          </Button>
          <span className={styles.agent} data-testid="result-seller">
            {t('card.soldBy', { agent: sellerLabel(result, t, language) })}
          </span>
        </div>
      </div>
      {isExpanded ? <ResultDetails id={detailsId} result={result} bounds={bounds} boundLabel={boundLabel} /> : null}
    </article>
  );
});

/**
 * A card is drawn again only when its own props change: a search's pulls bring the results they already sent
 * as the same objects (`search-session.ts`), so a pull redraws only the cards whose results changed.
 */
export const ResultCard = memo(ResultCardView);
