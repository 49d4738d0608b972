import type { ChangeOptions } from '@junction/domain';
import { Card, Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './orders.module.css';

type Traveller = ChangeOptions['tickets'][number]['travellers'][number];

/**
 * Who changes a train ticket: a box per traveller on it, all ticked at first; the last one ticked stays
 * ticked however it is clicked. Those not ticked keep their tickets as they are; one whose own ticket was
 * refunded is shown unticked, cannot be ticked, and says why.
 */
export function ChangeTravellers(p: {
  travellers: Traveller[];
  value: number[];
  onChange: (positions: number[]) => void;
}) {
  const { t } = useTranslation('orders');
  const toggle = (position: number, on: boolean) => {
    const next = p.travellers
      .filter((x) => !x.refunded)
      .map((x) => x.position)
      .filter((x) => (x === position ? on : p.value.includes(x)));
    if (next.length > 0) p.onChange(next);
  };
  return (
    <Card className={styles.card} title={t('change.travellers')} data-testid="change-travellers">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        {p.travellers.map((x) => {
          const on = !x.refunded && p.value.includes(x.position);
          return (
            <Checkbox
              key={x.position}
              checked={on}
              disabled={x.refunded}
              onChange={(e) => toggle(x.position, e.target.checked)}
              data-testid="change-traveller"
              data-position={x.position}
            >
              {x.name}
              {x.refunded ? <span className={styles.muted}> · {t('change.travellerRefunded')}</span> : null}
            </Checkbox>
          );
        })}
      </div>
      <p className={styles.muted}>{t('change.travellersNote')}</p>
    </Card>
  );
}
