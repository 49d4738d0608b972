import { defineEndpoint } from './api/endpoint';
import { countryListSchema, currencyTableSchema, holidayCalendarSchema } from './reference.schema';
import { siteInfoSchema } from './site';

/** Lookup tables the client needs: countries, currencies with rates, the holiday calendar, the operator. */
export const referenceEndpoints = {
  countries: defineEndpoint({
    method: 'GET',
    path: '/api/countries',
    response: countryListSchema,
    summary: 'Countries with their calling codes',
  }),
  currencies: defineEndpoint({
    method: 'GET',
    path: '/api/currencies',
    response: currencyTableSchema,
    summary: 'Display currencies with symbols and exchange rates',
  }),
  calendar: defineEndpoint({
    method: 'GET',
    path: '/forestage/calendar.json',
    response: holidayCalendarSchema,
    summary: 'Public holidays and adjusted working days for this year and next',
  }),
  site: defineEndpoint({
    method: 'GET',
    path: '/api/site',
    response: siteInfoSchema,
    summary: 'Operator particulars and app links',
  }),
} as const;
