/** `HH:mm` of an ISO time with offset, in the place's own local time. */
export const clockOf = (iso: string): string => iso.slice(11, 16);
/** `yyyy-mm-dd` of an ISO time with offset, in the place's own local time. */
export const dayOf = (iso: string): string => iso.slice(0, 10);
