import type { Generated } from 'kysely';
import type { Timestamp } from './columns';

/** A traveller's price alert (migrations 0022, 0024, 0029). */
export type PriceAlertsTable = {
  id: Generated<string>;
  userId: string;
  link: string;
  status: string;
  sms: Generated<boolean>;
  lowestMinor: number | null;
  /** Any day of this month (`yyyy/MM`); null: the link's own dates. */
  month: string | null;
  /** The day (`yyyy-mm-dd`) of the lowest price of an alert over a month. */
  lowestDay: string | null;
  checkedAt: Timestamp | null;
  version: Generated<number>;
  createdAt: Timestamp;
};

/** The lowest price at each check of an alert, and its day for an alert over a month (migrations 0022, 0029). */
export type PriceAlertPointsTable = {
  alertId: string;
  version: number;
  seenAt: Timestamp;
  lowestMinor: number | null;
  day: string | null;
};

/** The lowest price an alert over a month saw on one of its days, and when (migration 0029). */
export type PriceAlertDaysTable = {
  alertId: string;
  day: string;
  lowestMinor: number | null;
  seenAt: Timestamp;
};

/** A sale of the simulated flight sellers on a route (migration 0023). */
export type SimFareSalesTable = {
  origin: string;
  destination: string;
  percentOff: number;
  setAt: Timestamp;
};

/** The price alert tables and the simulated sellers' sales, by the name queries use. */
export type AlertTables = {
  priceAlerts: PriceAlertsTable;
  priceAlertPoints: PriceAlertPointsTable;
  priceAlertDays: PriceAlertDaysTable;
  simFareSales: SimFareSalesTable;
};
