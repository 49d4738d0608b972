import type { BookingExtras, BookingOffer, PartyTypes, Passenger, RailChoice } from '@junction/domain';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSeatMaps } from '../api/orders';
import { BaggageCard } from './baggage-card';
import styles from './orders.module.css';
import { RailExtrasCard } from './rail-extras-card';
import { SeatMapCard } from './seat-map-card';

export { isWaitlisted, legsInChosenClasses, startingExtras } from '../lib/booking-extras';
export { WaitlistTerms } from './waitlist-terms';

export type ExtrasStepProps = {
  offer: BookingOffer;
  /** The search the offer came from: its seller's seat maps are asked through it. */
  searchId: string;
  travellers: Passenger[];
  types: PartyTypes;
  extras: BookingExtras;
  onChange: (extras: BookingExtras) => void;
};

/**
 * Step 3 (spec §2, §3): baggage per traveller on each flight ticket, with the included allowance and
 * extra checked pieces at the airline's price; on each train the seat class with remaining tickets,
 * a seat letter or, in sleepers, a berth per traveller, each at its own price; on a flight whose seller
 * shows its seat map (Duffel), a seat per traveller on the map (a seller without one shows no seat choice).
 */
export function ExtrasStep({ offer, searchId, travellers, types, extras, onChange }: ExtrasStepProps) {
  const { t } = useTranslation('orders');
  const { result } = offer;
  const flights = offer.tickets.map((ticket, k) => ({ ticket, k })).filter((x) => x.ticket.type === 'flight');
  const rides = offer.tickets.filter((x) => x.type === 'railway').map((x) => x.legs[0] as number);
  const seatMaps = useSeatMaps(searchId, result.id, flights.length > 0);
  const seatsOn = (leg: number) => extras.seats?.find((c) => c.leg === leg)?.seats ?? [];
  const setSeats = (leg: number, seats: (string | null)[]) =>
    onChange({ ...extras, seats: [...(extras.seats ?? []).filter((c) => c.leg !== leg), { leg, seats }] });

  const railChoice = (leg: number): RailChoice =>
    extras.rail.find((c) => c.leg === leg) ?? {
      leg,
      seatClass: result.legs[leg]?.cabin ?? '',
      seats: [],
      bunks: [],
    };
  const setRail = (choice: RailChoice) =>
    onChange({ ...extras, rail: [...extras.rail.filter((c) => c.leg !== choice.leg), choice] });
  const pieces = (k: number) => extras.baggage.find((b) => b.ticket === k)?.pieces ?? [];
  const setPieces = (k: number, t: number, n: number) => {
    const list = travellers.map((_, i) => (i === t ? n : (pieces(k)[i] ?? 0)));
    onChange({ ...extras, baggage: [...extras.baggage.filter((b) => b.ticket !== k), { ticket: k, pieces: list }] });
  };

  if (flights.length === 0 && rides.length === 0) {
    return (
      <Card title={t('booking.extras.title')} data-testid="step-extras">
        <p className={styles.muted}>{t('booking.extras.noChoices')}</p>
      </Card>
    );
  }
  return (
    <div data-testid="step-extras" className={styles.extras}>
      {flights.map(({ k }) => (
        <BaggageCard
          key={`flight-${k}`}
          offer={offer}
          k={k}
          travellers={travellers}
          types={types}
          pieces={pieces(k)}
          onPieces={(i, n) => setPieces(k, i, n)}
        />
      ))}
      {seatMaps.isLoading ? <p className={styles.muted}>{t('booking.seats.loading')}</p> : null}
      {(seatMaps.data?.flights ?? []).map((map) => (
        <SeatMapCard
          key={`seats-${map.leg}`}
          offer={offer}
          map={map}
          travellers={travellers}
          types={types}
          seats={seatsOn(map.leg)}
          onSeats={(seats) => setSeats(map.leg, seats)}
        />
      ))}
      {rides.map((legIndex) => (
        <RailExtrasCard
          key={`rail-${legIndex}`}
          offer={offer}
          legIndex={legIndex}
          travellers={travellers}
          types={types}
          choice={railChoice(legIndex)}
          onChange={setRail}
        />
      ))}
    </div>
  );
}
