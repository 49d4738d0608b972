import { defineConfig } from '@playwright/test';
import { SERVER_ARGS } from './e2e/second-server';
import { soldOutSetting } from './e2e/sold-out';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.data/e2e';
/** `scripts/e2e.mjs` keeps the server's log in a file, to scan it for card data after the tests. */
const SERVER_LOG = process.env.E2E_SERVER_LOG;

/** Browser tests against the real server (built web app, embedded PostgreSQL), driven in the system Chromium. */
export default defineConfig({
  testDir: 'e2e',
  // Limits for a page that never comes, not speed requirements: a busy shared machine may take half a
  // minute to plan a door-to-door trip.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  fullyParallel: true,
  // Two tests at a time on two cores: with three, the whole stage's tests took 57 % longer each (the browser,
  // the server and the runner share the two cores), for no gain in the stage's time.
  workers: 2,
  // One retry on a busy 2-core machine; the list reporter names every test that needed it as flaky.
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1280, height: 900 },
    // The pages honour a system's wish for reduced motion (no animation nor transition): the tests ask for it,
    // so that no step waits for a dialog's zoom or a skeleton's shimmer and no frame is drawn for one.
    reducedMotion: 'reduce',
    // The site's service worker, started on a signed-in traveller's trips and order pages, precaches the whole
    // app (178 files) in each new context: only the offline tests, which need it, let it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: SERVER_LOG
      ? `exec node ${SERVER_ARGS.join(' ')} >> '${SERVER_LOG}' 2>&1`
      : `node ${SERVER_ARGS.join(' ')}`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    // A fresh database's first start took over two minutes on a machine shared at a load of 30.
    timeout: 240_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT ?? '5499',
      // Requests are logged too when the log goes to a file, so the card data scan reads what a server logs.
      LOG_LEVEL: SERVER_LOG ? 'info' : 'warn',
      RATE_LIMIT_MAX: '100000',
      AUTH_IP_LIMIT_FACTOR: '20',
      // No load shedding: on a busy test machine the event loop lags, and the server would turn searches and
      // pages' calls away as busy at random. The busy answers are tested with stand-ins (busy-server.spec.ts,
      // shell.spec.ts) and in the server's own tests.
      MAX_EVENT_LOOP_DELAY_MS: '0',
      // Browser tests book many orders from one account, all with one contact address.
      ORDER_UNPAID_MAX: '1000',
      ORDER_HELD_SEATS_MAX: '10000',
      ORDER_TRAIN_SEATS_MAX: '10000',
      ORDER_CONTACT_UNPAID_MAX: '100000',
      CONTACT_MAIL_PER_DAY: '100000',
      // Suppliers answer at a fifth of their usual times and never fail, so the browser tests see the
      // progress and every kind of result, deterministically.
      SEARCH_LATENCY_SCALE: '0.2',
      SEARCH_SUPPLIER_FAILURES: 'false',
      // A busy test machine may take a while over a new date's door-to-door timetable.
      SEARCH_SUPPLIER_TIMEOUT_MS: '60000',
      // The simulated national rail service answers at once and always sends its login codes to the browser
      // tests; its identity check of a saved traveller runs as soon as the traveller is saved, and never fails
      // like an outage (which its job would retry later). The card processor's simulator answers at once too.
      RAIL_SIM_LATENCY_MS: '0',
      RAIL_SIM_CODE_FAILURE_RATE: '0',
      RAIL_IDENTITY_DELAY_MS: '0',
      RAIL_IDENTITY_LATENCY_MS: '0',
      RAIL_IDENTITY_FAILURE_RATE: '0',
      GATEWAY_SIM_LATENCY_MS: '0',
      // Seats come back to a sold-out class only when a test returns them; waiting orders look every 2 seconds.
      RAIL_SIM_SEAT_RETURN_RATE: '0',
      RAIL_WAITLIST_POLL_SECONDS: '2',
      // A Beijing–Shanghai train is sold out in every class on the days the waiting-list test books it.
      RAIL_SIM_SOLD_OUT: soldOutSetting(),
      // Tickets never fail to be issued, and are issued at once (our agents' offline desk takes up to thirty
      // times this: three seconds); a refund is paid back after 30 seconds, time enough to withdraw it, unless a
      // test has the seller settle it at once.
      TICKETING_FAILURE_RATE: '0',
      TICKETING_DELAY_MS: '100',
      // Jobs that come due later (a ticket from the agents' desk, a refund paid out) are looked for every quarter
      // of a second rather than every two.
      JOB_POLL_MS: '250',
      // The national e-invoice service answers in a moment, so the page shows an invoice being issued first.
      INVOICE_SIM_LATENCY_MS: '300',
      // Flights and trains run late, and an airline re-times a flight when it issues its tickets, only when a
      // test has the simulator do so: otherwise one flight in ten would be re-timed, which one depending on the
      // day the tests run.
      TICKETING_SIM_DELAY_RATE: '0',
      TICKETING_SIM_TRAIN_DELAY_RATE: '0',
      TICKETING_SIM_SCHEDULE_CHANGE_RATE: '0',
      REFUND_PROCESSING_SECONDS: '30',
      // No job searches on its own beside the tests: the month of fares is not priced again on a schedule
      // (its days come from the tests' searches), and price alerts are checked when a test asks
      // (`/alerts-sim/check`), never swept every quarter of an hour.
      FARES_FILL_CRON: 'off',
      SEARCH_PLANS_FILL_CRON: 'off',
      ALERT_SWEEP_CRON: 'off',
      PUBLIC_URL: `http://127.0.0.1:${PORT}`,
      // Online service judges its hours at noon in Beijing, so the chat's tests find agents in whenever they run.
      CHAT_FIXED_NOW: '2026-11-26T04:00:00Z',
      ...(process.env.E2E_SMTP_URL ? { SMTP_URL: process.env.E2E_SMTP_URL } : {}),
      ...(process.env.E2E_SMS_FILE ? { SMS_OUTBOX_FILE: process.env.E2E_SMS_FILE } : {}),
    },
  },
});
