import { type AirType, type Order, partyType, TRAVELLER_TYPES } from '@junction/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The party's type (spec §3): its one type, or for travellers of several types how many of each
 * ("1 adult, 2 children", "1成人、2儿童").
 */
export function PartyTag({ types }: { types: Order['travellers'][number]['airType'][] }) {
  const { t } = useTranslation('orders');
  const party = partyType(types);
  if (!party) return null;
  const counts = TRAVELLER_TYPES.filter((x): x is AirType => x !== 'MIX')
    .filter((x) => types.includes(x))
    .map((x) => t(`party.${x}`, { count: types.filter((y) => y === x).length }));
  return (
    <Tag variant="filled" data-testid="party-type" data-type={party}>
      {party === 'MIX' ? counts.join(t('party.separator')) : t(`types.${party}`)}
    </Tag>
  );
}
