import { randomBytes } from 'node:crypto';
import { AppError, type CardBrand, type CvcToken, cvcValid, expiryValid, type RecollectCvc } from '@junction/domain';
import { Keyring, keyedHash, sameDigest } from '../../../../lib/crypto';
import { type CardTokenRef, GatewayRefused, type SavedCardRef } from '../gateway';
import type { SimulatorRepository, TokenRow } from './simulator.repository';

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const CVC_PURPOSE = 'gateway-sim.cvc-token';
const details = (row: TokenRow) => ({
  brand: row.brand as CardBrand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
});
const saved = (row: TokenRow): SavedCardRef => ({ id: row.id, ...details(row), fingerprint: row.fingerprint });

/**
 * The simulated processor's customers and their saved cards, as a real processor keeps them: a card is
 * saved for one customer from a single-use token, which it spends; it pays only through a single-use
 * token made from it, for that customer, with its security code typed again. The code reaches the
 * processor from the browser alone, as a token of its own held sealed until it is used; the issuer's
 * answer to it comes with the confirmation (`incorrect_cvc`).
 */
export class SimulatedCardVault {
  private readonly codes: Keyring;

  constructor(
    private readonly repo: SimulatorRepository,
    /** The issuer's key: it seals codes waiting to be used and keys its digests of them. */
    private readonly issuerKey: Buffer,
    private readonly now: () => Date,
  ) {
    this.codes = new Keyring(new Map([['issuer', issuerKey]]), 'issuer');
  }

  /**
   * A card number's fingerprint, as a processor gives it: the same for every token and saved card of the
   * number, different for another number, and a keyed hash that never tells the number.
   */
  fingerprint(digits: string): string {
    return Buffer.from(keyedHash(this.issuerKey, 'gateway-sim.fingerprint', digits), 'hex')
      .toString('base64url')
      .slice(0, 16);
  }

  /** The issuer's digest of a card's security code, keyed by the token the card was first made into. */
  cvcDigest(tokenId: string, cvc: string): string {
    return keyedHash(this.issuerKey, 'gateway-sim.cvc', `${tokenId}\u0000${cvc.trim()}`);
  }

  createCustomer(idempotencyKey: string): Promise<{ id: string }> {
    return this.repo.customer(id('cus'), idempotencyKey, this.now()).then((customerId) => ({ id: customerId }));
  }

  async saveCard(tokenId: string, customerId: string): Promise<SavedCardRef> {
    const token = await this.repo.token(tokenId);
    if (token?.kind !== 'token' || token.sourceId !== null || token.customerId !== null)
      throw new GatewayRefused('token_unknown', 'No such token.');
    if (!(await this.repo.hasCustomer(customerId))) throw new GatewayRefused('customer_unknown', 'No such customer.');
    const before = await this.repo.savedFrom(token.id, customerId);
    if (before) return saved(before);
    const card = {
      ...token,
      id: id('card'),
      kind: 'card',
      customerId,
      // The issuer's digest stays keyed by the token the card details were first given as.
      sourceId: token.id,
      usedAt: null,
      createdAt: this.now(),
    };
    if (!(await this.repo.saveCard(card, this.now()))) {
      // Spent meanwhile: by this very request sent twice, or by another customer's.
      const same = await this.repo.savedFrom(token.id, customerId);
      if (same) return saved(same);
      throw new GatewayRefused('token_used', 'This token was used already.');
    }
    return saved(card);
  }

  /** The browser's half: the code typed again becomes a token; the format is checked once the card is known. */
  async tokenizeCvc(input: RecollectCvc): Promise<CvcToken> {
    if (!/^\d{3,4}$/.test(input.cvc)) throw new AppError('CARD_CVC_INVALID', { params: { field: 'cvc' } });
    const token = id('cvctok');
    await this.repo.insertCvcToken({
      id: token,
      cvcSealed: this.codes.seal(input.cvc, CVC_PURPOSE),
      createdAt: this.now(),
      usedAt: null,
    });
    return { token };
  }

  /** The merchant's half: a customer's saved card and a code's token become a token that pays once. */
  async cardToken(request: { card: string; customer: string; cvcToken: string }): Promise<CardTokenRef> {
    const card = await this.repo.token(request.card);
    if (card?.kind !== 'card' || card.customerId !== request.customer)
      throw new GatewayRefused('card_unknown', 'No such card for this customer.');
    const sealed = await this.repo.useCvcToken(request.cvcToken, this.now());
    if (!sealed) throw new GatewayRefused('cvc_token_invalid', 'No such security code token, or it was used.');
    const cvc = this.codes.open(sealed, CVC_PURPOSE);
    if (!cvcValid(cvc, card.brand as CardBrand))
      throw new GatewayRefused('cvc_invalid', 'The code has the wrong length.');
    if (!expiryValid(card.expMonth, card.expYear, this.now().toISOString().slice(0, 10)))
      throw new GatewayRefused('expired_card', 'The card has expired.');
    const token = {
      ...card,
      id: id('tok'),
      kind: 'token',
      sourceId: card.id,
      cvcDigest: null,
      // A card saved before the issuer kept digests has its code checked by format only.
      cvcMatched: card.cvcDigest ? sameDigest(card.cvcDigest, this.cvcDigest(card.sourceId ?? card.id, cvc)) : true,
      usedAt: null,
      createdAt: this.now(),
    };
    await this.repo.insertToken(token);
    return { token: token.id, ...details(card) };
  }

  /**
   * An intent that asked to save its card for its customer does so with its confirmation: the saved card's
   * reference, or null when the token cannot be saved (made from a saved card already, or spent).
   */
  async saveForIntent(token: TokenRow, customerId: string): Promise<string | null> {
    if (token.kind !== 'token' || token.sourceId !== null || token.customerId !== null) return null;
    const card = { ...token, id: id('card'), kind: 'card', customerId, sourceId: token.id, usedAt: null };
    await this.repo.insertToken({ ...card, createdAt: this.now() });
    return card.id;
  }
}
