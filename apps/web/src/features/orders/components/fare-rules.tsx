import type { FeeRules, ResultLeg } from '@junction/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../shared/ui/price';
import { RailTerms } from '../../../widgets/rail/rail-terms';
import styles from './orders.module.css';

export type FareRulesProps = { fees: FeeRules; legs: ResultLeg[] };

/**
 * The flights' cancellation and change fees before and within 2 hours of departure, and free
 * cancellation (spec §9); the trains' refund and change rules are the railway's own.
 */
export function FareRules({ fees, legs }: FareRulesProps) {
  const { t } = useTranslation('orders');
  const flies = legs.some((l) => l.kind === 'air');
  const rides = legs.some((l) => l.kind === 'land');
  const cell = (m: FeeRules['cancelBefore']) =>
    m === null ? (
      t('fees.notAllowed')
    ) : m.amount === 0 ? (
      t('fees.free')
    ) : (
      <Price money={{ amountMinor: m.amount, currency: m.currency }} />
    );
  return (
    <div className={styles.fareRules} data-testid="fare-rules">
      {flies ? (
        <table>
          <thead>
            <tr>
              <th />
              <th>{t('fees.before')}</th>
              <th>{t('fees.after')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th>{t('fees.cancel')}</th>
              <td>{cell(fees.cancelBefore)}</td>
              <td>{cell(fees.cancelAfter)}</td>
            </tr>
            <tr>
              <th>{t('fees.change')}</th>
              <td>{cell(fees.changeBefore)}</td>
              <td>{cell(fees.changeAfter)}</td>
            </tr>
          </tbody>
        </table>
      ) : null}
      {flies && fees.free24h ? (
        <Tag color="green" variant="filled">
          {t('fees.free24h')}
        </Tag>
      ) : null}
      {rides ? <RailTerms /> : null}
    </div>
  );
}
