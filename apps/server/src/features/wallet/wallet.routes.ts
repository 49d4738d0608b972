import { walletEndpoints as api, IDEMPOTENCY_HEADER } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve';
import { signedInRoute, userOf } from '../../plugins/auth';
import type { LateTopupRefunds } from './late-topup-refunds';
import type { WalletService } from './wallet.service';

/** The wallet of the signed-in user (spec §2 /account/wallet): balance, ledger, saved cards, top-ups. */
export const walletRoutes = (wallet: WalletService, lateRefunds: LateTopupRefunds): FastifyPluginAsync =>
  async function walletApi(app) {
    const signedIn = signedInRoute('wallet');

    serve(app, api.summary, signedIn, async (req) => wallet.summary(userOf(req.auth)));
    serve(app, api.entries, signedIn, async (req) => wallet.entries(userOf(req.auth), req.query));
    serve(app, api.cards, signedIn, async (req) => wallet.cards.cards(userOf(req.auth)));
    serve(app, api.setupCard, signedIn, async (req) => wallet.cards.setup(userOf(req.auth)));
    serve(app, api.addCard, signedIn, async (req) => wallet.cards.add(userOf(req.auth), req.body));
    serve(app, api.updateCard, signedIn, async (req) =>
      wallet.cards.update(userOf(req.auth), req.body.id, req.body.description),
    );
    serve(app, api.removeCard, signedIn, async (req) => {
      await wallet.cards.remove(userOf(req.auth), req.body.id);
      return { ok: true as const };
    });
    serve(app, api.topUp, signedIn, async (req) => {
      const header = req.headers[IDEMPOTENCY_HEADER];
      const key = Array.isArray(header) ? header[0] : header;
      const { amount, source } = req.body;
      if (source.kind === 'app') return wallet.apps.topUp(userOf(req.auth), amount, source, key, req.ip);
      return wallet.topUp(userOf(req.auth), { amount, source }, key);
    });
    serve(app, api.topUpState, signedIn, async (req) => wallet.topUpState(userOf(req.auth), req.query.id));
    serve(app, api.topUpRefunds, signedIn, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await lateRefunds.ofUser(userOf(req.auth)) };
    });
  };
