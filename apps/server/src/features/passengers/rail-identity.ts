import { type DocumentType, documentFacts, type RailStatus, todayIso } from '@junction/domain';

/** What China Railway checks of a traveller: the identity document, the names and the contact details. */
export type RailIdentity = {
  documentType: DocumentType;
  /** In clear: the only place a number leaves the database besides a booking. */
  documentNumber: string;
  documentExpiry: string | null;
  chineseName: string | null;
  /** Surname and given names, as the document writes them. */
  englishName: string | null;
  birthDate: string;
  /** E.164. */
  phone: string | null;
  email: string | null;
};

/**
 * China Railway's verification of a traveller's identity (spec §3 rail statuses). The default is a
 * simulator; the China Railway account feature supplies an adapter that asks through the linked account.
 * A call may fail (the service is down or slow): the caller retries later.
 */
export interface RailIdentityVerifier {
  verify(identity: RailIdentity, signal?: AbortSignal): Promise<RailStatus>;
}

/** Documents 12306 checks online in full, those it pre-checks until a first trip, and those only a station checks. */
const ONLINE: ReadonlySet<DocumentType> = new Set(['B']);
const PRE_CHECKED: ReadonlySet<DocumentType> = new Set(['A', 'H', 'I', 'K', 'L', 'M']);
const AT_STATION: ReadonlySet<DocumentType> = new Set(['D', 'G', 'J']);
const RAIL_PHONE = /^\+(86|852|853|886)\d+$/;

export type SimulatedRailIdentityOptions = {
  /** Time one answer takes. */
  latencyMs?: number;
  /** Share of calls that fail as an outage would (0 to 1). */
  failureRate?: number;
  random?: () => number;
  today?: () => string;
};

/**
 * A believable stand-in for China Railway's identity check, with the rules 12306 applies:
 * - an ID card needs a mainland, Hong Kong, Macao or Taiwan mobile (`NEED_MOBILE`), then is `VERIFIED`
 *   unless the railway has no such person (`NOT_EXISTED`): the simulator's population is every
 *   checksum-valid number whose sequence is not 000 and whose date of birth matches the one given;
 * - passports, the Hong Kong, Macao and Taiwan permits, residence permits and permanent resident
 *   cards need such a mobile or an e-mail (`NEED_MOBILE_OR_EMAIL`) and are then `PRE_VERIFIED`, to be
 *   confirmed at a station on the first trip;
 * - exit permits and the travel document are checked only at a station window (`NEED_VERIFY`);
 * - birth certificates, household booklets and military cards cannot be checked online (`NOT_AVAILABLE`);
 * - an expired document, or names the document could not carry, are `INVALID`.
 */
export class SimulatedRailIdentityVerifier implements RailIdentityVerifier {
  constructor(private readonly options: SimulatedRailIdentityOptions = {}) {}

  async verify(identity: RailIdentity, signal?: AbortSignal): Promise<RailStatus> {
    const latency = this.options.latencyMs ?? 0;
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    signal?.throwIfAborted();
    if ((this.options.random ?? Math.random)() < (this.options.failureRate ?? 0)) {
      throw new Error('China Railway identity service did not answer');
    }
    return this.decide(identity);
  }

  private decide(identity: RailIdentity): RailStatus {
    const today = this.options.today?.() ?? todayIso();
    const type = identity.documentType;
    if (identity.documentExpiry !== null && identity.documentExpiry <= today) return 'INVALID';
    if (type === 'B' && identity.chineseName === null) return 'INVALID';
    const railPhone = identity.phone !== null && RAIL_PHONE.test(identity.phone);
    if (ONLINE.has(type)) {
      if (!railPhone) return 'NEED_MOBILE';
      const facts = documentFacts(type, identity.documentNumber, today);
      if (!facts || identity.documentNumber.slice(14, 17) === '000' || facts.birthDate !== identity.birthDate) {
        return 'NOT_EXISTED';
      }
      return 'VERIFIED';
    }
    if (PRE_CHECKED.has(type)) return railPhone || identity.email !== null ? 'PRE_VERIFIED' : 'NEED_MOBILE_OR_EMAIL';
    if (AT_STATION.has(type)) return 'NEED_VERIFY';
    return 'NOT_AVAILABLE';
  }
}

/** Which of a traveller's documents goes to the check: the ID card first, then what 12306 checks online. */
export const RAIL_DOCUMENT_PREFERENCE: readonly DocumentType[] = [
  'B',
  'I',
  'L',
  'M',
  'H',
  'K',
  'A',
  'G',
  'J',
  'D',
  'C',
  'E',
  'F',
];
