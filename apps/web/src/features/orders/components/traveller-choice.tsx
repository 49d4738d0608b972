import type { Passenger } from '@junction/domain';
import { Checkbox, Empty, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSavedTravellers } from '../api/orders';
import styles from './orders.module.css';

export type TravellerChoiceProps = {
  value: string[];
  onChange: (passengers: Passenger[]) => void;
  max: number;
};

const nameOf = (p: Passenger) => p.chineseName ?? [p.surname, p.givenNames].filter(Boolean).join(' ');

/** The saved travellers with their masked documents; ticking one puts it on the booking. */
export function TravellerChoice({ value, onChange, max }: TravellerChoiceProps) {
  const { t } = useTranslation('orders');
  const { data, isPending } = useSavedTravellers(true);
  const all = data?.items ?? [];
  if (isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (all.length === 0) return <Empty description={t('booking.travellers.none')} />;
  const toggle = (id: string, on: boolean) => {
    const ids = on ? [...value, id] : value.filter((v) => v !== id);
    onChange(ids.flatMap((x) => all.filter((p) => p.id === x)));
  };
  return (
    <ul className={styles.choiceList} data-testid="traveller-choice">
      {all.map((p) => {
        const chosen = value.includes(p.id);
        return (
          <li key={p.id} className={`${styles.choiceItem} ${chosen ? styles.choiceChosen : ''}`}>
            <Checkbox
              checked={chosen}
              disabled={!chosen && value.length >= max}
              onChange={(e) => toggle(p.id, e.target.checked)}
              data-testid="choose-traveller"
            >
              <span className={styles.choiceName}>{nameOf(p)}</span>
            </Checkbox>
            <span className={styles.choiceDocs}>
              {p.documents.map((d) => (
                <Tag key={d.id} bordered={false}>
                  {d.numberMasked}
                </Tag>
              ))}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
