import {
  type BookingExtras,
  type BookingOffer,
  type Bunk,
  bagPrice,
  bunkSurcharge,
  MAX_EXTRA_PIECES,
  type PartyTypes,
  type Passenger,
  type RailChoice,
  type ResultLeg,
  railClassFare,
  railSeatsNeeded,
  SEAT_LETTERS_BY_CLASS,
  type SeatLetter,
  SLEEPER_BUNKS,
} from '@junction/domain';
import { Alert, Card, InputNumber, Radio, Select, Tag } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';
import { Price } from '../../../shared/ui/price';
import styles from './orders.module.css';
import { WaitlistCutoff } from './waitlist-card';

export type ExtrasStepProps = {
  offer: BookingOffer;
  travellers: Passenger[];
  types: PartyTypes;
  extras: BookingExtras;
  onChange: (extras: BookingExtras) => void;
};

const nameOf = (p: Passenger) => p.chineseName ?? [p.surname, p.givenNames].filter(Boolean).join(' ');
const cny = (amountMinor: number) => ({ amountMinor, currency: 'CNY' as const });

/**
 * Step 3 (spec §2, §3): baggage per traveller on each flight ticket, with the included allowance and
 * extra checked pieces at the airline's price; on each train the seat class with remaining tickets,
 * a seat letter or, in sleepers, a berth per traveller, each at its own price.
 */
export function ExtrasStep({ offer, travellers, types, extras, onChange }: ExtrasStepProps) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const { result } = offer;
  const flights = offer.tickets.map((ticket, k) => ({ ticket, k })).filter((x) => x.ticket.type === 'flight');
  const rides = offer.tickets.filter((x) => x.type === 'railway').map((x) => x.legs[0] as number);

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
      {flights.map(({ ticket, k }) => {
        const leg = result.legs[ticket.legs[0] as number];
        const price = bagPrice(result, ticket);
        if (!leg?.baggage) return null;
        return (
          <Card
            key={`flight-${k}`}
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
                        value={pieces(k)[i] ?? 0}
                        onChange={(n) => setPieces(k, i, n ?? 0)}
                        aria-label={`${t('booking.extras.extraPieces')} ${nameOf(p)}`}
                        data-testid="extra-pieces"
                      />
                      <span className={styles.muted} data-testid="per-piece">
                        <Trans
                          t={t}
                          i18nKey="booking.extras.perPiece"
                          components={{ price: <Price money={cny(price)} /> }}
                        />
                      </span>
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </Card>
        );
      })}
      {rides.map((legIndex) => {
        const leg = result.legs[legIndex];
        if (!leg) return null;
        const choice = railChoice(legIndex);
        const classes = leg.seats?.length ? leg.seats.map((s) => s.code) : leg.cabin ? [leg.cabin] : [];
        const letters = SEAT_LETTERS_BY_CLASS[choice.seatClass] ?? [];
        const bunks = SLEEPER_BUNKS[choice.seatClass] ?? [];
        const classFare = railClassFare(leg, choice.seatClass) ?? leg.price.amount;
        return (
          <Card
            key={`rail-${legIndex}`}
            title={`${t('legs.land')} ${leg.number} · ${leg.from.name[language]} → ${leg.to.name[language]}`}
            className={styles.card}
            data-testid="rail-card"
          >
            <h4 className={styles.sectionTitle}>{t('booking.extras.seatClass')}</h4>
            <Radio.Group
              value={choice.seatClass}
              onChange={(e) => setRail({ leg: legIndex, seatClass: e.target.value as string, seats: [], bunks: [] })}
              className={styles.classes}
            >
              {classes.map((code) => {
                const left = offer.remaining.find((r) => r.leg === legIndex && r.seatClass === code)?.remaining ?? 0;
                const fare = railClassFare(leg, code);
                return (
                  <Radio.Button
                    key={code}
                    value={code}
                    disabled={left <= 0 && offer.waitlist.cutoffAt === null}
                    className={styles.classOption}
                    data-testid="seat-class"
                    data-code={code}
                  >
                    <span className={styles.className}>{t(`seats.${code}` as 'seats.O')}</span>
                    {fare !== undefined ? <Price money={cny(fare)} className={styles.classPrice} /> : null}
                    <span className={styles.classLeft}>
                      {left > 0
                        ? t('booking.extras.remaining', { count: left })
                        : offer.waitlist.cutoffAt !== null
                          ? t('waitlist.soldOutJoin')
                          : t('booking.extras.soldOut')}
                    </span>
                  </Radio.Button>
                );
              })}
            </Radio.Group>
            {isWaitlisted(offer, legIndex, choice.seatClass, railSeatsNeeded(types)) ? (
              <Alert
                type="info"
                showIcon
                className={styles.waitlistOffer}
                title={t('waitlist.joinTitle', { seatClass: t(`seats.${choice.seatClass}` as 'seats.O') })}
                description={<WaitlistTerms cutoffAt={offer.waitlist.cutoffAt ?? ''} />}
                data-testid="waitlist-offer"
              />
            ) : null}
            {letters.length > 0 || bunks.length > 0 ? (
              <>
                <h4 className={styles.sectionTitle}>
                  {bunks.length > 0 ? t('booking.extras.bunk') : t('booking.extras.seatPreference')}
                </h4>
                <ul className={styles.extraRows}>
                  {travellers.map((p, i) =>
                    types.rail[i] === 'FREE_CHILD' ? (
                      <li key={p.id} className={styles.extraRow}>
                        <span className={styles.choiceName}>{nameOf(p)}</span>
                        <Tag bordered={false} color="green">
                          {t('booking.travellers.railFree')}
                        </Tag>
                      </li>
                    ) : (
                      <li key={p.id} className={styles.extraRow}>
                        <span className={styles.choiceName}>{nameOf(p)}</span>
                        {bunks.length > 0 ? (
                          <Select
                            className={styles.extraSelect}
                            value={choice.bunks[i] ?? 0}
                            aria-label={`${t('booking.extras.bunk')} ${nameOf(p)}`}
                            data-testid="bunk-select"
                            onChange={(v: number) => {
                              const list = travellers.map((_, j) =>
                                j === i ? (v === 0 ? null : (v as Bunk)) : (choice.bunks[j] ?? null),
                              );
                              setRail({ ...choice, bunks: list });
                            }}
                            options={[
                              { value: 0, label: t('booking.extras.anyBunk') },
                              ...bunks.map((b) => ({
                                value: b,
                                label: (
                                  <span>
                                    {t(`bunks.${b}`)}
                                    {bunkSurcharge(classFare, b) > 0 ? (
                                      <>
                                        {' +'}
                                        <Price money={cny(bunkSurcharge(classFare, b))} />
                                      </>
                                    ) : null}
                                  </span>
                                ),
                              })),
                            ]}
                          />
                        ) : (
                          <Select
                            className={styles.extraSelect}
                            value={choice.seats[i] ?? ''}
                            aria-label={`${t('booking.extras.seatPreference')} ${nameOf(p)}`}
                            data-testid="seat-letter"
                            onChange={(v: string) => {
                              const list = travellers.map((_, j) =>
                                j === i ? ((v || null) as SeatLetter | null) : (choice.seats[j] ?? null),
                              );
                              setRail({ ...choice, seats: list });
                            }}
                            options={[
                              { value: '', label: t('booking.extras.anySeat') },
                              ...letters.map((l) => ({ value: l, label: t(`letters.${l}`) })),
                            ]}
                          />
                        )}
                      </li>
                    ),
                  )}
                </ul>
              </>
            ) : null}
          </Card>
        );
      })}
    </div>
  );
}

/**
 * The extras a booking starts with: the seat class of its train chosen on the result's card (a class the
 * train has), nothing else chosen yet.
 */
export function startingExtras(offer: BookingOffer, seatClass: string | null): BookingExtras {
  const rides = offer.tickets.filter((x) => x.type === 'railway').map((x) => x.legs[0] as number);
  const leg = rides.length === 1 ? rides[0] : undefined;
  const has =
    leg !== undefined && !!seatClass && railClassFare(offer.result.legs[leg] as ResultLeg, seatClass) !== undefined;
  return { rail: has ? [{ leg, seatClass, seats: [], bunks: [] }] : [], baggage: [] };
}

/** The legs as booked: each train in the seat class chosen for it, at that class's fare. */
export function legsInChosenClasses(legs: readonly ResultLeg[], extras: BookingExtras): ResultLeg[] {
  return legs.map((leg, i) => {
    const choice = extras.rail.find((c) => c.leg === i);
    const fare = choice && leg.kind === 'land' ? railClassFare(leg, choice.seatClass) : undefined;
    return choice && fare !== undefined
      ? { ...leg, cabin: choice.seatClass, price: { ...leg.price, amount: fare } }
      : leg;
  });
}

/**
 * Whether a ride's chosen class has too few seats for the party and its waiting list may be joined (the
 * train's list is open): a class with seats for everyone is booked, never waited for.
 */
export function isWaitlisted(offer: BookingOffer, leg: number, seatClass: string, seatsNeeded: number): boolean {
  if (offer.waitlist.cutoffAt === null || seatsNeeded === 0) return false;
  const left = offer.remaining.find((r) => r.leg === leg && r.seatClass === seatClass)?.remaining ?? 0;
  return left < seatsNeeded;
}

/** What joining the waiting list means, shown before the order is made and before paying. */
export function WaitlistTerms({ cutoffAt }: { cutoffAt: string }) {
  const { t } = useTranslation('orders');
  return (
    <div data-testid="waitlist-terms">
      <p className={styles.muted}>{t('waitlist.joinIntro')}</p>
      <ul>
        <li>
          {t('waitlist.cutoffRule')} <WaitlistCutoff cutoffAt={cutoffAt} />
        </li>
        <li>{t('waitlist.held')}</li>
        <li>{t('waitlist.refund')}</li>
        <li>{t('waitlist.cardOnly')}</li>
      </ul>
    </div>
  );
}
