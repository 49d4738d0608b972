import { randomUUID } from 'node:crypto';
import {
  type AddCard,
  AppError,
  type CardBrand,
  type CardSetup,
  expiryValid,
  maskCardNumber,
  SAVED_CARD_LIMIT,
  type SavedCard,
  type SavedCardList,
  utcDateOf,
} from '@junction/domain';
import { formatPhone, maskMobile, splitPhone } from '@junction/domain/phone';
import type { Transaction } from 'kysely';
import type { Database, WalletCardBilling } from '../../db/database';
import { keyedHash } from '../../lib/crypto';
import type { Secrets } from '../../lib/secrets';
import {
  type CardNotifier,
  type CardProcessor,
  ProcessorRefused,
  type ProcessorSavedCard,
  ProcessorUnavailable,
} from './ports';
import type { SavedCardsRepository, WalletCardRow } from './saved-cards.repository';

type Trx = Transaction<Database>;

/** Wrong security codes of a day that lock a card, and for how long. */
export const CODE_TRIES = 3;
export const LOCK_MS = 24 * 60 * 60_000;

/** The keyring purposes of a saved card's sealed billing address and processor reference. */
const BILLING_PURPOSE = 'wallet_cards.billing';
const TOKEN_PURPOSE = 'wallet_cards.token';
/** The purpose of the keyed hash that finds a processor's card kept already by the account. */
const REFERENCE_PURPOSE = 'wallet_cards.reference';
/** The purpose of the keyed hash that finds a card number the account keeps already, by its fingerprint. */
const FINGERPRINT_PURPOSE = 'wallet_cards.fingerprint';

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

export const cardLabel = (brand: string, last4: string) => `${brand.toUpperCase()} •••• ${last4}`;

/** A security code's outcome for the card it was typed for, as the payment that tried it settled. */
export type CodeOutcome = 'right' | 'wrong' | 'not-judged';

const processorError = (e: unknown): never => {
  if (e instanceof ProcessorRefused) {
    if (e.code === 'cvc_invalid') throw new AppError('CARD_CVC_INVALID', { params: { field: 'cvc' } });
    if (e.code === 'expired_card') throw new AppError('CARD_EXPIRED');
    throw new AppError('CARD_TOKEN_INVALID');
  }
  if (e instanceof ProcessorUnavailable) throw new AppError('PARTNER_UNAVAILABLE');
  throw e;
};

/**
 * Saved cards (spec §3 wallet card): the processor keeps each card for the account's customer, and we
 * keep its reference sealed, never shown: the browser knows a card by our id. A card pays through a
 * single-use token the processor makes from it with the security code typed again, and three wrong codes
 * in a day lock it for a day, its owner told by notice, e-mail and SMS.
 */
export class SavedCards {
  constructor(
    private readonly repo: SavedCardsRepository,
    private readonly processor: CardProcessor,
    private readonly secrets: Secrets,
    private readonly notifier: CardNotifier,
    private readonly now: () => Date,
  ) {}

  private get keyring() {
    return this.secrets.keyring;
  }

  private billingOf(row: WalletCardRow): WalletCardBilling {
    if (row.billingSealed)
      return JSON.parse(this.keyring.open(row.billingSealed, BILLING_PURPOSE)) as WalletCardBilling;
    if (row.billing) return row.billing;
    throw new Error(`saved card ${row.id} has no billing address`);
  }

  sealBilling(billing: WalletCardBilling): string {
    return this.keyring.seal(JSON.stringify(billing), BILLING_PURPOSE);
  }

  private present(row: WalletCardRow): SavedCard {
    const brand = row.brand as CardBrand;
    const locked = row.lockedUntil && row.lockedUntil.getTime() > this.now().getTime() ? row.lockedUntil : null;
    return {
      id: row.id,
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
      lockedUntil: locked?.toISOString() ?? null,
    };
  }

  count(userId: string): Promise<number> {
    return this.repo.cardCount(userId);
  }

  async cards(userId: string): Promise<SavedCardList> {
    return { items: (await this.repo.cards(userId)).map((r) => this.present(r)), limit: SAVED_CARD_LIMIT };
  }

  /** The account's customer at the processor, made on first need. */
  async customerOf(userId: string): Promise<string> {
    const kept = await this.repo.customer(userId);
    if (kept) return kept;
    const made = await this.processor.createCustomer({ idempotencyKey: `customer:${userId}` }).catch(processorError);
    return this.repo.keepCustomer(userId, made.id, this.now());
  }

  /**
   * Begins saving a card in the processor's own card field (Stripe's SetupIntent for the account's
   * customer): the browser confirms it with the card, and `add` saves it by the setup's id. An account at
   * its limit may begin one too: which card it is, one kept already or a new one, is known only in `add`.
   */
  async setup(userId: string): Promise<CardSetup> {
    const setupCard = this.processor.setupCard?.bind(this.processor);
    if (!setupCard) throw new AppError('NOT_FOUND');
    const customer = await this.customerOf(userId);
    const made = await setupCard({ customer, idempotencyKey: `setup:${randomUUID()}` }).catch(processorError);
    return { clientSecret: made.clientSecret };
  }

  /**
   * Saves a card from the processor's single-use token for it (or a setup the browser confirmed): the
   * processor keeps the card for the account. The same card saved again answers the card kept, also
   * when saved many times at once and when the account keeps its ten cards already: the database keeps one
   * card per processor reference, and one per card number's fingerprint, and account; the processor
   * forgets the new reference of a number kept already where it can. A new card beyond the limit is
   * refused (the processor forgets it again where it can).
   */
  async add(userId: string, input: AddCard): Promise<SavedCard> {
    const customer = await this.customerOf(userId);
    const card = await this.processor.saveCard({ token: input.token, customer }).catch(processorError);
    if (!expiryValid(card.expMonth, card.expYear, utcDateOf(this.now()))) throw new AppError('CARD_EXPIRED');
    const kept = (await this.repo.cards(userId)).find((r) => r.bound && this.referenceOf(r) === card.id);
    if (kept) return this.present(kept);
    const row = await this.keep(userId, card, {
      name: input.name,
      billing: input.billing,
      description: input.description,
    });
    if (row && !this.isDuplicate(row, card.id)) return this.present(row);
    await this.forget(userId, card.id);
    if (row) return this.present(row);
    throw new AppError('CARD_LIMIT', { params: { max: SAVED_CARD_LIMIT } });
  }

  /** True when the card kept is not the processor's card `reference`: the same number kept by another save. */
  isDuplicate(row: WalletCardRow, reference: string): boolean {
    return row.referenceHash !== keyedHash(this.secrets.hmacKey, REFERENCE_PURPOSE, reference);
  }

  /**
   * The processor forgets a card the account does not keep (a number kept already, a card beyond the
   * limit) where it can: a courtesy, so a failure changes no answer.
   */
  async forget(userId: string, reference: string): Promise<void> {
    const customer = await this.repo.customer(userId);
    if (!customer || !this.processor.removeCard) return;
    await this.processor
      .removeCard({ card: reference, customer, idempotencyKey: `remove:${reference}` })
      .catch(() => undefined);
  }

  /** Whether the account keeps a card of this number already (by the processor's fingerprint of it). */
  keepsNumber(userId: string, fingerprint: string | null): Promise<boolean> {
    if (!fingerprint) return Promise.resolve(false);
    return this.repo.keepsFingerprint(userId, this.fingerprintHash(fingerprint));
  }

  private fingerprintHash(fingerprint: string): string {
    return keyedHash(this.secrets.hmacKey, FINGERPRINT_PURPOSE, fingerprint);
  }

  /**
   * Keeps a card the processor saved for the account (from the wallet page, or with a top-up), in `trx` if
   * given; a number kept already answers the card kept (`isDuplicate` tells it).
   */
  keep(
    userId: string,
    card: ProcessorSavedCard,
    holder: { name: string; billing: WalletCardBilling; description: string },
    trx?: Trx,
  ): Promise<WalletCardRow | undefined> {
    const at = this.now();
    return this.repo.insertCard(
      {
        userId,
        tokenSealed: this.keyring.seal(card.id, TOKEN_PURPOSE),
        referenceHash: keyedHash(this.secrets.hmacKey, REFERENCE_PURPOSE, card.id),
        fingerprintHash: card.fingerprint ? this.fingerprintHash(card.fingerprint) : null,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        holderName: holder.name,
        billingSealed: this.sealBilling(holder.billing),
        description: holder.description,
        createdAt: at,
        updatedAt: at,
      },
      SAVED_CARD_LIMIT,
      trx,
    );
  }

  async update(userId: string, id: string, description: string): Promise<SavedCard> {
    const row = await this.repo.updateCard(userId, id, description, this.now());
    if (!row) throw new AppError('CARD_NOT_FOUND');
    return this.present(row);
  }

  /** Deletes a saved card; the processor forgets it first (Stripe detaches it from the customer). */
  async remove(userId: string, id: string): Promise<void> {
    const row = await this.repo.card(userId, id);
    if (!row) throw new AppError('CARD_NOT_FOUND');
    const card = row.bound ? this.referenceOf(row) : null;
    const customer = await this.repo.customer(userId);
    if (card && customer && this.processor.removeCard)
      await this.processor.removeCard({ card, customer, idempotencyKey: `remove:${id}` }).catch(processorError);
    if (!(await this.repo.removeCard(userId, id))) throw new AppError('CARD_NOT_FOUND');
  }

  private referenceOf(row: WalletCardRow): string | null {
    return row.tokenSealed ? this.keyring.open(row.tokenSealed, TOKEN_PURPOSE) : row.token;
  }

  /** The user's saved card, to pay with: CARD_NOT_FOUND, CARD_EXPIRED, or CARD_LOCKED while locked. */
  async usable(
    userId: string,
    cardId: string,
  ): Promise<{ brand: CardBrand; last4: string; expMonth: number; expYear: number }> {
    const row = await this.repo.card(userId, cardId);
    if (!row) throw new AppError('CARD_NOT_FOUND');
    if (!expiryValid(row.expMonth, row.expYear, utcDateOf(this.now()))) throw new AppError('CARD_EXPIRED');
    if (row.lockedUntil && row.lockedUntil.getTime() > this.now().getTime())
      throw new AppError('CARD_LOCKED', { params: { until: row.lockedUntil.toISOString() } });
    return { brand: row.brand as CardBrand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
  }

  /**
   * A single-use token of the user's saved card with the token of its security code typed again, for a
   * payment or a top-up. One of the card's code tries is reserved first (CARD_LOCKED once three of the
   * day are used up); the payment that uses the token settles it (`codeOutcome`).
   */
  async paymentToken(
    userId: string,
    cardId: string,
    cvcToken: string,
  ): Promise<{ token: string; brand: CardBrand; last4: string }> {
    const row = await this.repo.card(userId, cardId);
    if (!row) throw new AppError('CARD_NOT_FOUND');
    if (!expiryValid(row.expMonth, row.expYear, utcDateOf(this.now()))) throw new AppError('CARD_EXPIRED');
    const reserved = await this.repo.reserveCodeTry(userId, cardId, this.now(), CODE_TRIES, LOCK_MS);
    if (reserved === 'missing') throw new AppError('CARD_NOT_FOUND');
    if (reserved === 'locked') {
      const until = (await this.repo.card(userId, cardId))?.lockedUntil;
      throw new AppError('CARD_LOCKED', until ? { params: { until: until.toISOString() } } : {});
    }
    try {
      const customer = await this.customerOf(userId);
      const card = await this.reference(row, customer);
      const made = await this.processor.cardToken({ card, customer, cvcToken }).catch(processorError);
      return { token: made.token, brand: made.brand, last4: made.last4 };
    } catch (e) {
      await this.repo.codeNotJudged(this.repo.db, cardId);
      throw e;
    }
  }

  /** The processor's reference of a card; one saved before cards were bound is saved again for the customer first. */
  private async reference(row: WalletCardRow, customer: string): Promise<string> {
    const kept = this.referenceOf(row);
    if (!kept) throw new AppError('CARD_TOKEN_INVALID');
    if (row.bound) return kept;
    const card = await this.processor.saveCard({ token: kept, customer }).catch(processorError);
    await this.repo.bindCard(row.userId, row.id, this.keyring.seal(card.id, TOKEN_PURPOSE));
    return card.id;
  }

  /**
   * How a payment's security code fared, in the transaction that settles the payment: right clears the
   * day's count, a code never judged gives its try back, a wrong one counts, and the third of the day locks
   * the card for a day and tells its owner in the same transaction.
   */
  async codeOutcome(trx: Trx, p: { userId: string; cardId: string; outcome: CodeOutcome }): Promise<void> {
    if (p.outcome === 'right') return this.repo.codeRight(trx, p.cardId);
    if (p.outcome === 'not-judged') return this.repo.codeNotJudged(trx, p.cardId);
    const until = new Date(this.now().getTime() + LOCK_MS);
    const locked = await this.repo.codeWrong(trx, p.cardId, CODE_TRIES, until);
    if (locked)
      await this.notifier.cardLocked(trx, {
        userId: p.userId,
        cardId: p.cardId,
        card: cardLabel(locked.brand, locked.last4),
        until,
      });
  }

  /**
   * Seals the billing address and token of every card saved before sealing, and re-seals those sealed by
   * an older key (after a rotation), a batch at a time; answers how many moved. Each is a compare-and-set,
   * so two runs at once do no harm.
   */
  async seal(batch = 200): Promise<number> {
    let total = 0;
    for (;;) {
      const rows = await this.repo.cardsToSeal(this.keyring.activeKeyId, batch);
      let moved = 0;
      for (const row of rows) {
        const token = row.tokenSealed ? this.keyring.open(row.tokenSealed, TOKEN_PURPOSE) : row.token;
        if (!token) continue;
        const sealed = {
          billing: this.sealBilling(this.billingOf(row)),
          token: this.keyring.seal(token, TOKEN_PURPOSE),
        };
        if (await this.repo.sealCard(row, sealed)) moved++;
      }
      total += moved;
      if (rows.length < batch || moved === 0) return total;
    }
  }
}
