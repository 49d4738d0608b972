import { formatMoney } from '@junction/domain';
import { Checkbox } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../shared/lib/preferences';
import type { StudentFareChoice } from '../lib/student-fare';
import styles from './orders.module.css';

const cny = (amountMinor: number) => ({ amountMinor, currency: 'CNY' as const });

/**
 * A student of the linked 12306 account on the passengers step: the student ticket to tick with its fare
 * beside the adult one, or, when the railway's rules give none, why.
 */
export function StudentFareChoiceRow({
  choice,
  checked,
  onChange,
}: {
  choice: StudentFareChoice;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  if (!choice.ok)
    return (
      <span className={styles.muted} data-testid="student-refusal">
        {t(`booking.travellers.studentRefusal.${choice.reason}`)}
      </span>
    );
  return (
    <span data-testid="student-ticket">
      <Checkbox checked={checked} onChange={(e) => onChange(e.target.checked)}>
        {t('booking.travellers.studentFare', {
          student: formatMoney(cny(choice.studentMinor), language),
          adult: formatMoney(cny(choice.adultMinor), language),
        })}
      </Checkbox>
    </span>
  );
}
