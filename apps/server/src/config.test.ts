import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertMessagingConfigured, loadConfig } from './config';

describe('configuration', () => {
  it('starts with defaults on an empty environment: port 3000, embedded database', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.COMPANY_PARTICULARS_ARE_SAMPLES).toBe(true);
  });

  it('refuses a bad value and names the setting', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SERVICE_EMAIL: 'nobody' })).toThrow(/SERVICE_EMAIL/);
  });

  it('refuses a payment time that is not whole minutes, which booking offers cannot state', () => {
    expect(() => loadConfig({ ORDER_PAYMENT_MINUTES: '0.2' })).toThrow(/ORDER_PAYMENT_MINUTES/);
    expect(() => loadConfig({ ORDER_PAYMENT_MINUTES: '0' })).toThrow(/ORDER_PAYMENT_MINUTES/);
    expect(loadConfig({ ORDER_PAYMENT_MINUTES: '15' }).ORDER_PAYMENT_MINUTES).toBe(15);
  });

  it('reads the late-payment window as whole hours up to thirty days, 48 unless told, and refuses anything else', () => {
    expect(loadConfig({}).PAYMENT_LATE_WINDOW_HOURS).toBe(48);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 720 }), (hours) => {
        expect(loadConfig({ PAYMENT_LATE_WINDOW_HOURS: String(hours) }).PAYMENT_LATE_WINDOW_HOURS).toBe(hours);
      }),
    );
    const wrong = fc.oneof(
      fc.integer({ min: 721 }),
      fc.integer({ max: -1 }),
      fc.double({ min: 0, max: 720, noNaN: true }).filter((x) => !Number.isInteger(x)),
      fc.stringMatching(/^[a-z]+$/),
    );
    fc.assert(
      fc.property(wrong, (value) => {
        expect(() => loadConfig({ PAYMENT_LATE_WINDOW_HOURS: String(value) })).toThrow(/PAYMENT_LATE_WINDOW_HOURS/);
      }),
    );
  });

  it('reads real particulars that are not samples', () => {
    const config = loadConfig({ ICP_LICENSE: '京ICP备12345678号', COMPANY_PARTICULARS_ARE_SAMPLES: 'false' });
    expect(config.ICP_LICENSE).toBe('京ICP备12345678号');
    expect(config.COMPANY_PARTICULARS_ARE_SAMPLES).toBe(false);
  });

  it('refuses, in production, the stand-ins that only log codes and links, unless asked for on purpose', () => {
    const prod = { NODE_ENV: 'production', SECRET_KEY: 'x', DATA_KEYS: 'k1:x' };
    expect(() => assertMessagingConfigured(loadConfig(prod))).toThrow(/SMTP_URL.*SMS gateway.*MESSAGING_STAND_INS/);
    expect(() => assertMessagingConfigured(loadConfig({ ...prod, SMTP_URL: 'smtp://relay.example:587' }))).toThrow(
      /SMS gateway/,
    );
    expect(() => assertMessagingConfigured(loadConfig({ ...prod, MESSAGING_STAND_INS: 'true' }))).not.toThrow();
    expect(() => assertMessagingConfigured(loadConfig({}))).not.toThrow();
  });

  it('starts in production with a mail relay and Aliyun SMS, and refuses Aliyun SMS half configured', () => {
    const aliyun = {
      ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tExample',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      ALIYUN_SMS_SIGN_NAME: '联程旅行',
      ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
      ALIYUN_SMS_TEMPLATE_NOTICE: 'SMS_2',
    };
    const prod = { NODE_ENV: 'production', SECRET_KEY: 'x', DATA_KEYS: 'k1:x', SMTP_URL: 'smtp://relay.example:587' };
    expect(() => assertMessagingConfigured(loadConfig({ ...prod, ...aliyun }))).not.toThrow();
    const { ALIYUN_SMS_TEMPLATE_NOTICE: _n, ALIYUN_SMS_SIGN_NAME: _s, ...half } = aliyun;
    expect(() => loadConfig(half)).toThrow(/ALIYUN_SMS_SIGN_NAME, ALIYUN_SMS_TEMPLATE_NOTICE: Aliyun SMS needs/);
  });

  it('runs every simulator by default: no Duffel, no Aliyun SMS', () => {
    const config = loadConfig({});
    expect(config.DUFFEL_ACCESS_TOKEN).toBeUndefined();
    expect(config.ALIYUN_SMS_ACCESS_KEY_ID).toBeUndefined();
    expect(config.SEARCH_SIMULATED_FLIGHT_SELLERS).toBe(true);
  });
});
