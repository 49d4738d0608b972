import type { NoticeKind, NoticeParams, ReceiptPayment } from '@junction/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database';

/** Tells a traveller something in the caller's transaction (the notifications feature's `notify`, from `app.ts`). */
export type Notifier = (
  trx: Kysely<Database>,
  notice: {
    userId: string;
    kind: NoticeKind;
    orderId?: string | null;
    params?: NoticeParams;
    dedupeKey?: string;
    at?: Date;
  },
) => Promise<unknown>;

/**
 * Returns money for a refund to the channel that paid (card through the gateway, wallet through the
 * ledger): the payment feature's `PaymentsService.refund`, composed in `app.ts`. Idempotent per key.
 */
export type RefundMoney = (refund: {
  orderId: string;
  subOrderId: string;
  userId: string;
  amountMinor: number;
  idempotencyKey: string;
}) => Promise<{ channel: string }>;

/** Mail to the operations staff (the SMTP mailer, composed in `app.ts`). */
export type StaffMail = (mail: { subject: string; text: string }) => Promise<void>;

/** The payments taken for an order, for its receipt (the payment feature's `PaymentsService.paymentsOf`). */
export type PaymentRecords = (orderId: string) => Promise<ReceiptPayment[]>;
