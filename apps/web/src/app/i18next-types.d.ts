import 'i18next';
import type about from '../locales/en/about.json';
import type account from '../locales/en/account.json';
import type agreementBattery from '../locales/en/agreement-battery.json';
import type agreementChildren from '../locales/en/agreement-children.json';
import type agreementDangerousGoods from '../locales/en/agreement-dangerous-goods.json';
import type agreementDisclaimer from '../locales/en/agreement-disclaimer.json';
import type agreementKyfw from '../locales/en/agreement-kyfw.json';
import type agreementPrivacy from '../locales/en/agreement-privacy.json';
import type agreementProtection from '../locales/en/agreement-protection.json';
import type agreementService from '../locales/en/agreement-service.json';
import type agreementSoftware from '../locales/en/agreement-software.json';
import type card from '../locales/en/card.json';
import type chat from '../locales/en/chat.json';
import type common from '../locales/en/common.json';
import type contact from '../locales/en/contact.json';
import type download from '../locales/en/download.json';
import type errors from '../locales/en/errors.json';
import type faq from '../locales/en/faq.json';
import type fees from '../locales/en/fees.json';
import type home from '../locales/en/home.json';
import type invoices from '../locales/en/invoices.json';
import type load from '../locales/en/load.json';
import type notices from '../locales/en/notices.json';
import type orders from '../locales/en/orders.json';
import type passengers from '../locales/en/passengers.json';
import type payment from '../locales/en/payment.json';
import type rail from '../locales/en/rail.json';
import type results from '../locales/en/results.json';
import type searchForm from '../locales/en/search-form.json';
import type wallet from '../locales/en/wallet.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      about: typeof about;
      account: typeof account;
      'agreement-battery': typeof agreementBattery;
      'agreement-children': typeof agreementChildren;
      'agreement-dangerous-goods': typeof agreementDangerousGoods;
      'agreement-disclaimer': typeof agreementDisclaimer;
      'agreement-kyfw': typeof agreementKyfw;
      'agreement-privacy': typeof agreementPrivacy;
      'agreement-protection': typeof agreementProtection;
      'agreement-service': typeof agreementService;
      'agreement-software': typeof agreementSoftware;
      card: typeof card;
      chat: typeof chat;
      common: typeof common;
      contact: typeof contact;
      download: typeof download;
      errors: typeof errors;
      faq: typeof faq;
      fees: typeof fees;
      home: typeof home;
      invoices: typeof invoices;
      load: typeof load;
      notices: typeof notices;
      orders: typeof orders;
      passengers: typeof passengers;
      payment: typeof payment;
      rail: typeof rail;
      results: typeof results;
      'search-form': typeof searchForm;
      wallet: typeof wallet;
    };
  }
}
