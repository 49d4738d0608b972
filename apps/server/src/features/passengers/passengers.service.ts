import {
  AppError,
  type CheckedDocument,
  checkPassenger,
  type DocumentType,
  isDocumentType,
  maskDocumentNumber,
  normalizeDocumentNumber,
  type Passenger,
  type PassengerInput,
  type PassengerListQuery,
  type PassengerPage,
  RAIL_STATUSES,
  type RailStatus,
  utcDateOf,
} from '@junction/domain';
import { normalizeMobile, splitPhone } from '@junction/domain/phone';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/database';
import { addJob } from '../../jobs/jobs';
import { keyedHash } from '../../lib/crypto';
import type { Secrets } from '../../lib/secrets';
import type { DocumentRow, DocumentValues, PassengerRow, PassengersRepository } from './passengers.repository';
import { RAIL_DOCUMENT_PREFERENCE, type RailIdentityVerifier } from './rail-identity';

/** Associated data of sealed document numbers, and the purpose of their blind index. */
const SEAL_PURPOSE = 'passenger-document';
const HASH_PURPOSE = 'passenger-document-number';
const RAIL_CHECK_TIMEOUT_MS = 10_000;

export type PassengersOptions = {
  /** Travellers one account may keep. */
  limit: number;
  /** How long after a save the rail check runs (China Railway answers after a short while). */
  railCheckDelayMs: number;
};

const isRailStatus = (value: string | null): value is RailStatus =>
  value !== null && (RAIL_STATUSES as readonly string[]).includes(value);

function toPassenger(row: PassengerRow, documents: DocumentRow[]): Passenger {
  const phone = row.phone ? splitPhone(row.phone) : null;
  return {
    id: row.id,
    chineseName: row.chineseName,
    surname: row.surname,
    givenNames: row.givenNames,
    middleName: row.middleName,
    birthDate: row.birthDate,
    gender: row.gender,
    nationality: row.nationality,
    phoneCountry: phone ? row.phoneCountry : null,
    phone: phone?.national ?? null,
    email: row.email,
    documents: documents
      .filter((d) => d.passengerId === row.id && isDocumentType(d.type))
      .map((d) => ({
        id: d.id,
        type: d.type as DocumentType,
        numberMasked: d.numberMasked,
        expiryDate: d.expiryDate,
        issuingCountry: d.issuingCountry,
      })),
    railStatus: isRailStatus(row.railStatus) ? row.railStatus : null,
    railCheckedAt: row.railCheckedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Saved travellers (spec §3, §5, §7): the rules of the domain on every save, document numbers sealed
 * at rest and found again by a keyed hash, shown masked, and a rail identity check after each change.
 * Every call is scoped by the signed-in user; another user's traveller answers as if it did not exist.
 */
export class PassengersService {
  constructor(
    private readonly repo: PassengersRepository,
    private readonly secrets: Secrets,
    private readonly verifier: RailIdentityVerifier,
    private readonly options: PassengersOptions,
    private readonly now: () => Date,
  ) {}

  async list(userId: string, query: PassengerListQuery): Promise<PassengerPage> {
    const offset = (query.page - 1) * query.pageSize;
    const [{ rows, total }, saved] = await Promise.all([
      this.repo.list(userId, query.keyword || undefined, offset, query.pageSize),
      this.repo.countForUser(userId),
    ]);
    const documents = await this.repo.documentsOf(
      userId,
      rows.map((r) => r.id),
    );
    return {
      items: rows.map((row) => toPassenger(row, documents)),
      total,
      saved,
      limit: this.options.limit,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  async save(userId: string, input: PassengerInput): Promise<Passenger> {
    try {
      return await this.saveOnce(userId, input);
    } catch (err) {
      // Two types swapped between saved documents in one save meet the one-per-type rule mid-way.
      if ((err as { code?: string }).code === '23505') throw new AppError('DOCUMENT_TYPE_REPEATED');
      throw err;
    }
  }

  private async saveOnce(userId: string, input: PassengerInput): Promise<Passenger> {
    const now = this.now();
    return this.repo.transaction(async (trx) => {
      await this.repo.lockUser(trx, userId);
      let savedDocuments: DocumentRow[] = [];
      if (input.id) {
        const existing = await this.repo.findForUser(userId, input.id, trx);
        if (!existing) throw new AppError('PASSENGER_NOT_FOUND');
        savedDocuments = await this.repo.documentsOf(userId, [input.id], trx);
        // A kept ID card is not opened again: what it stated stays unless the form says otherwise.
        input = { ...input, birthDate: input.birthDate ?? existing.birthDate, gender: input.gender ?? existing.gender };
      } else if ((await this.repo.countForUser(userId, trx)) >= this.options.limit) {
        throw new AppError('PASSENGER_LIMIT', { params: { limit: this.options.limit } });
      }
      // A document id that is not one of this traveller's is as unknown as another user's traveller.
      const savedIds = new Set(savedDocuments.map((d) => d.id));
      if (input.documents.some((d) => d.id !== undefined && !savedIds.has(d.id))) {
        throw new AppError('PASSENGER_NOT_FOUND');
      }
      const checked = checkPassenger(input, {
        normalizePhone: normalizeMobile,
        saved: new Map(savedDocuments.map((d) => [d.id, d.type as DocumentType])),
        today: utcDateOf(now),
      });
      if (!checked.ok) {
        const [first] = checked.issues;
        throw new AppError(first?.error ?? 'VALIDATION_FAILED', {
          params: { field: first?.field, issues: checked.issues },
        });
      }
      const { documents, ...values } = checked.value;
      const row = input.id
        ? await this.repo.update(trx, userId, input.id, values, now)
        : await this.repo.insert(trx, userId, values, now);
      await this.saveDocuments(trx, userId, row.id, documents, now);
      await addJob(
        trx,
        'passengers.check-rail-identity',
        { passengerId: row.id, request: row.railRequest },
        {
          jobKey: `rail-identity:${row.id}`,
          runAt: new Date(Date.now() + this.options.railCheckDelayMs),
          maxAttempts: 10,
        },
      );
      return toPassenger(row, await this.repo.documentsOf(userId, [row.id], trx));
    });
  }

  private async saveDocuments(
    trx: Transaction<Database>,
    userId: string,
    passengerId: string,
    documents: CheckedDocument[],
    now: Date,
  ): Promise<void> {
    await this.repo.deleteDocuments(
      trx,
      userId,
      passengerId,
      documents.flatMap((d) => (d.id ? [d.id] : [])),
    );
    for (const [index, doc] of documents.entries()) {
      const sealed = doc.number === undefined ? undefined : this.seal(doc.type, doc.number);
      if (sealed) {
        const holder = await this.repo.holderOf(trx, userId, doc.type, sealed.numberHash);
        if (holder !== undefined && !(holder === passengerId && doc.id)) {
          throw new AppError(holder === passengerId ? 'DOCUMENT_TYPE_REPEATED' : 'DOCUMENT_ALREADY_SAVED', {
            params: { field: `documents.${index}.number` },
          });
        }
      }
      const rest = { type: doc.type, expiryDate: doc.expiryDate, issuingCountry: doc.issuingCountry };
      if (doc.id) await this.repo.updateDocument(trx, userId, doc.id, { ...rest, ...sealed });
      else if (sealed) await this.repo.insertDocument(trx, userId, passengerId, { ...rest, ...sealed }, now);
    }
  }

  private seal(type: DocumentType, number: string): Omit<DocumentValues, 'type' | 'expiryDate' | 'issuingCountry'> {
    return {
      numberSealed: this.secrets.keyring.seal(number, SEAL_PURPOSE),
      numberHash: keyedHash(this.secrets.hmacKey, HASH_PURPOSE, `${type}:${number}`),
      numberMasked: maskDocumentNumber(number),
    };
  }

  /** The id of the user's traveller holding this document, if any (found by its keyed hash). */
  findByDocument(userId: string, type: DocumentType, number: string): Promise<string | undefined> {
    const numberHash = keyedHash(this.secrets.hmacKey, HASH_PURPOSE, `${type}:${normalizeDocumentNumber(number)}`);
    return this.repo.holderOf(this.repo.db, userId, type, numberHash);
  }

  async remove(userId: string, id: string): Promise<void> {
    if (!(await this.repo.remove(userId, id))) throw new AppError('PASSENGER_NOT_FOUND');
  }

  /**
   * The rail identity check of one save (a job): sends the traveller's best document to China Railway
   * and keeps the answer unless the traveller changed meanwhile. A failed call throws, and the job runs
   * again later.
   */
  async checkRailIdentity(passengerId: string, request: number, signal?: AbortSignal): Promise<void> {
    const found = await this.repo.findForCheck(passengerId);
    if (!found || found.passenger.railRequest !== request) return;
    const { passenger, documents } = found;
    const document = RAIL_DOCUMENT_PREFERENCE.map((type) => documents.find((d) => d.type === type)).find(Boolean);
    let status: RailStatus = 'INVALID';
    if (document) {
      const timeout = AbortSignal.timeout(RAIL_CHECK_TIMEOUT_MS);
      status = await this.verifier.verify(
        {
          documentType: document.type as DocumentType,
          documentNumber: this.secrets.keyring.open(document.numberSealed, SEAL_PURPOSE),
          documentExpiry: document.expiryDate,
          chineseName: passenger.chineseName,
          englishName: passenger.surname && `${passenger.surname} ${passenger.givenNames ?? ''}`.trim(),
          birthDate: passenger.birthDate,
          phone: passenger.phone,
          email: passenger.email,
        },
        signal ? AbortSignal.any([signal, timeout]) : timeout,
      );
    }
    await this.repo.setRailStatus(passengerId, request, status, this.now());
  }

  /**
   * Re-seals every document number sealed by another key than the active one (after a key rotation),
   * in batches; the old key can leave the keyring once this returns. Returns how many were re-sealed.
   */
  async resealDocuments(batch = 500): Promise<number> {
    const keyring = this.secrets.keyring;
    let total = 0;
    for (;;) {
      const rows = await this.repo.sealedByOtherKeys(keyring.activeKeyId, batch);
      if (rows.length === 0) return total;
      for (const row of rows) {
        const fresh = keyring.seal(keyring.open(row.numberSealed, SEAL_PURPOSE), SEAL_PURPOSE);
        if (await this.repo.reseal(row.id, row.numberSealed, fresh)) total++;
      }
    }
  }
}
