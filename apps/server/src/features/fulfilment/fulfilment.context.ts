import type { FulfilmentRepository } from './fulfilment.repository';
import type {
  Notifier,
  PaymentRecords,
  RefundDestination,
  RefundMoney,
  StaffMail,
  TicketChangedHook,
  TravellerPeople,
} from './ports';
import type { RefundsService } from './refunds.service';
import type { TicketIssuers } from './ticketing/issuer';

export type FulfilmentOptions = {
  /** Ticketing is expected within this many hours of payment (spec §9), shown on the order. */
  ticketingHours: number;
  /** Tries of one ticket before it is given up (dead letter): cancelled, refunded, staff told. */
  ticketingAttempts: number;
  /** A refund is promised as received before this many days after it was asked for. */
  refundDays: number;
  /** A job lock older than this belongs to a process that died; the reconciler frees it. */
  staleLockSeconds: number;
  /** A refund the traveller asked for is paid out after this long; until then it may be withdrawn. */
  refundProcessingSeconds: number;
};

/** What each step of fulfilment works with: its tables, the suppliers, the notices, its options and clock. */
export type FulfilmentContext = {
  repo: FulfilmentRepository;
  issuers: TicketIssuers;
  notify: Notifier;
  staffMail: StaffMail;
  options: FulfilmentOptions;
  now: () => Date;
  paymentsOf: PaymentRecords;
  /** Where a refund goes back, as payments decide it. */
  refundTo: RefundDestination;
  people: TravellerPeople | undefined;
  refunds: RefundsService;
  refundMoney: RefundMoney;
  onTicketChanged: TicketChangedHook;
};
