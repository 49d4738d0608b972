import {
  type BookingOffer,
  type Bunk,
  bunkSurcharge,
  type PartyTypes,
  type Passenger,
  type RailChoice,
  railClassFare,
  railSeatsNeeded,
  SEAT_LETTERS_BY_CLASS,
  type SeatLetter,
  SLEEPER_BUNKS,
} from '@junction/domain';
import { Alert, Card, Radio, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';
import { Price } from '../../../shared/ui/price';
import { isWaitlisted } from '../lib/booking-extras';
import { cny, nameOf } from './extras-format';
import styles from './orders.module.css';
import { WaitlistTerms } from './waitlist-terms';

type Props = {
  offer: BookingOffer;
  legIndex: number;
  travellers: Passenger[];
  types: PartyTypes;
  choice: RailChoice;
  onChange: (choice: RailChoice) => void;
};

/**
 * A train's choices: the seat class with the tickets left (or its waiting list), then a seat letter or, in
 * sleepers, a berth per traveller, each at its own price.
 */
export function RailExtrasCard({ offer, legIndex, travellers, types, choice, onChange: setRail }: Props) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const { result } = offer;
  const leg = result.legs[legIndex];
  if (!leg) return null;
  const classes = leg.seats?.length ? leg.seats.map((s) => s.code) : leg.cabin ? [leg.cabin] : [];
  const letters = SEAT_LETTERS_BY_CLASS[choice.seatClass] ?? [];
  const bunks = SLEEPER_BUNKS[choice.seatClass] ?? [];
  const classFare = railClassFare(leg, choice.seatClass) ?? leg.price.amount;
  return (
    <Card
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
                  <Tag variant="filled" color="green">
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
}
