import type { CurrentUser } from '@junction/domain';

/** An account as `GET /user` answers it: nothing known of it but what the test says. */
export const currentUser = (name: string, info: Partial<CurrentUser['info']> = {}): CurrentUser => ({
  name,
  unread: 0,
  info: {
    id: 'u1',
    gender: null,
    mobile: null,
    mobileCountry: null,
    email: null,
    emailVerified: false,
    name: null,
    nickname: null,
    birthday: null,
    ...info,
  },
});
