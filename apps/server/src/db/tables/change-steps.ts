import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns';

/** One step of a ticket change's status (`CHANGE_TRANSITIONS`), written beside the compare-and-set that made it. */
export type TicketChangeEventsTable = {
  id: Generated<string>;
  changeId: string;
  /** Null for the step that made the change. */
  fromStatus: string | null;
  toStatus: string;
  data: ColumnType<unknown, string | undefined, string>;
  at: Timestamp;
};

export type ChangeStepTables = { ticketChangeEvents: TicketChangeEventsTable };
