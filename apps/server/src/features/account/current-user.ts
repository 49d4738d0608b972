import type { CurrentUser } from '@junction/domain';
import { maskMobile } from '@junction/domain/phone';
import type { UserRow } from './account.repository';

/** `GET /user` (spec §3): what the header and the account pages show of the signed-in traveller. */
export function toCurrentUser(user: UserRow, unread = 0): CurrentUser {
  const mobile = user.mobile ? maskMobile(user.mobile) : null;
  return {
    name: user.nickname || user.name || mobile || user.email || '',
    unread,
    info: {
      id: user.id,
      gender: user.gender === 0 || user.gender === 1 ? user.gender : null,
      mobile,
      mobileCountry: user.mobileCountry,
      email: user.email,
      emailVerified: user.emailVerifiedAt !== null,
      name: user.name,
      nickname: user.nickname,
      birthday: user.birthday,
    },
  };
}
