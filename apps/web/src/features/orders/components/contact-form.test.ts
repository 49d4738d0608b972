import type { CurrentUser } from '@junction/domain';
import { describe, expect, it } from 'vitest';
import { currentUser } from '../../../testing/accounts';
import { initialContact } from './contact-form';

/** An account registered by mobile: `GET /user` names it by its masked number. */
const byMobile = (over: Partial<CurrentUser['info']> = {}) =>
  currentUser('139****4146', { mobile: '139****4146', mobileCountry: 'CN', ...over });

describe('the contact a booking starts with', () => {
  it('never holds the masked mobile, as name or number', () => {
    expect(initialContact(byMobile(), false)).toEqual({ name: '', phoneCountry: 'CN', phone: '', email: '' });
  });

  it('takes the account’s own name and e-mail', () => {
    const user = byMobile({ name: '张伟', email: 'zhang.wei@example.com' });
    expect(initialContact(user, false)).toMatchObject({ name: '张伟', phone: '', email: 'zhang.wei@example.com' });
  });

  it('starts a train booking in an area rail contacts may have', () => {
    expect(initialContact(byMobile({ mobileCountry: 'US' }), true).phoneCountry).toBe('CN');
    expect(initialContact(byMobile({ mobileCountry: 'HK' }), true).phoneCountry).toBe('HK');
  });
});
