import { createHash } from 'node:crypto';
import {
  type AddCard,
  AppError,
  addCardSchema,
  type CardBrand,
  cardBrandSchema,
  ERRORS,
  type ErrorName,
  expiryValid,
  maskCardNumber,
  SAVED_CARD_LIMIT,
  type SavedCard,
  type SavedCardList,
  TOPUP_MAX_MINOR,
  TOPUP_MIN_MINOR,
  type TopUp,
  type TopUpState,
  utcDateOf,
  type WalletEntriesQuery,
  type WalletEntryPage,
  type WalletSummary,
} from '@junction/domain';
import { formatPhone, maskMobile, splitPhone } from '@junction/domain/phone';
import { z } from 'zod';
import { addJob } from '../../jobs/jobs';
import type { Keyring } from '../../lib/crypto';
import { type CardProcessor, type ProcessorIntent, ProcessorRefused, ProcessorUnavailable } from './ports';
import type { WalletLedger } from './wallet.ledger';
import type {
  ShownWalletEntryRow,
  Trx,
  WalletCardBilling,
  WalletCardRow,
  WalletRepository,
  WalletTopupRow,
} from './wallet.repository';

declare module '../../jobs/jobs' {
  interface JobPayloads {
    'wallet.settleTopup': { topupId: string };
  }
}

export type WalletOptions = {
  /** Where the card issuer's 3-D Secure page sends the browser back to; `?topup=<id>` is added. */
  returnPath: string;
  /** A top-up still waiting for its 3-D Secure check after this long is cancelled. */
  actionTimeoutMs: number;
  /** When the settling job first looks at a top-up the request did not finish. */
  settleAfterMs: number;
};

const cny = (amount: number) => ({ amount, currency: 'CNY' as const });

function presentEntry(row: ShownWalletEntryRow): WalletEntryPage['items'][number] {
  return {
    id: String(row.id),
    kind: row.kind,
    amount: cny(row.amountMinor),
    balanceAfter: cny(row.balanceAfterMinor),
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    reference: row.reference,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The processor's reasons for a failed card payment, as our error catalogue names them. */
const DECLINE_ERRORS: Record<string, ErrorName> = {
  card_declined: 'CARD_DECLINED',
  insufficient_funds: 'CARD_INSUFFICIENT_FUNDS',
  expired_card: 'CARD_EXPIRED',
  incorrect_cvc: 'CARD_CVC_INCORRECT',
  authentication_failed: 'CARD_AUTHENTICATION_FAILED',
  token_unknown: 'CARD_TOKEN_INVALID',
};
const errorCodeOf = (error: string | null): number | null =>
  error === null ? null : ERRORS[DECLINE_ERRORS[error] ?? 'PAYMENT_FAILED'].errorCode;

const OUTCOMES = {
  created: 'processing',
  processing: 'processing',
  action: 'action',
  succeeded: 'succeeded',
  failed: 'failed',
} as const;
const OPEN = ['created', 'processing', 'action'] as const;

const brandLabel = (brand: string, last4: string) => `${brand.toUpperCase()} •••• ${last4}`;

/** The keyring purpose of a saved card's sealed billing address: a value sealed for it opens nowhere else. */
const BILLING_PURPOSE = 'wallet_cards.billing';
/** The keyring purpose of a new card waiting with its top-up to be saved. */
const SAVE_CARD_PURPOSE = 'wallet_topups.save_card';
/** What waits sealed with a top-up to be saved: the card to save and its card as the processor told it. */
const cardToSaveSchema = addCardSchema.extend({
  brand: cardBrandSchema,
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});

/**
 * A billing phone as a saved card shows it: the calling code and the national number with its middle
 * hidden (`+86 138****8000`, `+852 ****4567`); a number that does not parse keeps only its last four digits.
 */
export function maskBillingPhone(phone: string): string {
  const compact = phone.replace(/[\s()-]/g, '');
  const e164 = compact.startsWith('+') ? compact : `+${compact}`;
  const { country, national } = splitPhone(e164);
  const digits = phone.replace(/\D/g, '');
  if (!country) return `****${digits.slice(-4)}`;
  const code = formatPhone(country, national).split(' ')[0] ?? '';
  // Eleven digits (a mainland mobile) keep their first three; shorter numbers only their last four.
  return `${code} ${national.length >= 11 ? maskMobile(e164) : `****${national.slice(-4)}`}`;
}

/**
 * The wallet as its owner uses it at /account/wallet: the balance and the ledger's history, saved cards
 * (the processor's token with brand, last four and expiry; holder, billing address and description),
 * and top-ups from a saved card. A top-up is written with its idempotency key and a settling job
 * before the processor is called, and is credited to the ledger once, in the transaction that moves it
 * to succeeded, whichever of the request, the browser's return or the job gets there first.
 */
export class WalletService {
  constructor(
    private readonly repo: WalletRepository,
    /** The ledger, for the movements the wallet makes itself (top-ups). */
    readonly ledger: WalletLedger,
    private readonly processor: CardProcessor,
    private readonly options: WalletOptions,
    private readonly now: () => Date,
    /** Seals saved cards' billing addresses and phones at rest. */
    private readonly keyring: Keyring,
  ) {}

  private billingOf(row: WalletCardRow): WalletCardBilling {
    if (row.billingSealed)
      return JSON.parse(this.keyring.open(row.billingSealed, BILLING_PURPOSE)) as WalletCardBilling;
    if (row.billing) return row.billing;
    throw new Error(`saved card ${row.id} has no billing address`);
  }

  private sealBilling(billing: WalletCardBilling): string {
    return this.keyring.seal(JSON.stringify(billing), BILLING_PURPOSE);
  }

  /**
   * Seals the billing address of every card saved before sealing, and re-seals those sealed by an older
   * key (after a rotation), a batch at a time; answers how many moved. Each is a compare-and-set, so two
   * runs at once do no harm.
   */
  async sealCards(batch = 200): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await this.repo.cardsToSeal(this.keyring.activeKeyId, batch);
      let moved = 0;
      for (const row of rows) {
        if (await this.repo.sealCard(row.id, row.billingSealed, this.sealBilling(this.billingOf(row)))) moved++;
      }
      total += moved;
      if (rows.length < batch || moved === 0) return total;
    }
  }

  async summary(userId: string): Promise<WalletSummary> {
    return {
      balance: cny(await this.repo.balance(userId)),
      topupMinMinor: TOPUP_MIN_MINOR,
      topupMaxMinor: TOPUP_MAX_MINOR,
    };
  }

  async entries(userId: string, query: WalletEntriesQuery): Promise<WalletEntryPage> {
    const { rows, total } = await this.repo.entries(userId, query.page, query.pageSize);
    return { items: rows.map(presentEntry), total, page: query.page, pageSize: query.pageSize };
  }

  private presentCard(row: WalletCardRow): SavedCard {
    const brand = row.brand as CardBrand;
    return {
      id: row.id,
      token: row.token,
      brand,
      last4: row.last4,
      numberMasked: maskCardNumber(brand, row.last4),
      expMonth: row.expMonth,
      expYear: row.expYear,
      expired: !expiryValid(row.expMonth, row.expYear, utcDateOf(this.now())),
      name: row.holderName,
      billing: (({ phone, ...address }) => ({ ...address, phoneMasked: maskBillingPhone(phone) }))(this.billingOf(row)),
      description: row.description,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async cards(userId: string): Promise<SavedCardList> {
    return { items: (await this.repo.cards(userId)).map((r) => this.presentCard(r)), limit: SAVED_CARD_LIMIT };
  }

  /** Saves a card from its token: brand, last four and expiry come from the processor, not the browser. */
  async addCard(userId: string, input: AddCard): Promise<SavedCard> {
    const card = await this.describe(input.token);
    if (!expiryValid(card.expMonth, card.expYear, utcDateOf(this.now()))) throw new AppError('CARD_EXPIRED');
    const at = this.now();
    const row = await this.repo.insertCard(
      {
        userId,
        token: input.token,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        holderName: input.name,
        billingSealed: this.sealBilling(input.billing),
        description: input.description,
        createdAt: at,
        updatedAt: at,
      },
      SAVED_CARD_LIMIT,
    );
    if (!row) throw new AppError('CARD_LIMIT', { params: { max: SAVED_CARD_LIMIT } });
    return this.presentCard(row);
  }

  async updateCard(userId: string, id: string, description: string): Promise<SavedCard> {
    const row = await this.repo.updateCard(userId, id, description, this.now());
    if (!row) throw new AppError('CARD_NOT_FOUND');
    return this.presentCard(row);
  }

  async removeCard(userId: string, id: string): Promise<void> {
    if (!(await this.repo.removeCard(userId, id))) throw new AppError('CARD_NOT_FOUND');
  }

  /** The token of the user's saved card, to pay with it; CARD_NOT_FOUND for a card that is not theirs. */
  async cardToken(userId: string, id: string): Promise<{ token: string; brand: CardBrand; last4: string }> {
    const row = await this.repo.card(userId, id);
    if (!row) throw new AppError('CARD_NOT_FOUND');
    if (!expiryValid(row.expMonth, row.expYear, utcDateOf(this.now()))) throw new AppError('CARD_EXPIRED');
    return { token: row.token, brand: row.brand as CardBrand, last4: row.last4 };
  }

  private presentTopup(row: WalletTopupRow): TopUpState {
    return {
      id: row.id,
      outcome: OUTCOMES[row.status],
      amount: cny(row.amountMinor),
      card: { brand: row.cardBrand as CardBrand, last4: row.cardLast4 },
      actionUrl: row.status === 'action' ? row.actionUrl : null,
      errorCode: row.status === 'failed' ? errorCodeOf(row.error) : null,
    };
  }

  /** Whether the token is a saved card's own, anyone's (it pays only through one made with its security code typed again). */
  async isSavedToken(token: string): Promise<boolean> {
    return this.repo.isSavedToken(token);
  }

  private async describe(token: string) {
    return this.processor.describeToken(token).catch((e: unknown) => {
      if (e instanceof ProcessorRefused) throw new AppError('CARD_TOKEN_INVALID');
      if (e instanceof ProcessorUnavailable) throw new AppError('PARTNER_UNAVAILABLE');
      throw e;
    });
  }

  async topUp(userId: string, input: TopUp, idempotencyKey: string | undefined): Promise<TopUpState> {
    const key = idempotencyKey?.trim();
    if (!key || key.length > 200) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
    if (input.amount < TOPUP_MIN_MINOR || input.amount > TOPUP_MAX_MINOR)
      throw new AppError('WALLET_AMOUNT_INVALID', { params: { min: TOPUP_MIN_MINOR, max: TOPUP_MAX_MINOR } });
    const source = input.source;
    const requestHash = createHash('sha256')
      .update(JSON.stringify([input.amount, source]))
      .digest('base64url');
    const earlier = await this.repo.topupByKey(userId, key);
    if (earlier) {
      if (earlier.requestHash !== requestHash) throw new AppError('TOPUP_KEY_REUSED');
      return this.presentTopup(earlier);
    }
    // A saved card pays through a token made with its security code typed again; a new card's token
    // must not be a saved card's own. Either token pays once.
    const savedToken = source.kind === 'savedCard' ? (await this.cardToken(userId, source.cardId)).token : null;
    const card = await this.describe(source.token);
    if (card.used) {
      // Used by this very request sent twice at once: the same top-up's answer.
      const same = await this.repo.topupByKey(userId, key);
      if (same && same.requestHash === requestHash) return this.presentTopup(same);
      throw new AppError('CARD_TOKEN_INVALID');
    }
    if (savedToken !== null ? card.source !== savedToken : await this.isSavedToken(source.token))
      throw new AppError('CARD_TOKEN_INVALID');
    if (!expiryValid(card.expMonth, card.expYear, utcDateOf(this.now()))) throw new AppError('CARD_EXPIRED');
    const save = source.kind === 'card' ? source.save : undefined;
    if (save && (await this.repo.cardCount(userId)) >= SAVED_CARD_LIMIT)
      throw new AppError('CARD_LIMIT', { params: { max: SAVED_CARD_LIMIT } });
    const at = this.now();
    const { row, created } = await this.repo.transaction(async (trx) => {
      const made = await this.repo.insertTopup(trx, {
        userId,
        cardId: source.kind === 'savedCard' ? source.cardId : null,
        idempotencyKey: key,
        requestHash,
        amountMinor: input.amount,
        cardBrand: card.brand,
        cardLast4: card.last4,
        saveCardSealed: save
          ? this.keyring.seal(
              JSON.stringify({
                ...save,
                token: source.token,
                brand: card.brand,
                last4: card.last4,
                expMonth: card.expMonth,
                expYear: card.expYear,
              }),
              SAVE_CARD_PURPOSE,
            )
          : null,
        createdAt: at,
        updatedAt: at,
      });
      if (made.created) {
        // Settles the top-up if this request does not (the process stops, the answer is lost).
        await addJob(
          trx,
          'wallet.settleTopup',
          { topupId: made.row.id },
          { runAt: new Date(at.getTime() + this.options.settleAfterMs), jobKey: `wallet-topup:${made.row.id}` },
        );
      }
      return made;
    });
    if (!created) {
      if (row.requestHash !== requestHash) throw new AppError('TOPUP_KEY_REUSED');
      return this.presentTopup(row);
    }
    return this.presentTopup(await this.charge(row, source.token));
  }

  /** The new card a succeeded top-up asked to save, saved in its transaction (unless the wallet is full by now). */
  private async saveTopupCard(trx: Trx, row: WalletTopupRow): Promise<void> {
    if (!row.saveCardSealed) return;
    const save = cardToSaveSchema.parse(JSON.parse(this.keyring.open(row.saveCardSealed, SAVE_CARD_PURPOSE)));
    const at = this.now();
    const saved = await this.repo.insertCard(
      {
        userId: row.userId,
        token: save.token,
        brand: save.brand,
        last4: save.last4,
        expMonth: save.expMonth,
        expYear: save.expYear,
        holderName: save.name,
        billingSealed: this.sealBilling(save.billing),
        description: save.description,
        createdAt: at,
        updatedAt: at,
      },
      SAVED_CARD_LIMIT,
      trx,
    );
    await this.repo.moveTopup(trx, row.id, ['succeeded'], { saveCardSealed: null, cardId: saved?.id ?? null }, at);
  }

  /** Asks the processor for the money: an intent per top-up (its key is the top-up's), then confirmed. */
  private async charge(row: WalletTopupRow, token: string): Promise<WalletTopupRow> {
    try {
      const intent = await this.processor.createIntent({
        amount: row.amountMinor,
        currency: 'CNY',
        idempotencyKey: `wallet-topup:${row.id}`,
        captureMethod: 'automatic',
        metadata: { walletTopup: row.id },
      });
      await this.repo.moveTopup(
        this.repo.db,
        row.id,
        ['created'],
        { status: 'processing', intentId: intent.id },
        this.now(),
      );
      const confirmed = await this.processor.confirm(intent.id, {
        token,
        returnUrl: `${this.options.returnPath}?${new URLSearchParams({ topup: row.id })}`,
        idempotencyKey: `wallet-topup-confirm:${row.id}`,
      });
      return await this.settle(row.id, confirmed);
    } catch (e) {
      if (e instanceof ProcessorUnavailable) {
        // Unknown whether it took effect: the settling job asks the processor shortly.
        await this.repo.moveTopup(this.repo.db, row.id, ['created'], { status: 'processing' }, this.now());
        return (await this.repo.topupById(row.id)) as WalletTopupRow;
      }
      if (e instanceof ProcessorRefused) {
        return (
          (await this.repo.moveTopup(this.repo.db, row.id, OPEN, { status: 'failed', error: e.code }, this.now())) ??
          ((await this.repo.topupById(row.id)) as WalletTopupRow)
        );
      }
      throw e;
    }
  }

  /**
   * Moves a top-up to where the processor's intent says it is, once: a succeeded intent moves it to
   * succeeded and credits the ledger in the same transaction; a failed or cancelled one fails it.
   */
  private async settle(id: string, intent: ProcessorIntent): Promise<WalletTopupRow> {
    const at = this.now();
    let moved: WalletTopupRow | undefined;
    if (intent.status === 'succeeded') {
      moved = await this.repo.transaction(async (trx) => {
        const row = await this.repo.moveTopup(trx, id, OPEN, { status: 'succeeded', intentId: intent.id }, at);
        if (row) {
          await this.ledger.credit(trx, {
            userId: row.userId,
            kind: 'topup',
            amountMinor: row.amountMinor,
            idempotencyKey: `topup:${row.id}`,
            reference: brandLabel(row.cardBrand, row.cardLast4),
          });
          await this.saveTopupCard(trx, row);
        }
        return row;
      });
    } else if (intent.status === 'failed' || intent.status === 'canceled') {
      moved = await this.repo.moveTopup(
        this.repo.db,
        id,
        OPEN,
        { status: 'failed', intentId: intent.id, error: intent.declineCode ?? 'canceled' },
        at,
      );
    } else if (intent.status === 'requires_action') {
      moved = await this.repo.moveTopup(
        this.repo.db,
        id,
        ['created', 'processing'],
        { status: 'action', intentId: intent.id, actionUrl: intent.nextActionUrl },
        at,
      );
    }
    return moved ?? ((await this.repo.topupById(id)) as WalletTopupRow);
  }

  /** Where a top-up stands; one not settled yet is looked up at the processor (after 3-D Secure). */
  async topUpState(userId: string, id: string): Promise<TopUpState> {
    const row = await this.repo.topupForUser(userId, id);
    if (!row) throw new AppError('TOPUP_NOT_FOUND');
    if (row.status === 'succeeded' || row.status === 'failed' || !row.intentId) return this.presentTopup(row);
    try {
      return this.presentTopup(await this.settle(row.id, await this.processor.retrieve(row.intentId)));
    } catch (e) {
      if (e instanceof ProcessorUnavailable || e instanceof ProcessorRefused) return this.presentTopup(row);
      throw e;
    }
  }

  /**
   * The settling job: finishes a top-up its request left open. It finds the intent by the top-up's key
   * (creating one answers the one made before); an intent never confirmed is cancelled, one still
   * waiting for 3-D Secure is looked at again later until it times out. Throws to be tried again.
   */
  async settleTopup(id: string): Promise<void> {
    const row = await this.repo.topupById(id);
    if (!row || row.status === 'succeeded' || row.status === 'failed') return;
    let intent = row.intentId
      ? await this.processor.retrieve(row.intentId)
      : await this.processor.createIntent({
          amount: row.amountMinor,
          currency: 'CNY',
          idempotencyKey: `wallet-topup:${row.id}`,
          captureMethod: 'automatic',
          metadata: { walletTopup: row.id },
        });
    const stale = this.now().getTime() - row.createdAt.getTime() > this.options.actionTimeoutMs;
    if (intent.status === 'requires_confirmation' || (intent.status === 'requires_action' && stale)) {
      intent = await this.processor.cancel(intent.id, { idempotencyKey: `wallet-topup-cancel:${row.id}` });
    }
    const settled = await this.settle(row.id, intent);
    if (settled.status !== 'succeeded' && settled.status !== 'failed') {
      throw new Error(`top-up ${row.id} is still ${intent.status}; looking again later`);
    }
  }
}
