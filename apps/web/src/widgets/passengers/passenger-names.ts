import type { Passenger } from '@junction/domain';

type Named = Pick<Passenger, 'chineseName' | 'surname' | 'givenNames' | 'middleName'>;

/** The English name as documents write it: SURNAME/GIVEN NAMES MIDDLE. */
export function englishName(p: Named): string | null {
  if (!p.surname && !p.givenNames) return null;
  return `${p.surname ?? ''}/${[p.givenNames, p.middleName].filter(Boolean).join(' ')}`;
}

/** The name a traveller is known by: the Chinese one when saved, else the English one. */
export const displayName = (p: Named): string => p.chineseName ?? englishName(p) ?? '';

/** The English name under a Chinese one, when both are saved. */
export const secondaryName = (p: Named): string | null => (p.chineseName ? englishName(p) : null);
