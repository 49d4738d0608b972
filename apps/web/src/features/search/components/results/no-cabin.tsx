import { normalizeCabin, packSearchLink, type SearchCriteria } from '@junction/domain';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../../shared/paths';
import { EmptyState } from '../../../../shared/ui/empty-state';

/**
 * Whether a finished search with nothing listed found flights that do not sell its cabin above economy with
 * a seat for each traveller: the page then says so and offers the same search in economy.
 */
export const lacksCabin = (criteria: SearchCriteria, withoutCabin: number): boolean =>
  withoutCabin > 0 && normalizeCabin(criteria.cabin) !== 'Y';

/** No flight of the search sells its cabin for the party: said, with the same search in economy a tap away. */
export function NoCabin({ criteria }: { criteria: SearchCriteria }) {
  const { t } = useTranslation('results');
  const navigate = useNavigate();
  const cabin = t(`empty.cabinNames.${normalizeCabin(criteria.cabin) as 'C'}`);
  return (
    <EmptyState
      kind="no-result"
      title={t('empty.noCabin', { cabin })}
      description={t('empty.noCabinText', { cabin })}
      action={
        <Button
          type="primary"
          onClick={() => navigate(paths.searchResults(packSearchLink({ ...criteria, cabin: 'Y' })))}
          data-testid="search-economy"
        >
          {t('empty.inEconomy')}
        </Button>
      }
    />
  );
}
