import { AppError } from '@junction/domain';
import { describe, expect, it, vi } from 'vitest';
import { DAY } from '../features/account/rate-limiter';
import { contactMailAllowed } from './notices';

describe('e-mail to a booking’s contact address', () => {
  it('is counted per address a day, and refused once the limit is reached', async () => {
    const hit = vi.fn(async () => ({}) as never);
    expect(await contactMailAllowed({ hit }, 3)('  Li.Na@Example.COM ')).toBe(true);
    expect(hit).toHaveBeenCalledWith([{ key: 'contact-mail:li.na@example.com', max: 3, windowMs: DAY }]);
    const full = contactMailAllowed({ hit: async () => Promise.reject(new AppError('TOO_MANY_REQUESTS')) }, 3);
    expect(await full('li.na@example.com')).toBe(false);
  });

  it('fails its job when the limiter cannot count, so the job runs again', async () => {
    const down = contactMailAllowed({ hit: async () => Promise.reject(new Error('connection lost')) }, 3);
    await expect(down('li.na@example.com')).rejects.toThrow('connection lost');
  });
});
