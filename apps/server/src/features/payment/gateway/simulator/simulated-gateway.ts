import { z } from 'zod';
import {
  type CardTokenRef,
  type CreateIntent,
  GATEWAY_EVENT_TYPES,
  type GatewayEvent,
  type GatewayRefund,
  GatewayUnavailable,
  type PaymentGateway,
  type PaymentIntent,
  type SavedCardRef,
  type TokenDetails,
  WebhookSignatureInvalid,
} from '../gateway';
import { verifyWebhookSignature } from '../webhook-signature';
import type { GatewaySimulator } from './simulator.service';

export type NetworkOptions = {
  /** Typical response time; each call takes between half and one and a half of it. */
  latencyMs: number;
  /** Share of calls lost on the way in: nothing happens at the processor. */
  failureRate: number;
  /** Share of calls that take effect but whose answer is lost on the way back. */
  answerLossRate: number;
  /** Our time limit per call: past it the call counts as unanswered (it may still take effect). */
  timeoutMs: number;
  webhookSecret: string;
  random?: () => number;
  now?: () => Date;
};

const eventSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.enum(GATEWAY_EVENT_TYPES),
  created: z.number().int(),
  data: z.object({ intentId: z.string().min(1).max(100), refundId: z.string().max(100).nullable() }),
});

/**
 * The `PaymentGateway` over the embedded simulator, with a network between them: latency, calls lost
 * before they arrive, answers lost after the call took effect, and our own time limit, as configured.
 */
export class SimulatedGateway implements PaymentGateway {
  private readonly random: () => number;
  private readonly now: () => Date;

  constructor(
    private readonly sim: GatewaySimulator,
    private readonly net: NetworkOptions,
  ) {
    this.random = net.random ?? Math.random;
    this.now = net.now ?? (() => new Date());
  }

  private async call<T>(work: () => Promise<T>, loseAnswer: (answer: T) => boolean = () => false): Promise<T> {
    const delay = this.net.latencyMs * (0.5 + this.random());
    if (delay > 0) await new Promise((r) => setTimeout(r, delay / 2));
    if (this.random() < this.net.failureRate) throw new GatewayUnavailable('the request did not reach the processor');
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new GatewayUnavailable('the processor did not answer in time')),
        this.net.timeoutMs,
      );
    });
    const answer = work().then(async (a) => {
      if (delay > 0) await new Promise((r) => setTimeout(r, delay / 2));
      return a;
    });
    // An answer that comes after the time limit is dropped, as a real client would.
    answer.catch(() => {});
    try {
      const result = await Promise.race([answer, timeout]);
      if (loseAnswer(result) || this.random() < this.net.answerLossRate)
        throw new GatewayUnavailable('the answer was lost on the way back');
      return result;
    } finally {
      clearTimeout(timer);
    }
  }

  describeToken(token: string): Promise<TokenDetails> {
    return this.call(() => this.sim.describeToken(token));
  }

  createCustomer(request: { idempotencyKey: string }): Promise<{ id: string }> {
    return this.call(() => this.sim.createCustomer(request.idempotencyKey));
  }

  saveCard(request: { token: string; customer: string }): Promise<SavedCardRef> {
    return this.call(() => this.sim.saveCard(request.token, request.customer));
  }

  cardToken(request: { card: string; customer: string; cvcToken: string }): Promise<CardTokenRef> {
    return this.call(() => this.sim.cardToken(request));
  }

  createIntent(request: CreateIntent): Promise<PaymentIntent> {
    return this.call(() => this.sim.createIntent(request));
  }

  confirm(intentId: string, request: { token: string; returnUrl: string; idempotencyKey: string }) {
    return this.call(() => this.sim.confirm(intentId, request));
  }

  async capture(intentId: string, _request: { idempotencyKey: string }): Promise<PaymentIntent> {
    const answer = await this.call(
      () => this.sim.capture(intentId),
      (a) => a.loseAnswer,
    );
    return answer.intent;
  }

  cancel(intentId: string, _request: { idempotencyKey: string }): Promise<PaymentIntent> {
    return this.call(() => this.sim.cancel(intentId));
  }

  retrieve(intentId: string): Promise<PaymentIntent> {
    return this.call(() => this.sim.retrieve(intentId));
  }

  refund(request: { intentId: string; amount: number; idempotencyKey: string }): Promise<GatewayRefund> {
    return this.call(() => this.sim.refund(request));
  }

  retrieveRefund(refundId: string): Promise<GatewayRefund> {
    return this.call(() => this.sim.retrieveRefund(refundId));
  }

  verifyWebhook(rawBody: string, signatureHeader: string | undefined): GatewayEvent {
    verifyWebhookSignature(this.net.webhookSecret, rawBody, signatureHeader, this.now().getTime());
    let parsed: z.infer<typeof eventSchema>;
    try {
      parsed = eventSchema.parse(JSON.parse(rawBody));
    } catch {
      throw new WebhookSignatureInvalid('signed, but not an event');
    }
    return {
      id: parsed.id,
      type: parsed.type,
      created: parsed.created,
      intentId: parsed.data.intentId,
      refundId: parsed.data.refundId,
    };
  }
}
