import {
  AppError,
  addCardSchema,
  type CardBrand,
  cardBrandSchema,
  ERRORS,
  expiryValid,
  SAVED_CARD_LIMIT,
  TOPUP_MIN_MINOR,
  type TopUp,
  type TopUpSource,
  type TopUpState,
  utcDateOf,
  type WalletEntriesQuery,
  type WalletEntryPage,
  type WalletSummary,
} from '@junction/domain';
import { z } from 'zod';
import type { Keyring } from '../../lib/crypto';
import { idempotencyKeyOf, requestHashOf } from '../../lib/idempotency';
import type { AppTopups } from './app-topups';
import { type CardProcessor, type ProcessorIntent, ProcessorRefused, ProcessorUnavailable } from './ports';
import { type CodeOutcome, cardLabel, type SavedCards } from './saved-cards';
import { DAY_MS, startTopup, type TopupAsked, type TopupCaps, writeTopup } from './topup-caps';
import type { WalletLedger } from './wallet.ledger';
import { cny, presentEntry, presentTopup, refusalOf } from './wallet.present';
import type { Trx, WalletRepository, WalletTopupRow } from './wallet.repository';

export { maskBillingPhone } from './saved-cards';

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
  caps: TopupCaps;
  /** Stripe's card fields, when Stripe takes the cards. */
  stripe?: { publishableKey: string; jsUrl: string };
};

/** A top-up by card (an app's is `AppTopups`'). */
type CardTopUp = TopUp & { source: Exclude<TopUpSource, { kind: 'app' }> };
/** The card a top-up pays with, as the top-up keeps it. */
type SavedCardOf = { brand: CardBrand; last4: string; expMonth: number; expYear: number };
/** The card a top-up pays with, or the answer of the same top-up asked twice at once. */
type PayingCard = (SavedCardOf & { fingerprint?: string | null }) | { replay: TopUpState };

const OPEN = ['created', 'processing', 'action'] as const;

/** The keyring purpose of a new card waiting with its top-up to be saved. */
const SAVE_CARD_PURPOSE = 'wallet_topups.save_card';
/** What waits sealed with a top-up to be saved: the holder, billing and description, and the card. */
const cardToSaveSchema = addCardSchema.omit({ token: true }).extend({
  brand: cardBrandSchema,
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  /** Null for a top-up begun before fingerprints were kept. */
  fingerprint: z.string().nullable().default(null),
});

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
    /** Seals a new card waiting with its top-up to be saved. */
    private readonly keyring: Keyring,
    /** The saved cards: a top-up pays with one, or saves a new one. */
    readonly cards: SavedCards,
    /** Top-ups by Alipay and WeChat Pay. */
    readonly apps: AppTopups,
  ) {}

  /** Seals saved cards' billing addresses and tokens (the scheduled job). */
  sealCards(batch = 200): Promise<number> {
    return this.cards.seal(batch);
  }

  async summary(userId: string): Promise<WalletSummary> {
    const { caps } = this.options;
    const totals = await this.repo.topupTotals(this.repo.db, userId, new Date(this.now().getTime() - DAY_MS));
    return {
      balance: cny(await this.repo.balance(userId)),
      topupMinMinor: TOPUP_MIN_MINOR,
      topupMaxMinor: caps.perTopupMinor,
      topupLeftTodayMinor: Math.max(0, caps.dailyMinor - totals.lastDay),
      balanceMaxMinor: caps.balanceMinor,
      methods: [...this.apps.names, 'card'],
      ...(this.options.stripe ? { stripe: this.options.stripe } : {}),
    };
  }

  async entries(userId: string, query: WalletEntriesQuery): Promise<WalletEntryPage> {
    const { rows, total } = await this.repo.entries(userId, query.page, query.pageSize);
    return { items: rows.map(presentEntry), total, page: query.page, pageSize: query.pageSize };
  }

  private async describe(token: string) {
    return this.processor.describeToken(token).catch((e: unknown) => {
      if (e instanceof ProcessorRefused) throw new AppError('CARD_TOKEN_INVALID');
      if (e instanceof ProcessorUnavailable) throw new AppError('PARTNER_UNAVAILABLE');
      throw e;
    });
  }

  /** What a card top-up's start and write work with. */
  private get topupStart() {
    return { repo: this.repo, caps: this.options.caps, now: this.now };
  }

  /**
   * The card a top-up pays with, as far as it is known before the top-up is written: a saved card of the
   * user that is neither expired nor locked, or a new card's single-use token (refused when it is a saved
   * card's, or made from one).
   */
  private async payingCard(userId: string, input: CardTopUp, key: string, requestHash: string): Promise<PayingCard> {
    const source = input.source;
    if (source.kind === 'savedCard') return this.cards.usable(userId, source.cardId);
    const card = await this.describe(source.token);
    if (card.used) {
      // Used by this very request sent twice at once: the same top-up's answer.
      const same = await this.repo.topupByKey(userId, key);
      if (same && same.requestHash === requestHash) return { replay: presentTopup(same) };
      throw new AppError('CARD_TOKEN_INVALID');
    }
    if (card.reusable || card.customer !== null || card.source !== null) throw new AppError('CARD_TOKEN_INVALID');
    if (!expiryValid(card.expMonth, card.expYear, utcDateOf(this.now()))) throw new AppError('CARD_EXPIRED');
    return card;
  }

  /** Writes the top-up with its settling job, under the user's top-up lock with the caps checked again. */
  private write(asked: TopupAsked, input: CardTopUp, card: SavedCardOf, saveErrorCode: number | null) {
    const source = input.source;
    const save = source.kind === 'card' ? source.save : undefined;
    const fields = {
      cardId: source.kind === 'savedCard' ? source.cardId : null,
      cardBrand: card.brand,
      cardLast4: card.last4,
      saveCardSealed: save ? this.keyring.seal(JSON.stringify({ ...save, ...card }), SAVE_CARD_PURPOSE) : null,
      saveErrorCode,
    };
    const job = { name: 'wallet.settleTopup', keyPrefix: 'wallet-topup', afterMs: this.options.settleAfterMs } as const;
    return writeTopup(this.topupStart, asked, fields, job);
  }

  async topUp(userId: string, input: CardTopUp, idempotencyKey: string | undefined): Promise<TopUpState> {
    const key = idempotencyKeyOf(idempotencyKey);
    const source = input.source;
    const requestHash = requestHashOf([input.amount, source]);
    const asked = { userId, amount: input.amount, key, requestHash };
    const earlier = await startTopup(this.topupStart, asked);
    if (earlier) return presentTopup(earlier);
    const card = await this.payingCard(userId, input, key, requestHash);
    if ('replay' in card) return card.replay;
    // The limit counts cards: a card of a number kept already is no new one. A new card beyond it is not
    // saved, and the top-up goes on without saving it, its record (and so every answer of it) saying why.
    const saving = source.kind === 'card' && source.save;
    const full =
      saving && (await this.cards.count(userId)) >= SAVED_CARD_LIMIT && !(await this.keepsNumber(userId, card));
    if (!full || source.kind !== 'card') return this.pay(userId, input, asked, card, null);
    const paying: CardTopUp = { ...input, source: { ...source, save: undefined } };
    return this.pay(userId, paying, asked, card, ERRORS.CARD_LIMIT.errorCode);
  }

  /** A top-up written and charged: its card's (or saved card's) token, and its customer when it saves the card. */
  private async pay(
    userId: string,
    input: CardTopUp,
    asked: TopupAsked,
    card: SavedCardOf,
    saveErrorCode: number | null,
  ): Promise<TopUpState> {
    const source = input.source;
    const { row, created } = await this.write(asked, input, card, saveErrorCode);
    if (!created) return presentTopup(row);
    let token = source.kind === 'card' ? source.token : '';
    if (source.kind === 'savedCard') {
      // A single-use token of the saved card with its code typed again; refused (locked meanwhile, a spent
      // code token), the top-up fails with the reason, its code untried.
      try {
        token = (await this.cards.paymentToken(userId, source.cardId, source.cvcToken)).token;
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        return presentTopup((await this.fail(row.id, null, refusalOf(e), false)) ?? row);
      }
    }
    const customer = source.kind === 'card' && source.save ? await this.cards.customerOf(userId) : undefined;
    return presentTopup(await this.charge(row, token, customer));
  }

  private keepsNumber(userId: string, card: { fingerprint?: string | null }): Promise<boolean> {
    return this.cards.keepsNumber(userId, card.fingerprint ?? null);
  }

  /**
   * The new card a succeeded top-up asked to save, kept in its transaction as the processor saved it;
   * answers the top-up as it now stands, and the processor's reference of a number the account kept
   * already, or of a card beyond the limit, to be forgotten.
   */
  private async saveTopupCard(
    trx: Trx,
    row: WalletTopupRow,
    processorCard: string | null,
  ): Promise<{ row: WalletTopupRow; unkept: string | null }> {
    if (!row.saveCardSealed) return { row, unkept: null };
    const save = cardToSaveSchema.parse(JSON.parse(this.keyring.open(row.saveCardSealed, SAVE_CARD_PURPOSE)));
    const saved = processorCard
      ? await this.cards.keep(row.userId, { id: processorCard, ...save }, save, trx)
      : undefined;
    // A tenth card saved meanwhile (during the 3-D Secure page) leaves no room: the top-up says why.
    const saveErrorCode = processorCard && !saved ? ERRORS.CARD_LIMIT.errorCode : null;
    const after = await this.repo.moveTopup(
      trx,
      row.id,
      ['succeeded'],
      { saveCardSealed: null, cardId: saved?.id ?? null, saveErrorCode },
      this.now(),
    );
    const unkept = processorCard && (!saved || this.cards.isDuplicate(saved, processorCard)) ? processorCard : null;
    return { row: after ?? row, unkept };
  }

  /**
   * Asks the processor for the money: an intent per top-up (its key is the top-up's), then confirmed; a
   * new card to save is saved by the processor for the account's customer with the confirmation.
   */
  private async charge(row: WalletTopupRow, token: string, customer: string | undefined): Promise<WalletTopupRow> {
    try {
      const intent = await this.processor.createIntent(this.intentFor(row, customer));
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
        return (await this.fail(row.id, null, e.code)) ?? ((await this.repo.topupById(row.id)) as WalletTopupRow);
      }
      throw e;
    }
  }

  private intentFor(row: WalletTopupRow, customer: string | undefined) {
    return {
      amount: row.amountMinor,
      currency: 'CNY' as const,
      idempotencyKey: `wallet-topup:${row.id}`,
      captureMethod: 'automatic' as const,
      metadata: { walletTopup: row.id },
      ...(customer && row.saveCardSealed ? { customer, saveCard: true } : {}),
    };
  }

  /**
   * A top-up failed, once, in one transaction with its saved card's code outcome: a wrong security code
   * counts against the card (the third of a day locks it), any other failure gives the try back.
   */
  private async fail(
    id: string,
    intentId: string | null,
    error: string,
    judged = true,
  ): Promise<WalletTopupRow | undefined> {
    return this.repo.transaction(async (trx) => {
      const moved = await this.repo.moveTopup(
        trx,
        id,
        OPEN,
        { status: 'failed', error, ...(intentId ? { intentId } : {}) },
        this.now(),
      );
      if (judged && moved?.cardId && !moved.saveCardSealed) {
        const outcome: CodeOutcome = error === 'incorrect_cvc' ? 'wrong' : 'not-judged';
        await this.cards.codeOutcome(trx, { userId: moved.userId, cardId: moved.cardId, outcome });
      }
      return moved;
    });
  }

  /**
   * Moves a top-up to where the processor's intent says it is, once: a succeeded intent moves it to
   * succeeded and credits the ledger in the same transaction; a failed or cancelled one fails it.
   */
  private async settle(id: string, intent: ProcessorIntent): Promise<WalletTopupRow> {
    const at = this.now();
    let moved: WalletTopupRow | undefined;
    let unkept: string | null = null;
    if (intent.status === 'succeeded') {
      moved = await this.repo.transaction(async (trx) => {
        const row = await this.repo.moveTopup(trx, id, OPEN, { status: 'succeeded', intentId: intent.id }, at);
        if (row) {
          await this.ledger.credit(trx, {
            userId: row.userId,
            kind: 'topup',
            amountMinor: row.amountMinor,
            idempotencyKey: `topup:${row.id}`,
            reference: cardLabel(row.cardBrand, row.cardLast4),
          });
          if (row.cardId && !row.saveCardSealed)
            await this.cards.codeOutcome(trx, { userId: row.userId, cardId: row.cardId, outcome: 'right' });
          const kept = await this.saveTopupCard(trx, row, intent.savedCard);
          unkept = kept.unkept;
          return kept.row;
        }
        return row;
      });
      if (moved && unkept) await this.cards.forget(moved.userId, unkept);
    } else if (intent.status === 'failed' || intent.status === 'canceled') {
      moved = await this.fail(id, intent.id, intent.declineCode ?? 'canceled');
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
    // An app's top-up is settled by the app's notification or the job's query, never by the browser's return.
    if (row.status === 'succeeded' || row.status === 'failed' || !row.intentId || row.method !== 'card')
      return presentTopup(row);
    try {
      return presentTopup(await this.settle(row.id, await this.processor.retrieve(row.intentId)));
    } catch (e) {
      if (e instanceof ProcessorUnavailable || e instanceof ProcessorRefused) return presentTopup(row);
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
    if (!row || row.status === 'succeeded' || row.status === 'failed' || row.method !== 'card') return;
    let intent = row.intentId
      ? await this.processor.retrieve(row.intentId)
      : await this.processor.createIntent(
          this.intentFor(row, row.saveCardSealed ? await this.cards.customerOf(row.userId) : undefined),
        );
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
