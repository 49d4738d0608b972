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
export const AGREEMENT_PAGES = ['battery-rules', 'kyfw-auth'] as const;
export type AgreementPage = AgreementTab | (typeof AGREEMENT_PAGES)[number];

export const paths = {
  home: () => '/',
  download: () => '/download',
  about: () => '/about',
  faq: () => '/faq',
  contact: () => '/contact-us',
  airlineFees: () => '/airline-fees',
  agreement: (page: AgreementPage) => `/agreement/${page}`,
  login: () => '/login',
  trips: () => '/account/trips',
  account: () => '/account/personal-info',
} as const;
