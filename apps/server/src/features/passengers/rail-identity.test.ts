import { describe, expect, it } from 'vitest';
import { type RailIdentity, type RailIdentityVerifier, SimulatedRailIdentityVerifier } from './rail-identity';

const ID_CARD = '11010519491231002X';
const chinese: RailIdentity = {
  documentType: 'B',
  documentNumber: ID_CARD,
  documentExpiry: null,
  chineseName: '张伟',
  englishName: null,
  birthDate: '1949-12-31',
  phone: '+8613800138000',
  email: null,
};

/**
 * What any China Railway identity verifier must answer: run against the simulator, and against a real
 * adapter when the rail account feature provides one with credentials.
 */
function railIdentityContract(name: string, make: () => RailIdentityVerifier) {
  describe(`${name}: the rail identity contract`, () => {
    it('verifies a resident ID card with a mainland mobile', async () => {
      expect(await make().verify(chinese)).toBe('VERIFIED');
    });
    it('asks an ID-card holder for a mobile of +86, +852, +853 or +886', async () => {
      expect(await make().verify({ ...chinese, phone: null, email: 'a@example.com' })).toBe('NEED_MOBILE');
      expect(await make().verify({ ...chinese, phone: '+12015550123' })).toBe('NEED_MOBILE');
      expect(await make().verify({ ...chinese, phone: '+85251234567' })).toBe('VERIFIED');
    });
    it('knows no person whose date of birth differs from the card', async () => {
      expect(await make().verify({ ...chinese, birthDate: '1950-01-01' })).toBe('NOT_EXISTED');
    });
    it('refuses an expired document', async () => {
      expect(await make().verify({ ...chinese, documentExpiry: '2020-01-01' })).toBe('INVALID');
    });
  });
}

railIdentityContract('simulator', () => new SimulatedRailIdentityVerifier());

describe('the simulator', () => {
  const verifier = new SimulatedRailIdentityVerifier({ today: () => '2026-11-26' });
  const passport: RailIdentity = {
    ...chinese,
    documentType: 'A',
    documentNumber: '123456789',
    documentExpiry: '2031-01-01',
    chineseName: null,
    englishName: 'SMITH JOHN',
    phone: null,
    email: 'john@example.com',
  };

  it('pre-verifies passports and permits with a rail phone or an e-mail, else asks for one', async () => {
    expect(await verifier.verify(passport)).toBe('PRE_VERIFIED');
    expect(await verifier.verify({ ...passport, documentType: 'H', documentNumber: 'H12345678' })).toBe('PRE_VERIFIED');
    expect(await verifier.verify({ ...passport, email: null })).toBe('NEED_MOBILE_OR_EMAIL');
  });

  it('sends exit permits to a station window and cannot check birth certificates online', async () => {
    expect(await verifier.verify({ ...passport, documentType: 'G', documentNumber: 'C12345678' })).toBe('NEED_VERIFY');
    expect(await verifier.verify({ ...passport, documentType: 'E', documentNumber: 'O440012345' })).toBe(
      'NOT_AVAILABLE',
    );
  });

  it('has no person with sequence 000, though the checksum is valid', async () => {
    const first17 = '11010119900101000';
    const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    const sum = [...first17].reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
    const number = first17 + '10X98765432'[sum % 11];
    expect(await verifier.verify({ ...chinese, documentNumber: number, birthDate: '1990-01-01' })).toBe('NOT_EXISTED');
  });

  it('fails as an outage would at its configured rate', async () => {
    const down = new SimulatedRailIdentityVerifier({ failureRate: 1 });
    await expect(down.verify(chinese)).rejects.toThrow(/did not answer/);
  });
});
