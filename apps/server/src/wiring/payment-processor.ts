import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from '../config';
import { processorOf } from '../config-outside';
import type { Db } from '../db/database';
import type { PaymentGateway } from '../features/payment/gateway/gateway';
import { SimulatedGateway } from '../features/payment/gateway/simulator/simulated-gateway';
import { registerSimulatorJobs } from '../features/payment/gateway/simulator/simulator.jobs';
import { SimulatorRepository } from '../features/payment/gateway/simulator/simulator.repository';
import { simulatorRoutes } from '../features/payment/gateway/simulator/simulator.routes';
import { GatewaySimulator } from '../features/payment/gateway/simulator/simulator.service';
import type { StripeGateway } from '../features/payment/gateway/stripe/stripe-gateway';
import { SIGNATURE_HEADER } from '../features/payment/gateway/webhook-signature';
import { WEBHOOK_PATH } from '../features/payment/payment.webhook';
import type { JobRegistry } from '../jobs/jobs';
import type { Secrets } from '../lib/secrets';

/** The card processor the server uses, as `PAYMENT_PROCESSOR` names it (or as a test injects it). */
export type PaymentProcessor = {
  gateway: PaymentGateway;
  /**
   * The embedded simulator's own routes (the tokenisation endpoint, the issuer's 3-D Secure page) when it
   * is the processor: `app.ts` serves them behind a session and the API's rate limit.
   */
  simulatorRoutes?: FastifyPluginAsync;
  /** Once the server is built: where the simulator's webhooks go (our own route, or GATEWAY_WEBHOOK_URL). */
  connect(app: FastifyInstance): void;
};

/**
 * Builds the configured processor. A real one is registered beside `simulator` (its name in
 * `PAYMENT_PROCESSORS`, its adapter of the `PaymentGateway` port here, loaded with its provider's client only
 * when configured); the simulator keeps its own tables under `/gateway-sim/` and is reached over a simulated
 * network, its webhooks signed like a real one's.
 */
export async function paymentProcessor(
  config: Config,
  deps: { db: Db; secrets: Secrets; gateway?: PaymentGateway | undefined; now: () => Date },
  jobs: JobRegistry,
): Promise<PaymentProcessor> {
  if (deps.gateway) return { gateway: deps.gateway, connect: () => {} };
  const webhookSecret =
    config.GATEWAY_WEBHOOK_SECRET ??
    createHmac('sha256', deps.secrets.hmacKey).update('gateway-webhook').digest('base64url');
  switch (processorOf(config)) {
    case 'stripe':
      return { gateway: await stripeGateway(config, deps.now), connect: () => {} };
    case 'simulator': {
      const simulator = new GatewaySimulator(
        new SimulatorRepository(deps.db),
        {
          basePath: '/gateway-sim',
          webhookSecret,
          webhookAttempts: config.GATEWAY_WEBHOOK_ATTEMPTS,
          issuerKey: createHmac('sha256', deps.secrets.hmacKey).update('gateway-sim-issuer').digest(),
        },
        deps.now,
      );
      registerSimulatorJobs(jobs, simulator);
      const gateway = new SimulatedGateway(simulator, {
        latencyMs: config.GATEWAY_SIM_LATENCY_MS,
        failureRate: config.GATEWAY_SIM_FAILURE_RATE,
        answerLossRate: config.GATEWAY_SIM_ANSWER_LOSS_RATE,
        timeoutMs: config.GATEWAY_TIMEOUT_MS,
        webhookSecret,
        now: deps.now,
      });
      const webhookUrl = config.GATEWAY_WEBHOOK_URL;
      return {
        gateway,
        simulatorRoutes: simulatorRoutes(simulator, { demo: config.DEMO_MODE }),
        connect: (app) =>
          simulator.deliverTo(async (body, signature) => {
            const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature };
            if (webhookUrl) {
              const res = await fetch(webhookUrl, {
                method: 'POST',
                body,
                headers,
                signal: AbortSignal.timeout(10_000),
              });
              return res.status;
            }
            return (await app.inject({ method: 'POST', url: WEBHOOK_PATH, payload: body, headers })).statusCode;
          }),
      };
    }
  }
}

/** Stripe, as its settings say; its webhooks come to our own route from Stripe itself. */
async function stripeGateway(config: Config, now: () => Date): Promise<StripeGateway> {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = config;
  if (!secretKey || !webhookSecret || !config.STRIPE_PUBLISHABLE_KEY)
    throw new Error(
      'PAYMENT_PROCESSOR=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET (docs/going-live.md).',
    );
  const { StripeGateway } = await import('../features/payment/gateway/stripe/stripe-gateway');
  return new StripeGateway({
    secretKey,
    webhookSecret,
    apiBase: config.STRIPE_API_BASE,
    timeoutMs: config.STRIPE_TIMEOUT_MS,
    publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
    now,
  });
}
