import type { FastifyPluginAsync } from 'fastify';
import type { Basics } from '../../feature-module';
import { registerAccountJobs } from './account.jobs';
import { AccountRepository } from './account.repository';
import { accountRoutes, type UnreadCounter } from './account.routes';
import { AccountService } from './account.service';
import { LoginGuard } from './login-guard';
import type { Mailer } from './messaging/mailer';
import type { SmsProvider } from './messaging/sms';
import { RateLimiter } from './rate-limiter';

/** Accounts: users, sessions, codes and links, with the rate limiter other features count against too. */
export function accountModule(basics: Basics, ports: { mailer: Mailer; sms: SmsProvider }) {
  const { db, config, secrets, now } = basics;
  const limiter = new RateLimiter(db, secrets.hmacKey, now);
  const guard = new LoginGuard(db, secrets.hmacKey, now);
  const repo = new AccountRepository(db);
  const service = new AccountService(
    repo,
    limiter,
    guard,
    secrets.hmacKey,
    ports.mailer,
    ports.sms,
    {
      publicUrl: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
      sessionIdleMs: config.SESSION_IDLE_DAYS * 86_400_000,
      sessionAbsoluteMs: config.SESSION_ABSOLUTE_DAYS * 86_400_000,
      ipLimitFactor: config.AUTH_IP_LIMIT_FACTOR,
    },
    now,
  );
  return {
    service,
    limiter,
    /** The account's routes, answering a signed-in user with their count of unread notices. */
    routes: (unread: UnreadCounter): FastifyPluginAsync =>
      accountRoutes(service, config.SESSION_ABSOLUTE_DAYS * 86_400, unread),
    jobs: (registry: Parameters<typeof registerAccountJobs>[0]) =>
      registerAccountJobs(registry, { limiter, guard, repo, now }),
  };
}
