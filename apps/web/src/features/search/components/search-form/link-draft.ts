import { unpackSearchLink } from '@junction/domain';
import { fromCriteria, type SearchDraft } from './search-draft';

/**
 * The form's draft for a search link (`/?s=…`, "change search" from the results), or undefined when the link
 * is not valid criteria. The home page loads it only for such a link: reading one checks it with the criteria
 * schema, which the first page does without.
 */
export function draftOfLink(link: string): SearchDraft | undefined {
  const criteria = unpackSearchLink(link);
  return criteria ? (fromCriteria(criteria) ?? undefined) : undefined;
}
