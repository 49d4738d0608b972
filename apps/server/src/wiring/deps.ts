import type { Refdata } from '@junction/refdata';
import type { Config } from '../config';
import type { Db } from '../db/database';
import type { Basics } from '../feature-module';
import type { Mailer } from '../features/account/messaging/mailer';
import type { SmsProvider } from '../features/account/messaging/sms';
import type { TicketIssuers } from '../features/fulfilment/ticketing/issuer';
import type { EInvoiceService } from '../features/invoices/ports';
import type { RailIdentityVerifier } from '../features/passengers/rail-identity';
import type { PaymentChannel } from '../features/payment/channels/channel';
import type { PaymentGateway } from '../features/payment/gateway/gateway';
import type { Geocoder } from '../features/places/geocoder/geocoder';
import type { RailAccountProvider } from '../features/rail/provider';
import type { SimSms } from '../features/rail/simulator/rail-service-sim';
import type { Inventory } from '../features/search/inventory/inventory';
import type { Random } from '../features/search/suppliers/network';
import type { Supplier } from '../features/search/suppliers/supplier';
import type { Secrets } from '../lib/secrets';
import type { LoadSignal } from '../plugins/load-monitor';

/** What the server is built from beside its configuration: the database and every outside system. */
export type AppDeps = {
  db: Db;
  refdata: Refdata;
  mailer: Mailer;
  sms: SmsProvider;
  /**
   * Where the simulators' own texts go (the simulated 12306 sends its login codes as the real one would):
   * never through our SMS gateway; `sms` by default.
   */
  simulatorSms?: SimSms;
  /** Key material: the HMAC secret and the keyring that seals personal data at rest. */
  secrets: Secrets;
  /** Where the job tables are; without it no job runs in this process (jobs are still added). */
  databaseUrl?: string;
  now?: () => Date;
  /** The search suppliers; the configured simulated ones by default. */
  suppliers?: (inventory: Inventory) => Supplier[];
  random?: Random;
  /** The ticketing systems of airlines and China Railway; the simulators by default. */
  ticketIssuers?: TicketIssuers;
  /** China Railway's identity check; the simulator by default. */
  railIdentity?: RailIdentityVerifier;
  /** The national rail account service (12306); the simulator by default. */
  railAccounts?: RailAccountProvider;
  /** Where the log goes (standard output by default). */
  logStream?: NodeJS.WritableStream;
  /** The card processor; the embedded simulator by default. */
  gateway?: PaymentGateway;
  /** The national e-invoice service; the simulator by default. */
  einvoice?: EInvoiceService;
  /** The wallet apps (Alipay); those configured by default. */
  channels?: readonly PaymentChannel[];
  /** Addresses and landmarks for the place picker; the offline gazetteer by default. */
  geocoder?: Geocoder;
  /** The server's load as measured by this process (its main thread, the planner's queue) by default. */
  load?: LoadSignal;
};

/** What every feature's builder is given, from the server's configuration and outside systems. */
export function basicsOf(config: Config, deps: AppDeps): Basics {
  return { db: deps.db, config, refdata: deps.refdata, secrets: deps.secrets, now: deps.now ?? (() => new Date()) };
}
