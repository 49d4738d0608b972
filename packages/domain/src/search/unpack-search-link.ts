import { type SearchCriteria, searchCriteriaSchema } from './search.schema';
import { readSearchLink } from './search-link';

/** The criteria of a search link (spec §7), or null when the link is malformed or the criteria invalid. */
export function unpackSearchLink(s: string): SearchCriteria | null {
  const fields = readSearchLink(s);
  const parsed = fields && searchCriteriaSchema.safeParse(fields);
  return parsed?.success ? parsed.data : null;
}
