import {
  type BookingOffer,
  type FlightSeatMap,
  type PartyTypes,
  type Passenger,
  type SeatMapElement,
  seatPriceFor,
} from '@junction/domain';
import { Card, Radio } from 'antd';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Price, useFormatCny } from '../../../shared/ui/price';
import { cny, nameOf } from './extras-format';
import styles from './orders.module.css';

type Props = {
  offer: BookingOffer;
  map: FlightSeatMap;
  travellers: Passenger[];
  types: PartyTypes;
  /** The seat chosen per traveller on this flight, in the travellers' order. */
  seats: readonly (string | null)[];
  onSeats: (seats: (string | null)[]) => void;
};

type Seat = Extract<SeatMapElement, { kind: 'seat' }>;

/** The row number a row's seats carry (`14` of `14B`), or null for a row without seats. */
const rowNumber = (sections: SeatMapElement[][]): string | null => {
  const seat = sections.flat().find((e): e is Seat => e.kind === 'seat');
  return seat ? seat.designator.slice(0, -1) : null;
};

/**
 * A flight's seat map (spec §3 extras): rows from the front with their numbers, the aisles between
 * sections, exit rows, and each seat free (with its price), taken or chosen. The traveller choosing is
 * picked above the map; a seat is a button that says its row, letter, price or state to a screen reader,
 * and choosing the same seat again gives it back. The map scrolls sideways on a narrow screen.
 */
export function SeatMapCard({ offer, map, travellers, types, seats, onSeats }: Props) {
  const { t } = useTranslation('orders');
  const formatCny = useFormatCny();
  const flight = offer.result.legs[map.leg]?.number ?? '';
  const seated = travellers.map((p, i) => ({ p, i })).filter(({ i }) => types.air[i] !== 'INFANT');
  const [active, setActive] = useState(seated[0]?.i ?? 0);
  if (seated.length === 0) return null;
  const holder = (designator: string) => seats.indexOf(designator);
  const choose = (designator: string) => {
    const next = travellers.map((_, i) => seats[i] ?? null);
    next[active] = next[active] === designator ? null : designator;
    onSeats(next);
    // On to the next traveller still without a seat.
    const following = seated.find(({ i }) => i !== active && !next[i]);
    if (next[active] === designator && following) setActive(following.i);
  };
  // Each seat at its price for the traveller choosing, who pays for it.
  const seatLabel = (seat: Seat, by: number) => {
    const name = by >= 0 && travellers[by] ? nameOf(travellers[by]) : '';
    const price = seatPriceFor(seat, active, types.air);
    if (by >= 0) return t('booking.seats.seatChosen', { seat: seat.designator, name });
    if (price === null) return t('booking.seats.seatTaken', { seat: seat.designator });
    if (price === 0) return t('booking.seats.seatFree', { seat: seat.designator });
    return t('booking.seats.seatPriced', { seat: seat.designator, price: formatCny(price) });
  };
  const element = (e: SeatMapElement, key: string) => {
    if (e.kind !== 'seat')
      return e.kind === 'empty' || e.kind === 'exit' ? (
        <span key={key} className={styles.seatGap} />
      ) : (
        <span key={key} className={styles.seatFeature} title={t(`booking.seats.feature.${e.kind}`)}>
          {t(`booking.seats.feature.${e.kind}`)}
        </span>
      );
    const by = holder(e.designator);
    const state =
      by === active ? 'mine' : by >= 0 ? 'other' : seatPriceFor(e, active, types.air) === null ? 'taken' : 'free';
    return (
      <button
        key={key}
        type="button"
        className={`${styles.seat} ${styles[`seat-${state}`] ?? ''}`}
        disabled={state === 'taken' || state === 'other'}
        aria-pressed={state === 'mine'}
        aria-label={seatLabel(e, by)}
        title={e.name ? `${seatLabel(e, by)} · ${e.name}` : seatLabel(e, by)}
        onClick={() => choose(e.designator)}
        data-testid={`seat-${e.designator}`}
        data-state={state}
      >
        {state === 'other' ? by + 1 : e.designator.slice(-1)}
      </button>
    );
  };
  return (
    <Card
      title={`${t('booking.seats.title')} · ${flight}`}
      className={styles.card}
      data-testid="seat-map-card"
      data-leg={map.leg}
    >
      {seated.length > 1 ? (
        <Radio.Group
          value={active}
          onChange={(e) => setActive(e.target.value as number)}
          aria-label={t('booking.seats.choosingFor')}
          options={seated.map(({ p, i }) => ({ value: i, label: `${i + 1}. ${nameOf(p)}` }))}
        />
      ) : null}
      <ul className={styles.extraRows} aria-live="polite">
        {seated.map(({ p, i }) => {
          const seat = seats[i] ?? null;
          const price = seat ? map.cabins.flatMap((c) => c.rows.flatMap((r) => r.sections.flat())) : [];
          const found = price.find((e): e is Seat => e.kind === 'seat' && e.designator === seat);
          const paid = found ? seatPriceFor(found, i, types.air) : null;
          return (
            <li key={p.id} className={styles.extraRow} data-testid="seat-chosen">
              <span className={styles.choiceName}>{nameOf(p)}</span>
              {seat && found ? (
                <span>
                  {t('booking.seats.chosen', { seat })} · {paid ? <Price money={cny(paid)} /> : t('booking.seats.free')}
                </span>
              ) : (
                <span className={styles.muted}>{t('booking.seats.none')}</span>
              )}
            </li>
          );
        })}
      </ul>
      <p className={styles.muted}>{t('booking.seats.hint')}</p>
      <p className={styles.seatLegend} aria-hidden="true">
        <span className={`${styles.seat} ${styles['seat-free']}`} /> {t('booking.seats.legendFree')}
        <span className={`${styles.seat} ${styles['seat-mine']}`} /> {t('booking.seats.legendChosen')}
        <span className={`${styles.seat} ${styles['seat-taken']}`} /> {t('booking.seats.legendTaken')}
      </p>
      <fieldset className={styles.seatMap} aria-label={t('booking.seats.mapLabel', { flight })}>
        {map.cabins.map((cabin, c) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a seat map's cabins have no other identity and never move
          <div key={`cabin-${c}`} className={styles.seatCabin}>
            {cabin.rows.map((row, r) => {
              const number = rowNumber(row.sections);
              const key = `row-${c}-${r}`;
              if (row.sections.flat().every((e) => e.kind === 'exit'))
                return (
                  <div key={key} className={styles.seatExit} data-testid="seat-exit">
                    {t('booking.seats.exit')}
                  </div>
                );
              const places = (
                <>
                  <span className={styles.seatRowNumber} aria-hidden="true">
                    {number ?? ''}
                  </span>
                  {row.sections.map((section, k) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a row's sections have no other identity and never move
                    <Fragment key={`section-${k}`}>
                      {k > 0 ? <span className={styles.seatAisle} aria-hidden="true" /> : null}
                      {section.map((e, x) => element(e, `${key}-${k}-${x}`))}
                    </Fragment>
                  ))}
                </>
              );
              return number ? (
                <fieldset key={key} className={styles.seatRow} aria-label={t('booking.seats.row', { row: number })}>
                  {places}
                </fieldset>
              ) : (
                <div key={key} className={styles.seatRow}>
                  {places}
                </div>
              );
            })}
          </div>
        ))}
      </fieldset>
    </Card>
  );
}
