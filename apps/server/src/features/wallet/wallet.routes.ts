import { walletEndpoints as api } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { serve } from '../../lib/serve';
import { requireUser } from '../../plugins/auth';
import type { WalletService } from './wallet.service';

/** The wallet of the signed-in user (spec §2 /account/wallet). */
export const walletRoutes = (wallet: WalletService): FastifyPluginAsync =>
  async function walletApi(app) {
    const signedIn = { tags: ['wallet'], preHandler: requireUser };
    const userOf = (auth: { userId: string } | null) => auth?.userId ?? '';

    serve(app, api.summary, signedIn, async (req) => wallet.summary(userOf(req.auth)));
    serve(app, api.entries, signedIn, async (req) => wallet.entries(userOf(req.auth), req.query));
  };
