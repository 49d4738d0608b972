import { describe, expect, it } from 'vitest';
import { passenger } from './create.test-support';
import { displayName, orderNumber } from './write-order';

describe('writing an order', () => {
  it('numbers it JN, the day in Beijing, and eight digits', () => {
    // 20:00 UTC on 14 July is already 15 July in Beijing.
    expect(orderNumber(new Date('2026-07-14T20:00:00Z'))).toMatch(/^JN260715\d{8}$/);
    expect(orderNumber(new Date('2026-07-14T10:00:00Z'))).toMatch(/^JN260714\d{8}$/);
  });

  it('books a traveller under the Chinese name at home and the English one abroad, else the name they have', () => {
    const both = passenger('p', '1990-01-01');
    expect(displayName(both, false)).toBe('张伟');
    expect(displayName(both, true)).toBe('ZHANG/WEI');
    expect(displayName({ ...both, chineseName: null }, false)).toBe('ZHANG/WEI');
    expect(displayName({ ...both, surname: null }, true)).toBe('张伟');
    expect(displayName({ ...both, middleName: 'LEE' }, true)).toBe('ZHANG/WEI LEE');
  });
});
