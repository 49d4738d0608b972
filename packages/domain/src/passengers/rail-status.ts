import { type DocumentType, documentFacts } from './documents';
import type { RailStatus } from './passenger.schema';

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

/** Documents 12306 checks online in full, those it pre-checks until a first trip, and those only a station checks. */
const ONLINE: ReadonlySet<DocumentType> = new Set(['B']);
const PRE_CHECKED: ReadonlySet<DocumentType> = new Set(['A', 'H', 'I', 'K', 'L', 'M']);
const AT_STATION: ReadonlySet<DocumentType> = new Set(['D', 'G', 'J']);
const RAIL_PHONE = /^\+(86|852|853|886)\d+$/;

/**
 * The rules China Railway (12306) applies to a traveller's identity, as its simulators answer them:
 * - an ID card needs a mainland, Hong Kong, Macao or Taiwan mobile (`NEED_MOBILE`), then is `VERIFIED`
 *   unless the railway has no such person (`NOT_EXISTED`): the simulated population is every
 *   checksum-valid number whose sequence is not 000 and whose date of birth matches the one given;
 * - passports, the Hong Kong, Macao and Taiwan permits, residence permits and permanent resident
 *   cards need such a mobile or an e-mail (`NEED_MOBILE_OR_EMAIL`) and are then `PRE_VERIFIED`, to be
 *   confirmed at a station on the first trip;
 * - exit permits and the travel document are checked only at a station window (`NEED_VERIFY`);
 * - birth certificates, household booklets and military cards cannot be checked online (`NOT_AVAILABLE`);
 * - an expired document, or names the document could not carry, are `INVALID`.
 */
export function railStatusOf(identity: RailIdentity, today: string): RailStatus {
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
