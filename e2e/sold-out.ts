/**
 * The simulated railway's train sold out in every class for the browser tests: the server is started
 * with it (`RAIL_SIM_SOLD_OUT`, playwright.config.ts), on days no other test searches.
 */
export const SOLD_OUT_TRAIN = 'G113';
/** Days ahead: one per language. */
export const SOLD_OUT_DAYS = { en: 9, 'zh-CN': 10 } as const;

const isoInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The server's setting: `G113@yyyy-mm-dd,…`. */
export const soldOutSetting = (): string =>
  Object.values(SOLD_OUT_DAYS)
    .map((days) => `${SOLD_OUT_TRAIN}@${isoInDays(days)}`)
    .join(',');
