/**
 * Customer-service hours (spec §1): 9:00–18:00 Beijing time, every day. Beijing keeps UTC+8 all year,
 * so the hours are the same instants whatever the traveller's time zone.
 */
export const SERVICE_OPENS_HOUR = 9;
export const SERVICE_CLOSES_HOUR = 18;
const BEIJING_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

export type ServiceHours = {
  open: boolean;
  /** When agents are next back (the next 9:00 Beijing time); null while they are in. */
  opensAt: string | null;
  /** When the current opening ends (18:00 Beijing time); null while closed. */
  closesAt: string | null;
};

/** Whether agents are in at an instant and, if not, when they are back. */
export function serviceHours(at: Date): ServiceHours {
  const beijing = at.getTime() + BEIJING_OFFSET_MS;
  const dayStart = Math.floor(beijing / DAY_MS) * DAY_MS;
  const opens = dayStart + SERVICE_OPENS_HOUR * 3_600_000;
  const closes = dayStart + SERVICE_CLOSES_HOUR * 3_600_000;
  const utc = (beijingMs: number) => new Date(beijingMs - BEIJING_OFFSET_MS).toISOString();
  if (beijing >= opens && beijing < closes) return { open: true, opensAt: null, closesAt: utc(closes) };
  return { open: false, opensAt: utc(beijing < opens ? opens : opens + DAY_MS), closesAt: null };
}
