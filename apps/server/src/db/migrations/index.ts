import type { Migration } from 'kysely/migration';
import * as accounts from './0001-accounts';
import * as accountsSessionChannel from './0001-accounts-session-channel';
import * as security from './0002-security';
import * as passengers from './0003-passengers';
import * as orders from './0004-orders';
import * as ordersCaps from './0004-orders-caps';
import * as payment from './0005-payment';
import * as payment2 from './0005-payment-2';
import * as paymentSavedCards from './0005-payment-saved-cards';
import * as fulfilment from './0006-fulfilment';
import * as fulfilment2 from './0006-fulfilment-2';
import * as fulfilment3 from './0006-fulfilment-3';
import * as fulfilment4 from './0006-fulfilment-4';
import * as rail from './0007-rail';
import * as rail2 from './0007-rail-2';
import * as rail3 from './0007-rail-3';
import * as rail4 from './0007-rail-4';
import * as railSimGuard from './0007-rail-sim-guard';
import * as chat from './0008-chat';
import * as chatImageQuota from './0008-chat-image-quota';
import * as scale from './0010-scale';
import * as scale2 from './0010-scale-2';
import * as scale3 from './0010-scale-3';
import * as wallet from './0011-wallet';
import * as wallet2 from './0011-wallet-2';
import * as wallet3 from './0011-wallet-3';
import * as wallet4 from './0011-wallet-4';
import * as walletCardGuard from './0011-wallet-card-guard';
import * as itinerary from './0012-itinerary';
import * as refundsPerTicket from './0012-refunds-per-ticket';
import * as supply from './0012-supply';
import * as change from './0013-change';
import * as invoices from './0014-invoices';
import * as protection from './0015-protection';
import * as changeSteps from './0016-change-steps';
import * as studentFares from './0017-student-fares';
import * as studentJourneys from './0018-student-journeys';
import * as changeTravellers from './0019-change-travellers';
import * as walletTopupsApps from './0020-wallet-topups-apps';
import * as fareCalendar from './0021-fare-calendar';
import * as priceAlerts from './0022-price-alerts';
import * as fareSales from './0023-fare-sales';
import * as priceAlertsEnded from './0024-price-alerts-ended';
import * as fareDaysTried from './0025-fare-days-tried';
import * as studentJourneyPerson from './0026-student-journey-person';
import * as paymentLateChecks from './0027-payment-late-checks';
import * as walletTopupRefunds from './0028-wallet-topup-refunds';
import * as priceAlertMonths from './0029-price-alert-months';
import * as walletCardReferences from './0030-wallet-card-references';
import * as cardTopupRefunds from './0031-card-topup-refunds';
import * as cardTopupIntents from './0032-card-topup-intents';
import * as cardTopupLateChecks from './0033-card-topup-late-checks';
import * as topupRefundsFailed from './0034-topup-refunds-failed';
import * as paymentRefundsFailed from './0035-payment-refunds-failed';
import * as railChanges from './0036-rail-changes';
import * as refundsOwed from './0037-refunds-owed';
import * as railDeskHolds from './0038-rail-desk-holds';
import * as cardFingerprints from './0039-card-fingerprints';
import * as protectionOnward from './0040-protection-onward';
import * as topupCardNotSaved from './0041-topup-card-not-saved';
import * as searchAnswersPacked from './0042-search-answers-packed';
import * as doorPlans from './0043-door-plans';

/**
 * Every migration, by name; names sort in the order they run. A feature that needs tables adds a file
 * beside this one (`NNNN-<feature>.ts`) and lists it here.
 */
export const migrations: Record<string, Migration> = {
  '0001-accounts': accounts,
  '0001-accounts-session-channel': accountsSessionChannel,
  '0002-security': security,
  '0003-passengers': passengers,
  '0004-orders': orders,
  '0004-orders-caps': ordersCaps,
  '0005-payment': payment,
  '0005-payment-2': payment2,
  '0005-payment-saved-cards': paymentSavedCards,
  '0006-fulfilment': fulfilment,
  '0006-fulfilment-2': fulfilment2,
  '0006-fulfilment-3': fulfilment3,
  '0006-fulfilment-4': fulfilment4,
  '0007-rail': rail,
  '0007-rail-2': rail2,
  '0007-rail-3': rail3,
  '0007-rail-4': rail4,
  '0007-rail-sim-guard': railSimGuard,
  '0008-chat': chat,
  '0008-chat-image-quota': chatImageQuota,
  '0010-scale': scale,
  '0010-scale-2': scale2,
  '0010-scale-3': scale3,
  '0011-wallet': wallet,
  '0011-wallet-2': wallet2,
  '0011-wallet-3': wallet3,
  '0011-wallet-4': wallet4,
  '0011-wallet-card-guard': walletCardGuard,
  '0012-itinerary': itinerary,
  '0012-refunds-per-ticket': refundsPerTicket,
  '0012-supply': supply,
  '0013-change': change,
  '0014-invoices': invoices,
  '0015-protection': protection,
  '0016-change-steps': changeSteps,
  '0017-student-fares': studentFares,
  '0018-student-journeys': studentJourneys,
  '0019-change-travellers': changeTravellers,
  '0020-wallet-topups-apps': walletTopupsApps,
  '0021-fare-calendar': fareCalendar,
  '0022-price-alerts': priceAlerts,
  '0023-fare-sales': fareSales,
  '0024-price-alerts-ended': priceAlertsEnded,
  '0025-fare-days-tried': fareDaysTried,
  '0026-student-journey-person': studentJourneyPerson,
  '0027-payment-late-checks': paymentLateChecks,
  '0028-wallet-topup-refunds': walletTopupRefunds,
  '0029-price-alert-months': priceAlertMonths,
  '0030-wallet-card-references': walletCardReferences,
  '0031-card-topup-refunds': cardTopupRefunds,
  '0032-card-topup-intents': cardTopupIntents,
  '0033-card-topup-late-checks': cardTopupLateChecks,
  '0034-topup-refunds-failed': topupRefundsFailed,
  '0035-payment-refunds-failed': paymentRefundsFailed,
  '0036-rail-changes': railChanges,
  '0037-refunds-owed': refundsOwed,
  '0038-rail-desk-holds': railDeskHolds,
  '0039-card-fingerprints': cardFingerprints,
  '0040-protection-onward': protectionOnward,
  '0041-topup-card-not-saved': topupCardNotSaved,
  '0042-search-answers-packed': searchAnswersPacked,
  '0043-door-plans': doorPlans,
};
