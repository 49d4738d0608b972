import { type Order, partyType } from '@junction/domain';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** The party's type (spec §3): one type, or MIX for travellers of several. */
export function PartyTag({ types }: { types: Order['travellers'][number]['airType'][] }) {
  const { t } = useTranslation('orders');
  const party = partyType(types);
  return party ? (
    <Tag bordered={false} data-testid="party-type" data-type={party}>
      {t(`types.${party}`)}
    </Tag>
  ) : null;
}
