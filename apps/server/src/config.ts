import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { alertSettings } from './config-alerts';
import { CHANNEL_GROUPS, channelSettings } from './config-channels';
import { gatewaySettings } from './config-gateway';
import { invoiceSettings } from './config-invoices';
import { limitSettings } from './config-limits';
import { outsideSettings } from './config-outside';
import { protectionSettings } from './config-protection';
import { PROVIDER_GROUPS, providerSettings } from './config-providers';
import { railSettings } from './config-rail';
import { scheduleSettings } from './config-schedules';
import { searchSettings } from './config-search';
import { stripeSettings } from './config-stripe';
import { PAYMENT_CRASH_POINTS } from './payment-crash-points';
import { trustProxySchema } from './trust-proxy';

export type { TrustProxy } from './trust-proxy';
export { trustProxySchema };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Every setting the server reads from the environment. Company particulars default to sample values,
 * flagged by COMPANY_PARTICULARS_ARE_SAMPLES so the site marks them as samples; a deployment sets the real ones.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().default(path.join(repoRoot, '.data')),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(5433),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  TRUST_PROXY: trustProxySchema
    .default(false)
    .describe('Proxies whose X-Forwarded-For/-Proto/-Host are read: false, a hop count, or their addresses'),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(2000)
    .describe(
      'While its main thread is busy with its own work, past this event-loop delay the server answers API calls 419 busy (new searches from a quarter of it; sign-in, orders and payment never; pages, assets and /healthz never); 0 turns load shedding off',
    ),
  RATE_LIMIT_WINDOW_MS: z.coerce.number().int().positive().default(60_000),
  COMPANY_NAME_EN: z.string().default('Junction Technology Co., Ltd.'),
  COMPANY_NAME_ZH: z.string().default('联程科技有限公司'),
  COMPANY_ADDRESS_EN: z.string().default('Sample address: 1 Example Road, Chaoyang District, Beijing'),
  COMPANY_ADDRESS_ZH: z.string().default('示例地址：北京市朝阳区示例路1号'),
  SERVICE_EMAIL: z.email().default('service@junction.example'),
  SERVICE_PHONE: z.string().default('+86 10 0000 0000'),
  ICP_LICENSE: z.string().default('京ICP备00000000号-1'),
  PUBLIC_SECURITY_RECORD: z.string().default('京公网安备00000000000000号'),
  BUSINESS_LICENSE: z.string().default('91110000000000000X'),
  COMPANY_PARTICULARS_ARE_SAMPLES: flag.default(true),
  PUBLIC_URL: z.url().optional().describe('Origin used in e-mailed links; defaults to http://localhost:PORT'),
  AMAP_KEY: z
    .string()
    .min(1)
    .optional()
    .describe(
      'AMap web service key: the place picker and the map ask AMap for addresses (the offline gazetteer otherwise)',
    ),
  AMAP_BASE_URL: z.url().default('https://restapi.amap.com'),
  AMAP_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1500),
  MAP_TILE_URL: z
    .url({ protocol: /^https?$/ })
    .refine((u) => ['{z}', '{x}', '{y}'].every((k) => u.includes(k)), 'needs {z}, {x} and {y}')
    .optional()
    .describe(
      'Web Mercator tiles drawn under the map, e.g. AMap: https://webrd01.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z} (none by default)',
    ),
  MAP_TILE_DATUM: z
    .enum(['wgs84', 'gcj02'])
    .default('wgs84')
    .describe('gcj02 for tiles of a mainland Chinese map (AMap)'),
  MAP_TILE_ATTRIBUTION: z
    .string()
    .max(200)
    .optional()
    .describe('The credit the tile provider asks for, e.g. © 高德地图'),
  SMTP_URL: z.string().optional().describe('smtp://user:pass@host:port; unset starts a local sink that logs mail'),
  MAIL_FROM: z.string().default('Junction <no-reply@junction.example>'),
  MESSAGING_STAND_INS: flag
    .default(false)
    .describe(
      'In production, allow the stand-ins that only log texts and mail (no SMS gateway, no SMTP_URL); refused otherwise',
    ),
  SMS_OUTBOX_FILE: z.string().optional().describe('Development SMS provider also appends each text to this file'),
  SECRET_KEY: z
    .string()
    .optional()
    .describe(
      'Base64 of at least 32 random bytes: keys the hashes of codes and blind indexes; generated in DATA_DIR when unset outside production',
    ),
  DATA_KEYS: z
    .string()
    .optional()
    .describe(
      'Keyring sealing personal data at rest, as id:base64key,...; generated in DATA_DIR when unset outside production',
    ),
  DATA_KEY_ID: z.string().optional().describe('The DATA_KEYS entry that seals new values (default: the first)'),
  AUTH_IP_LIMIT_FACTOR: z.coerce.number().positive().max(1000).default(1),
  RUN_JOBS: flag.default(true).describe('This process runs background jobs (any number of processes may)'),
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(2).describe('Jobs one process runs at once'),
  JOB_POLL_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(2000)
    .describe('How often this process looks for jobs that have come due (new jobs due now are announced at once)'),
  SESSION_IDLE_DAYS: z.coerce.number().positive().default(10),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(30),
  ORDER_PAYMENT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30)
    .describe('Time to pay a new order, in whole minutes; past it the order expires and its seats are released'),
  SUPPORT_URL: z
    .url()
    .default('https://support.junction.example')
    .describe("Support site; an order's page there is /order/{id}"),
  TICKETING_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(72)
    .default(2)
    .describe('Tickets are expected within this many hours of payment (spec §9), shown on the order'),
  TICKETING_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 60_000)
    .default(4000)
    .describe('How long the simulated airlines and China Railway take to issue tickets'),
  TICKETING_FAILURE_RATE: z.coerce
    .number()
    .min(0)
    .max(1)
    .default(0.05)
    .describe('Share of simulated ticket requests that fail (each retry draws again)'),
  TICKETING_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(25)
    .default(6)
    .describe('Tries of one ticket before it goes to the dead-letter state: cancelled, refunded, staff told'),
  REFUND_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(60)
    .default(7)
    .describe('A refund is promised as received within this many days (spec §4 "received before")'),
  REFUND_PROCESSING_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 86_400)
    .default(120)
    .describe('A refund the traveller asked for is paid out after this long; until then it may be withdrawn'),
  JOB_STALE_LOCK_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(4 * 3600)
    .default(600)
    .describe('A job locked this long belongs to a process that died; the reconciler frees it for others'),
  STAFF_EMAIL: z.email().default('ops@junction.example').describe('Where dead-lettered ticketing jobs are reported'),
  PASSENGER_LIMIT: z.coerce.number().int().min(1).max(1000).default(50).describe('Travellers one account may save'),
  ITINERARY_PDF_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .default(1)
    .describe('Worker threads drawing itinerary PDFs (each version of an order is drawn once and kept)'),
  ITINERARY_PDF_QUEUE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(8)
    .describe('Itinerary PDFs waiting to be drawn at most; past it a download is answered 419 busy'),
  REDIS_URL: z
    .url()
    .optional()
    .describe(
      'Redis for scale-out: search sessions, the API rate limit and chat delivery between server processes (PostgreSQL otherwise)',
    ),
  CHAT_RATE_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(20)
    .describe('Chat messages one person may send per minute'),
  CHAT_MAX_CONNECTIONS: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(5)
    .describe('Chat connections (tabs, devices) one person may have open at once'),
  CHAT_FIXED_NOW: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('Judge the online-service hours at this instant instead of the real time (demonstrations and tests)'),
  PAYMENT_SETTLE_AFTER_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60_000)
    .describe('A payment attempt still open after this long is settled by asking the card processor'),
  PAYMENT_LATE_WINDOW_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(720)
    .default(48)
    .describe(
      'For this many hours after a payment attempt closed unpaid, the reconciler asks its app or card processor whether it was paid after all (0: never)',
    ),
  PAYMENT_WAIT_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(20_000)
    .describe('How long a payment request waits for another payment of the same order to settle'),
  PAYMENT_CRASH_AT: z
    .enum(PAYMENT_CRASH_POINTS)
    .optional()
    .describe('Tests only (never in production): the process kills itself at this point of the pay flow'),
  APP_IOS_URL: z.url().default('https://apps.apple.com/app/junction-travel/id0000000000'),
  APP_ANDROID_URL: z.url().default('https://junction.example/download/junction-android.apk'),
  ...railSettings,
  ...invoiceSettings,
  ...protectionSettings,
  ...searchSettings,
  ...gatewaySettings,
  ...providerSettings,
  ...channelSettings,
  ...stripeSettings,
  ...limitSettings,
  ...outsideSettings,
  ...alertSettings,
  ...scheduleSettings,
});

export type Config = z.infer<typeof configSchema>;

/** Parses the environment; a bad value stops the start with a list of what is wrong. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const set = parsed.data as Record<string, unknown>;
  for (const group of [...PROVIDER_GROUPS, ...CHANNEL_GROUPS]) {
    const missing = group.keys.filter((k) => set[k] === undefined);
    if (missing.length > 0 && missing.length < group.keys.length) {
      throw new Error(
        `Invalid configuration:\n  ${missing.join(', ')}: ${group.name} needs every one of ${group.keys.join(', ')}`,
      );
    }
  }
  return parsed.data;
}

/**
 * Production never silently writes verification codes and activation links to a log instead of sending
 * them: without a mail relay (SMTP_URL) and an SMS gateway, it starts only when MESSAGING_STAND_INS says so.
 */
export function assertMessagingConfigured(
  config: Pick<Config, 'NODE_ENV' | 'SMTP_URL' | 'MESSAGING_STAND_INS' | 'ALIYUN_SMS_ACCESS_KEY_ID'>,
): void {
  if (config.NODE_ENV !== 'production' || config.MESSAGING_STAND_INS) return;
  const missing = [
    ...(config.SMTP_URL ? [] : ['SMTP_URL (mail would only be logged)']),
    ...(config.ALIYUN_SMS_ACCESS_KEY_ID ? [] : ['an SMS gateway, ALIYUN_SMS_* (texts would only be logged)']),
  ];
  if (missing.length === 0) return;
  throw new Error(
    `Production needs real messaging: ${missing.join(', ')}. Set MESSAGING_STAND_INS=true to run with the logging stand-ins on purpose.`,
  );
}
