import { createHash, randomBytes } from 'node:crypto';
import {
  AppError,
  type CardBrand,
  type CardToken,
  type CvcToken,
  checkCardNumber,
  cvcValid,
  expiryValid,
  type RecollectCvc,
  type TokenizeCard,
} from '@junction/domain';
import type {
  CardTokenRef,
  CreateIntent,
  DeclineCode,
  GatewayEventType,
  GatewayRefund,
  IntentStatus,
  PaymentIntent,
  SavedCardRef,
  TokenDetails,
} from '../gateway';
import { GatewayRefused } from '../gateway';
import { signWebhook } from '../webhook-signature';
import { SimulatedCardVault } from './card-vault';
import type { IntentRow, RefundRow, SimulatorRepository } from './simulator.repository';
import { behaviourOf, type CardBehaviour } from './test-cards';

declare module '../../../../jobs/jobs' {
  interface JobPayloads {
    'gatewaySim.webhook': { eventId: string };
  }
}

/** Sends one signed webhook; answers the receiver's HTTP status. */
export type WebhookTransport = (body: string, signature: string) => Promise<number>;

export type SimulatorOptions = {
  /** Where the simulator's pages are served (the 3-D Secure challenge). */
  basePath: string;
  webhookSecret: string;
  /** Tries of one webhook delivery, with the job runner's back-off between them. */
  webhookAttempts: number;
  /** The issuer's key for its digests of security codes (a stand-in for a card verification key). */
  issuerKey: Buffer;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const DECLINES: Partial<Record<CardBehaviour, DeclineCode>> = {
  declined: 'card_declined',
  insufficient_funds: 'insufficient_funds',
  expired_card: 'expired_card',
  incorrect_cvc: 'incorrect_cvc',
};

/**
 * The embedded card processor (docs/architecture.md §9): it keeps its own tables, turns card details into
 * tokens (storing brand, last four and expiry, never the number or the security code), runs payment
 * intents through authorisation, 3-D Secure and capture with idempotency keys, refunds, and sends a
 * signed webhook for every change, retried as a job until the receiver answers 2xx.
 */
export class GatewaySimulator {
  /** Customers and their saved cards. */
  private readonly vault: SimulatedCardVault;

  constructor(
    private readonly repo: SimulatorRepository,
    private readonly options: SimulatorOptions,
    private readonly now: () => Date,
    private transport: WebhookTransport = async () => 503,
  ) {
    this.vault = new SimulatedCardVault(repo, options.issuerKey, now);
  }

  /** Where webhooks go; set once the receiving server exists. */
  deliverTo(transport: WebhookTransport): void {
    this.transport = transport;
  }

  async tokenize(card: TokenizeCard): Promise<CardToken> {
    const checked = checkCardNumber(card.number);
    if (!checked.ok) throw new AppError('CARD_NUMBER_INVALID', { params: { field: 'number', reason: checked.reason } });
    const today = this.now().toISOString().slice(0, 10);
    if (!expiryValid(card.expMonth, card.expYear, today))
      throw new AppError('CARD_EXPIRY_INVALID', { params: { field: 'expiry' } });
    if (!cvcValid(card.cvc, checked.brand)) throw new AppError('CARD_CVC_INVALID', { params: { field: 'cvc' } });
    const tokenId = id('tok');
    const token = {
      id: tokenId,
      brand: checked.brand,
      last4: checked.digits.slice(-4),
      expMonth: card.expMonth,
      expYear: card.expYear,
      holderName: card.name,
      billingCountry: card.billing.country,
      behaviour: behaviourOf(checked.digits),
      // As the card's issuer, the simulator can check the security code later; it keeps a keyed digest only.
      cvcDigest: this.vault.cvcDigest(tokenId, card.cvc),
      fingerprint: this.vault.fingerprint(checked.digits),
      createdAt: this.now(),
    };
    await this.repo.insertToken(token);
    return {
      token: token.id,
      brand: token.brand,
      last4: token.last4,
      expMonth: token.expMonth,
      expYear: token.expYear,
    };
  }

  /** A security code typed again for a saved card, from the browser: a token of the code alone. */
  tokenizeCvc(input: RecollectCvc): Promise<CvcToken> {
    return this.vault.tokenizeCvc(input);
  }

  createCustomer(idempotencyKey: string): Promise<{ id: string }> {
    return this.vault.createCustomer(idempotencyKey);
  }

  saveCard(token: string, customer: string): Promise<SavedCardRef> {
    return this.vault.saveCard(token, customer);
  }

  cardToken(request: { card: string; customer: string; cvcToken: string }): Promise<CardTokenRef> {
    return this.vault.cardToken(request);
  }

  async describeToken(tokenId: string): Promise<TokenDetails> {
    const token = await this.repo.token(tokenId);
    if (!token) throw new GatewayRefused('token_unknown', 'No such token.');
    return {
      brand: token.brand as CardBrand,
      last4: token.last4,
      expMonth: token.expMonth,
      expYear: token.expYear,
      source: token.sourceId,
      used: token.usedAt !== null,
      customer: token.customerId,
      reusable: token.kind === 'card',
      fingerprint: token.fingerprint,
    };
  }

  async createIntent(request: CreateIntent): Promise<PaymentIntent> {
    if (!Number.isInteger(request.amount) || request.amount <= 0)
      throw new GatewayRefused('amount_invalid', 'Amounts are positive integers in hundredths.');
    const requestHash = createHash('sha256')
      .update(
        JSON.stringify([
          request.amount,
          request.currency,
          request.captureMethod,
          request.metadata,
          request.customer ?? null,
          request.saveCard ?? false,
        ]),
      )
      .digest('hex');
    const at = this.now();
    const row = await this.repo.insertIntent({
      id: id('pi'),
      idempotencyKey: request.idempotencyKey,
      requestHash,
      status: 'requires_confirmation',
      amount: request.amount,
      currency: request.currency,
      captureMethod: request.captureMethod,
      metadata: JSON.stringify(request.metadata),
      tokenId: null,
      returnUrl: null,
      declineCode: null,
      createdAt: at,
      updatedAt: at,
      customerId: request.customer ?? null,
      saveCard: request.saveCard ?? false,
      savedCardId: null,
    });
    if (row.requestHash !== requestHash)
      throw new GatewayRefused('idempotency_key_reused', 'This key was used for a different request.');
    return this.present(row);
  }

  private async intentRow(intentId: string): Promise<IntentRow> {
    const row = await this.repo.intent(intentId);
    if (!row) throw new GatewayRefused('intent_unknown', 'No such payment intent.');
    return row;
  }

  async confirm(intentId: string, request: { token: string; returnUrl: string }): Promise<PaymentIntent> {
    const intent = await this.intentRow(intentId);
    if (intent.status !== 'requires_confirmation') {
      // Confirming again (a retried request) answers the intent as it is.
      if (intent.tokenId === request.token) return this.present(intent);
      throw new GatewayRefused('invalid_state', `The intent is ${intent.status}.`);
    }
    const token = await this.repo.token(request.token);
    // A saved card pays only through a token made from it for its customer, never by its own reference.
    if (!token || token.kind === 'card') throw new GatewayRefused('token_unknown', 'No such token.');
    const behaviour = token.behaviour as CardBehaviour;
    const decline = token.cvcMatched === false ? 'incorrect_cvc' : DECLINES[behaviour];
    const status: IntentStatus = decline
      ? 'failed'
      : behaviour === 'three_d_secure'
        ? 'requires_action'
        : intent.captureMethod === 'automatic'
          ? 'succeeded'
          : 'requires_capture';
    // Asked to save the card for the intent's customer: saved with the confirmation, unless it is declined.
    const savedCardId =
      intent.saveCard && intent.customerId && status !== 'failed'
        ? await this.vault.saveForIntent(token, intent.customerId)
        : null;
    const moved = await this.repo.confirmWithToken(
      intentId,
      token.id,
      {
        status,
        tokenId: token.id,
        returnUrl: request.returnUrl,
        declineCode: decline ?? null,
        savedCardId,
        ...(status === 'succeeded' ? { amountCaptured: intent.amount, capture: true } : {}),
      },
      this.now(),
    );
    if (moved === 'token_used' || !moved) {
      // Another confirmation moved the intent first: with this token it is the same request, answered as it is.
      const now = await this.intentRow(intentId);
      if (now.tokenId === token.id) return this.present(now);
      if (moved === 'token_used')
        throw new GatewayRefused('token_used', 'This token confirmed a payment already; make a new one.');
      throw new GatewayRefused('invalid_state', `The intent is ${now.status}.`);
    }
    await this.emitFor(moved);
    return this.present(moved);
  }

  /** The issuer's challenge page reads this: what is being paid and by which card. */
  async challenge(intentId: string): Promise<{ intent: PaymentIntent; returnUrl: string | null } | undefined> {
    const row = await this.repo.intent(intentId);
    return row && { intent: await this.present(row), returnUrl: row.returnUrl };
  }

  /** The traveller passed or failed the 3-D Secure challenge; answers where the browser goes back to. */
  async completeChallenge(intentId: string, passed: boolean): Promise<string | null> {
    const intent = await this.intentRow(intentId);
    const moved = await this.repo.moveIntent(
      intentId,
      ['requires_action'],
      passed
        ? intent.captureMethod === 'automatic'
          ? { status: 'succeeded', amountCaptured: intent.amount, capture: true }
          : { status: 'requires_capture' }
        : { status: 'failed', declineCode: 'authentication_failed' },
      this.now(),
    );
    if (moved) await this.emitFor(moved);
    return intent.returnUrl;
  }

  /**
   * Captures an authorised intent, once: capturing a captured intent answers it unchanged. `loseAnswer`
   * is the test card whose capture succeeds but whose answer never reaches the caller.
   */
  async capture(intentId: string): Promise<{ intent: PaymentIntent; loseAnswer: boolean }> {
    const moved = await this.repo.moveIntent(
      intentId,
      ['requires_capture'],
      { status: 'succeeded', amountCaptured: (await this.intentRow(intentId)).amount, capture: true },
      this.now(),
    );
    const row = moved ?? (await this.intentRow(intentId));
    if (!moved && row.status !== 'succeeded') throw new GatewayRefused('invalid_state', `The intent is ${row.status}.`);
    if (moved) await this.emitFor(moved);
    const token = row.tokenId ? await this.repo.token(row.tokenId) : undefined;
    return { intent: await this.present(row), loseAnswer: token?.behaviour === 'capture_answer_lost' };
  }

  async cancel(intentId: string): Promise<PaymentIntent> {
    const moved = await this.repo.moveIntent(
      intentId,
      ['requires_confirmation', 'requires_action', 'requires_capture'],
      { status: 'canceled' },
      this.now(),
    );
    if (moved) {
      await this.emitFor(moved);
      return this.present(moved);
    }
    const row = await this.intentRow(intentId);
    if (row.status === 'succeeded') throw new GatewayRefused('intent_captured', 'The intent is captured; refund it.');
    return this.present(row);
  }

  async retrieve(intentId: string): Promise<PaymentIntent> {
    return this.present(await this.intentRow(intentId));
  }

  async refund(request: { intentId: string; amount: number; idempotencyKey: string }): Promise<GatewayRefund> {
    if (!Number.isInteger(request.amount) || request.amount <= 0)
      throw new GatewayRefused('amount_invalid', 'Amounts are positive integers in hundredths.');
    const intent = await this.intentRow(request.intentId);
    const token = intent.tokenId ? await this.repo.token(intent.tokenId) : undefined;
    const result = await this.repo.refund({
      id: id('re'),
      intentId: request.intentId,
      idempotencyKey: request.idempotencyKey,
      amount: request.amount,
      status: token?.behaviour === 'refund_fails' ? 'failed' : 'succeeded',
      createdAt: this.now(),
    });
    if (result === 'exceeds') throw new GatewayRefused('amount_too_large', 'More than is left to refund.');
    if (result === 'not_captured') throw new GatewayRefused('invalid_state', 'Only a captured intent is refunded.');
    if (result.created && result.refund.status === 'succeeded')
      await this.emit('refund.succeeded', request.intentId, result.refund.id);
    return this.presentRefund(result.refund);
  }

  async retrieveRefund(refundId: string): Promise<GatewayRefund> {
    const row = await this.repo.refundById(refundId);
    if (!row) throw new GatewayRefused('refund_unknown', 'No such refund.');
    return this.presentRefund(row);
  }

  /** The webhook job: sends the event, signed now; a receiver that does not answer 2xx gets it again later. */
  async deliver(eventId: string): Promise<void> {
    const event = await this.repo.event(eventId);
    if (!event || event.deliveredAt) return;
    const body = JSON.stringify({
      id: event.id,
      type: event.type,
      created: Math.floor(event.createdAt.getTime() / 1000),
      data: { intentId: event.intentId, refundId: event.refundId },
    });
    const status = await this.transport(
      body,
      signWebhook(this.options.webhookSecret, body, this.now().getTime()),
    ).catch(() => 0);
    const delivered = status >= 200 && status < 300;
    await this.repo.markDelivery(event.id, delivered, this.now());
    if (!delivered) throw new Error(`webhook ${event.id} answered ${status}`);
  }

  private async emitFor(intent: IntentRow): Promise<void> {
    const type: GatewayEventType | undefined = {
      requires_action: 'payment_intent.requires_action' as const,
      requires_capture: 'payment_intent.amount_capturable_updated' as const,
      succeeded: 'payment_intent.succeeded' as const,
      failed: 'payment_intent.payment_failed' as const,
      canceled: 'payment_intent.canceled' as const,
    }[intent.status];
    if (type) await this.emit(type, intent.id, null);
  }

  private async emit(type: GatewayEventType, intentId: string, refundId: string | null): Promise<void> {
    await this.repo.insertEvent(
      { id: id('evt'), type, intentId, refundId, createdAt: this.now() },
      this.options.webhookAttempts,
    );
  }

  private async present(row: IntentRow): Promise<PaymentIntent> {
    const token = row.tokenId ? await this.repo.token(row.tokenId) : undefined;
    return {
      id: row.id,
      status: row.status as IntentStatus,
      amount: row.amount,
      currency: row.currency,
      amountCaptured: row.amountCaptured,
      amountRefunded: row.amountRefunded,
      metadata: row.metadata,
      nextActionUrl: row.status === 'requires_action' ? `${this.options.basePath}/3ds/${row.id}` : null,
      declineCode: (row.declineCode as DeclineCode | null) ?? null,
      card: token
        ? { brand: token.brand as CardBrand, last4: token.last4, expMonth: token.expMonth, expYear: token.expYear }
        : null,
      savedCard: row.savedCardId,
    };
  }

  private presentRefund(row: RefundRow): GatewayRefund {
    const status = row.status === 'failed' ? 'failed' : 'succeeded';
    return { id: row.id, intentId: row.intentId, amount: row.amount, status };
  }
}
