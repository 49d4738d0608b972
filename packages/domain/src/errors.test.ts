import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from './api/error-body';
import { AppError, ERRORS, GLOBAL_CLIENT_STATUSES } from './errors';

describe('error catalogue', () => {
  it('gives every error a unique code', () => {
    const codes = Object.values(ERRORS).map((e) => e.errorCode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('keeps the codes and statuses that spec §8 fixes', () => {
    expect(ERRORS.SESSION_EXPIRED).toMatchObject({ errorCode: 1401, http: 401 });
    expect(ERRORS.TOO_MANY_REQUESTS).toMatchObject({ errorCode: 1429, http: 429 });
    expect(ERRORS.ORDER_ALREADY_PAID.errorCode).toBe(2000);
    expect(ERRORS.ACCOUNT_EXISTS.errorCode).toBe(4001);
    expect(ERRORS.SYSTEM_BUSY.http).toBe(419);
    expect(ERRORS.RESULTS_EXPIRED.http).toBe(400);
  });

  it('gives no code HTTP 403 or 409, which the client answers by leaving the page (ADR 0006)', () => {
    const leaving = Object.entries(ERRORS).filter(([, e]) => GLOBAL_CLIENT_STATUSES.includes(e.http));
    expect(leaving.map(([name]) => name)).toEqual([]);
  });

  it('keeps refusals the traveller reads on the page off the leaving statuses', () => {
    expect(ERRORS.ACCOUNT_EXISTS.http).toBe(422);
    expect(ERRORS.ALREADY_SIGNED_IN.http).toBe(422);
    expect(ERRORS.ORDER_ALREADY_PAID.http).toBe(422);
    expect(ERRORS.FORBIDDEN.http).toBe(400);
  });

  it('turns a coded failure into the one error body, with expired type and params when given', () => {
    const err = new AppError('RESULTS_EXPIRED', { errorType: 'expired', params: { searchId: 'abc' } });
    expect(err.status).toBe(400);
    const body = apiErrorSchema.parse(err.toBody());
    expect(body).toEqual({
      errorCode: 3001,
      errorType: 'expired',
      errorContent: 'Your results have expired.',
      params: { searchId: 'abc' },
    });
  });
});
