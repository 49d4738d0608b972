import type { ChangeQuote, ResultLeg } from '@junction/domain';
import { railClassFare } from '@junction/domain';
import { Card, Radio, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../shared/ui/price';
import styles from './orders.module.css';

const cny = (amountMinor: number) => ({ amountMinor, currency: 'CNY' as const });

/** Above this many, the seats left show as available rather than a number, as on the results page. */
const PLENTY_OF_SEATS = 20;

/**
 * The seat classes a new train or the cabins a new flight may be taken in: the fare in each, the seats left
 * and the server's difference of the change.
 */
export function ChangeClassPicker(p: {
  leg: ResultLeg;
  classes: readonly string[];
  quotes: readonly { data?: ChangeQuote | undefined; isPending: boolean }[];
  value: string;
  /** The ticket's own class or cabin when the train or flight is its own: no change, so not offered. */
  own: string | null;
  onChange: (seatClass: string) => void;
}) {
  const { t } = useTranslation('orders');
  const rail = p.leg.kind === 'land';
  const nameOf = (code: string) => (rail ? t(`seats.${code}` as 'seats.O') : t(`cabins.${code}` as 'cabins.Y'));
  const leftOf = (left: number | undefined) =>
    left === undefined
      ? null
      : left <= 0
        ? t('change.soldOut')
        : left > PLENTY_OF_SEATS
          ? t('change.plenty')
          : t('change.left', { count: left });
  return (
    <Card className={styles.card} title={t(rail ? 'change.seatClass' : 'change.cabin')} data-testid="change-classes">
      <Radio.Group value={p.value} onChange={(e) => p.onChange(e.target.value as string)} className={styles.classes}>
        {p.classes.map((code, i) => {
          const fare = railClassFare(p.leg, code);
          const quote = p.quotes[i];
          const left = p.leg.seats?.find((s) => s.code === code)?.remaining;
          const own = code === p.own;
          return (
            <Radio.Button
              key={code}
              value={code}
              disabled={own || left === 0 || (!quote?.isPending && !quote?.data)}
              className={styles.classOption}
              data-testid="change-class"
              data-code={code}
            >
              <span className={styles.className}>{nameOf(code)}</span>
              {fare !== undefined ? <Price money={cny(fare)} className={styles.classPrice} /> : null}
              <span className={styles.classLeft} data-testid="change-class-left">
                {leftOf(left)}
              </span>
              <span className={styles.classLeft} data-testid="change-class-difference">
                {own ? (
                  t(rail ? 'change.classOwn' : 'change.cabinOwn')
                ) : quote?.isPending ? (
                  <Spin size="small" />
                ) : (
                  <Difference quote={quote?.data} />
                )}
              </span>
            </Radio.Button>
          );
        })}
      </Radio.Group>
    </Card>
  );
}

/** What this class costs or returns against the ticket: to pay, back, or nothing either way. */
function Difference({ quote }: { quote: ChangeQuote | undefined }) {
  const { t } = useTranslation('orders');
  if (!quote) return <>{t('change.classUnavailable')}</>;
  if (quote.due.amount > 0)
    return (
      <>
        {t('change.classDue')} <Price money={cny(quote.due.amount)} />
      </>
    );
  if (quote.refund.amount > 0)
    return (
      <>
        {t('change.classRefund')} <Price money={cny(quote.refund.amount)} />
      </>
    );
  return <>{t('change.classEven')}</>;
}
