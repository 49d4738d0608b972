import type { Passenger } from '@junction/domain';

/** A traveller as the extras name them: the Chinese name, else the English one. */
export const nameOf = (p: Passenger) => p.chineseName ?? [p.surname, p.givenNames].filter(Boolean).join(' ');
/** An amount in hundredths of a yuan, as money. */
export const cny = (amountMinor: number) => ({ amountMinor, currency: 'CNY' as const });
