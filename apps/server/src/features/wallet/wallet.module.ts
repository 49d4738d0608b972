import type { Basics, FeatureModule } from '../../feature-module';
import type { JobRegistry } from '../../jobs/jobs';
import { AppTopups } from './app-topups';
import { LateCardTopups } from './late-card-topups';
import { LateTopupRefunds } from './late-topup-refunds';
import type { CardNotifier, CardProcessor, ServiceDesk, TopupApps, TopupNotifier } from './ports';
import { SavedCards } from './saved-cards';
import { SavedCardsRepository } from './saved-cards.repository';
import { registerWalletJobs } from './wallet.jobs';
import { WalletLedger } from './wallet.ledger';
import { WalletRepository } from './wallet.repository';
import { walletRoutes } from './wallet.routes';
import { WalletService } from './wallet.service';

/**
 * The wallet: its balance as an append-only ledger (payments from it and refunds to it move it in their own
 * transaction), saved cards and top-ups through the card processor; `lateCards` takes the processor's word of a
 * card top-up captured after it had failed.
 */
export function walletModule(
  basics: Basics,
  ports: {
    processor: CardProcessor;
    notifier: CardNotifier;
    apps: TopupApps;
    topupNotifier?: TopupNotifier;
    /** Where customer service sees a late top-up's refund that failed at the card processor or the app. */
    desk?: ServiceDesk;
  },
): FeatureModule<WalletService> & { lateCards: LateCardTopups } {
  const { db, config, secrets, now } = basics;
  const repo = new WalletRepository(db);
  const ledger = new WalletLedger(repo, now);
  const caps = {
    perTopupMinor: config.WALLET_TOPUP_MAX_MINOR,
    dailyMinor: config.WALLET_TOPUP_DAILY_MAX_MINOR,
    balanceMinor: config.WALLET_BALANCE_MAX_MINOR,
  };
  const origin = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/$/, '');
  const appOptions = {
    returnUrl: (id: string) => `${origin}/account/wallet?${new URLSearchParams({ topup: id })}`,
    settleAfterMs: config.PAYMENT_SETTLE_AFTER_MS,
    tradeMs: 15 * 60_000,
    caps,
    ...(config.PAYMENT_CRASH_AT === 'topup-before-commit' && config.NODE_ENV !== 'production'
      ? { crashBeforeCommit: true }
      : {}),
  };
  const lateRefunds = new LateTopupRefunds(repo, ports.apps, now, ports.topupNotifier, ports.processor, ports.desk);
  const lateWindowMs = config.PAYMENT_LATE_WINDOW_HOURS * 3_600_000;
  const lateCards = new LateCardTopups(repo, ports.processor, lateRefunds, now, lateWindowMs);
  const service = new WalletService(
    repo,
    ledger,
    ports.processor,
    {
      returnPath: '/account/wallet',
      actionTimeoutMs: 30 * 60_000,
      settleAfterMs: 60_000,
      caps,
      ...(config.PAYMENT_PROCESSOR === 'stripe' && config.STRIPE_PUBLISHABLE_KEY
        ? { stripe: { publishableKey: config.STRIPE_PUBLISHABLE_KEY, jsUrl: config.STRIPE_JS_URL } }
        : {}),
    },
    now,
    secrets.keyring,
    new SavedCards(new SavedCardsRepository(db), ports.processor, secrets, ports.notifier, now),
    new AppTopups(repo, ledger, ports.apps, appOptions, now, lateRefunds),
  );
  return {
    service,
    routes: walletRoutes(service, lateRefunds),
    jobs: (registry: JobRegistry) => registerWalletJobs(registry, service, lateRefunds, lateCards),
    lateCards,
  };
}
