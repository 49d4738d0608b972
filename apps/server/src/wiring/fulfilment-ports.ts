import type { Basics } from '../feature-module';
import type { FulfilmentPorts } from '../features/fulfilment/fulfilment.module';
import { announceNews } from '../features/fulfilment/ticketing/delay-sim';
import { notify } from '../features/notifications/notifications.service';
import type { OrdersRepository } from '../features/orders/orders.repository';
import type { PassengersRepository } from '../features/passengers/passengers.repository';
import type { PaymentsService } from '../features/payment/payment.service';
import type { RailAgentDesk } from '../features/rail/agent-desk';
import type { RailService } from '../features/rail/rail.service';
import type { SearchService } from '../features/search/search.service';
import { bookingPeople } from './booking-people';
import type { AppDeps } from './deps';
import type { duffelSupply } from './duffel';
import { nextDepartures } from './next-departures';
import { refundMoney } from './refund-money';
import { railIssuer, ticketIssuers } from './ticket-issuers';

/** The features built before fulfilment, as their modules return them. */
export type FulfilmentSources = {
  orders: { repo: OrdersRepository };
  passengers: { repo: PassengersRepository };
  payments: { service: Pick<PaymentsService, 'refund' | 'paymentsOf' | 'refundTo' | 'refundStates'> };
  rail: { service: RailService; desk: RailAgentDesk; simulated?: boolean };
  duffel: ReturnType<typeof duffelSupply>;
  search: { service: Pick<SearchService, 'allSuppliers'> };
};

/**
 * What ticketing and refunds reach: the ticketing systems (injected, or the simulated airlines, Duffel by
 * seller and China Railway), the money back through payments, staff mail, the order's payments for its
 * receipt, its travellers in clear for a seller, and the time zone of each place for the itinerary.
 */
export function fulfilmentPorts(
  basics: Basics,
  deps: Pick<AppDeps, 'ticketIssuers' | 'mailer'>,
  from: FulfilmentSources,
): FulfilmentPorts {
  const { db, config, refdata, secrets } = basics;
  const delays = {
    maxMinutes: config.TICKETING_SIM_DELAY_MAX_MINUTES,
    seed: config.TICKETING_SIM_DELAY_SEED,
    cancelRate: config.TICKETING_SIM_CANCEL_RATE,
  };
  return {
    issuers:
      deps.ticketIssuers ??
      ticketIssuers(
        db,
        {
          delayMs: config.TICKETING_DELAY_MS,
          failureRate: config.TICKETING_FAILURE_RATE,
          scheduleChangeRate: config.TICKETING_SIM_SCHEDULE_CHANGE_RATE,
          delays: { ...delays, rate: config.TICKETING_SIM_DELAY_RATE },
        },
        from.duffel ? { duffel: from.duffel.issuer } : {},
        railIssuer(
          from.orders.repo,
          from.rail.service,
          from.rail.desk,
          from.rail.simulated
            ? {
                delays: { ...delays, rate: config.TICKETING_SIM_TRAIN_DELAY_RATE },
                announce: (d, runAt) => announceNews(db, d, runAt),
              }
            : undefined,
        ),
      ),
    notify,
    refundMoney: refundMoney(from.payments.service),
    staffMail: (mail) => deps.mailer.send({ to: config.STAFF_EMAIL, subject: mail.subject, text: mail.text, html: '' }),
    paymentsOf: (orderId) => from.payments.service.paymentsOf(orderId),
    refundTo: (orderId, amountMinor, key) => from.payments.service.refundTo(orderId, amountMinor, key),
    moneyBack: (keys) => from.payments.service.refundStates(keys),
    people: bookingPeople(from.orders.repo, from.passengers.repo, secrets.keyring),
    nextDepartures: nextDepartures(refdata, from.search.service, basics.now),
    zoneOf: (point) => (point.placeId === undefined ? undefined : refdata.places.get(point.placeId)?.tz),
  };
}
