import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

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

  it('reads real particulars that are not samples', () => {
    const config = loadConfig({ ICP_LICENSE: '京ICP备12345678号', COMPANY_PARTICULARS_ARE_SAMPLES: 'false' });
    expect(config.ICP_LICENSE).toBe('京ICP备12345678号');
    expect(config.COMPANY_PARTICULARS_ARE_SAMPLES).toBe(false);
  });
});
