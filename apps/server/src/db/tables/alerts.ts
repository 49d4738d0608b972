import type { Generated } from 'kysely';
import type { Timestamp } from './columns';

/** A traveller's price alert (migrations 0022, 0024). */
export type PriceAlertsTable = {
  id: Generated<string>;
  userId: string;
  link: string;
  status: string;
  sms: Generated<boolean>;
  lowestMinor: number | null;
  checkedAt: Timestamp | null;
  version: Generated<number>;
  createdAt: Timestamp;
};

/** The lowest price at each check of an alert (migration 0022). */
export type PriceAlertPointsTable = {
  alertId: string;
  version: number;
  seenAt: Timestamp;
  lowestMinor: number | null;
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
  simFareSales: SimFareSalesTable;
};
