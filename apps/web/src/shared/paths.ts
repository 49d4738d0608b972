/** Every in-app URL comes from here, never from string concatenation in components. */
export const AGREEMENT_TABS = [
  'service',
  'disclaimer',
  'privacy',
  'children-privacy',
  'software-license',
  'dangerous-goods',
] as const;
export type AgreementTab = (typeof AGREEMENT_TABS)[number];

/** Agreement pages outside the tab bar (spec §2). */
export const AGREEMENT_PAGES = ['battery-rules', 'kyfw-auth', 'connection-protection'] as const;
export type AgreementPage = AgreementTab | (typeof AGREEMENT_PAGES)[number];

export const paths = {
  home: () => '/',
  download: () => '/download',
  about: () => '/about',
  faq: () => '/faq',
  contact: () => '/contact-us',
  airlineFees: () => '/airline-fees',
  /** How the CO₂ beside each option is estimated, and from what sources. */
  co2Method: () => '/co2',
  agreement: (page: AgreementPage) => `/agreement/${page}`,
  login: () => '/login',
  /** The agents' console. */
  service: () => '/service',
  account: () => '/account/personal-info',
  trips: () => '/account/trips',
  passengers: () => '/account/p-passengers',
  wallet: () => '/account/wallet',
  notices: () => '/account/notices',
  invoiceTitles: () => '/account/invoice-titles',
  priceAlerts: () => '/account/price-alerts',
  /** The alerts page, opening the search of one alert (of an alert over a month, the search of `day`, `yyyy-mm-dd`). */
  priceAlert: (open: string, day?: string) =>
    `/account/price-alerts?${new URLSearchParams({ open, ...(day ? { day } : {}) })}`,
  /** Results of a packed search link (spec §7). */
  searchResults: (s: string) => `/search?${new URLSearchParams({ s })}`,
  /** The landing page of a short route link (spec §5); a door's name is percent-encoded, `@` and `,` stay. */
  searchRoute: (routes: string) =>
    `/search/${encodeURIComponent(routes).replaceAll('%40', '@').replaceAll('%2C', ',')}`,
  /** The home form, prefilled from a packed search link. */
  modifySearch: (s: string) => `/?${new URLSearchParams({ s })}`,
  order: (id: string) => `/order?${new URLSearchParams({ id })}`,
  itinerary: (id: string) => `/itinerary?${new URLSearchParams({ id })}`,
  refundDetail: (id: string) => `/refund-detail?${new URLSearchParams({ id })}`,
  payment: (id: string) => `/payment?${new URLSearchParams({ id })}`,
  /** Changing one ticket (改签) of an order. */
  change: (order: string, ticket: string) => `/change?${new URLSearchParams({ order, ticket })}`,
  /** `seat`: the seat class of the result's train chosen on its card. */
  booking: (searchId: string, resultId: string, seat?: string) =>
    `/booking?${new URLSearchParams({ search: searchId, result: resultId, ...(seat ? { seat } : {}) })}`,
} as const;
