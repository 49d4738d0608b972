/**
 * The simulated railway's train sold out in every class for the browser tests: the server is started
 * with it (`RAIL_SIM_SOLD_OUT`, playwright.config.ts), on days no other test searches.
 */
export const SOLD_OUT_TRAIN = 'G113';
/** Days ahead: one per language. */
export const SOLD_OUT_DAYS = { en: 9, 'zh-CN': 10 } as const;

const isoInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The sold-out dates, fixed once for the run: the config reckons them as it starts the server, and the
 * workers it starts inherit them, so a run that passes midnight still searches the days the server was given.
 */
export function soldOutDates(): Record<keyof typeof SOLD_OUT_DAYS, string> {
  const kept = process.env.E2E_SOLD_OUT_DATES;
  if (kept) return JSON.parse(kept) as Record<keyof typeof SOLD_OUT_DAYS, string>;
  const dates = { en: isoInDays(SOLD_OUT_DAYS.en), 'zh-CN': isoInDays(SOLD_OUT_DAYS['zh-CN']) };
  process.env.E2E_SOLD_OUT_DATES = JSON.stringify(dates);
  return dates;
}

/** The server's setting: `G113@yyyy-mm-dd,…`. */
export const soldOutSetting = (): string =>
  Object.values(soldOutDates())
    .map((date) => `${SOLD_OUT_TRAIN}@${date}`)
    .join(',');
