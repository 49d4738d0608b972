import {
  AppError,
  defaultTicketingWay,
  ERRORS,
  maskDocumentNumber,
  type PassengerInput,
  type RailAccount,
  type RailAccountStatus,
  type RailCodeAnswer,
  type RailFeeTable,
  type RailImportAnswer,
  type RailLinkStatus,
  type RailPassenger,
  type RailTicketingInfo,
} from '@junction/domain';
import { splitPhone } from '@junction/domain/phone';
import type { Keyring } from '../../lib/crypto';
import type { RailTicketsInProgress, SavedTravellers } from './ports';
import type { RailAccountPassenger, RailAccountProvider } from './provider';
import { RailLoginRefused, RailSessionEnded } from './provider';
import type { RailLinkRow, RailRepository } from './rail.repository';
import {
  RailChangeRefused,
  type RailChangeRequest,
  type RailIssuedTicket,
  type RailIssueRequest,
  RailTicketsNotYet,
} from './ticketing';

const TOKEN_PURPOSE = 'rail-session-token';
/** Spec §4, §9: a new code after 60 seconds. */
const RESEND_SECONDS = 60;

export type RailOptions = {
  /** Time limit of one call to the rail service. */
  callTimeoutMs: number;
  /** The service fees of rail ticketing (reference data). */
  fees: RailFeeTable;
};

const HAN = /\p{Script=Han}/u;

/** A passenger of the rail account as a saved traveller's form would carry it. */
export function travellerInputOf(p: RailAccountPassenger): PassengerInput {
  const latin = p.englishName ?? (HAN.test(p.name) ? null : p.name);
  const [surname, ...given] = (latin ?? '').trim().split(/\s+/);
  const phone = p.phone ? splitPhone(p.phone) : null;
  return {
    chineseName: HAN.test(p.name) ? p.name : null,
    surname: latin ? (surname ?? null) : null,
    givenNames: latin && given.length > 0 ? given.join(' ') : null,
    birthDate: p.birthDate,
    gender: p.gender,
    nationality: p.nationality ?? (p.documentType === 'B' ? 'CN' : null),
    phoneCountry: phone?.country ?? null,
    phone: phone?.national ?? null,
    email: p.email,
    documents: [
      {
        type: p.documentType,
        number: p.documentNumber,
        expiryDate: p.documentExpiry,
        issuingCountry: p.documentType === 'A' ? (p.nationality ?? null) : null,
      },
    ],
  };
}

/**
 * The user's link to a national rail account (spec §1, §5, §6): the login by SMS code with the
 * authorisation agreement ticked, the rail session's token kept sealed (the password never), the state
 * of the link, the account's passengers and their import as saved travellers, and the unlink, refused
 * while tickets are being issued through the account. An ended rail session answers 6001.
 */
export class RailService {
  constructor(
    private readonly repo: RailRepository,
    private readonly provider: RailAccountProvider,
    private readonly keyring: Keyring,
    private readonly travellers: SavedTravellers,
    private readonly ticketing: RailTicketsInProgress,
    private readonly options: RailOptions,
    private readonly now: () => Date,
  ) {}

  /** Runs a call to the rail service within its time limit; an outage or a timeout is "try again later". */
  private async call<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      return await work(AbortSignal.timeout(this.options.callTimeoutMs));
    } catch (e) {
      if (e instanceof RailSessionEnded || e instanceof RailLoginRefused || e instanceof RailChangeRefused) throw e;
      if (e instanceof AppError) throw e;
      throw new AppError('PARTNER_UNAVAILABLE');
    }
  }

  private present(row: RailLinkRow, ticketing: number): RailAccount {
    const live = row.state === 'active' && row.sessionExpiresAt.getTime() > this.now().getTime();
    return {
      username: row.username,
      name: row.holderName,
      phoneMasked: row.phoneMasked,
      state: live ? 'active' : 'expired',
      linkedAt: row.linkedAt.toISOString(),
      sessionExpiresAt: row.sessionExpiresAt.toISOString(),
      ticketing,
    };
  }

  /** The state of the user's link as ticketing sees it: none, active (a live session) or expired. */
  async linkStatus(userId: string): Promise<RailLinkStatus> {
    const row = await this.repo.find(userId);
    if (!row) return 'none';
    return this.present(row, 0).state;
  }

  /** How trains are ticketed for this caller (a visitor has no link) and the fees each way. */
  async ticketingInfo(userId: string | null): Promise<RailTicketingInfo> {
    const link = userId ? await this.linkStatus(userId) : 'none';
    return { link, way: defaultTicketingWay(link), fees: this.options.fees };
  }

  get fees(): RailFeeTable {
    return this.options.fees;
  }

  async status(userId: string): Promise<RailAccountStatus> {
    const row = await this.repo.find(userId);
    if (!row) return { account: null };
    return { account: this.present(row, await this.ticketing.count(userId)) };
  }

  async requestCode(p: { username: string; idLastFour: string }): Promise<RailCodeAnswer> {
    const answer = await this.call((signal) => this.provider.requestCode(p, signal));
    return { ...answer, resendSeconds: RESEND_SECONDS };
  }

  async login(
    userId: string,
    p: { username: string; password: string; idLastFour: string; code: string; agreed: boolean },
  ): Promise<RailAccountStatus> {
    if (!p.agreed) throw new AppError('RAIL_AGREEMENT_REQUIRED');
    const existing = await this.repo.find(userId);
    if (existing && existing.username !== p.username && (await this.ticketing.count(userId)) > 0) {
      throw new AppError('RAIL_LOGOUT_BLOCKED');
    }
    let session: Awaited<ReturnType<RailAccountProvider['login']>>;
    try {
      session = await this.call((signal) => this.provider.login(p, signal));
    } catch (e) {
      if (e instanceof RailLoginRefused) {
        throw new AppError(e.reason === 'code' ? 'RAIL_CODE_INCORRECT' : 'RAIL_LOGIN_FAILED');
      }
      throw e;
    }
    const at = this.now();
    const row = await this.repo.upsert({
      userId,
      username: session.username,
      holderName: session.holderName,
      phoneMasked: session.phoneMasked,
      tokenSealed: this.keyring.seal(session.token, TOKEN_PURPOSE),
      sessionExpiresAt: session.expiresAt,
      state: 'active',
      linkedAt: at,
      updatedAt: at,
    });
    if (existing) await this.endQuietly(existing);
    return { account: this.present(row, await this.ticketing.count(userId)) };
  }

  /** Ends an old rail session at the rail service; one already ended, or an outage, is no matter. */
  private async endQuietly(row: RailLinkRow): Promise<void> {
    try {
      const token = this.keyring.open(row.tokenSealed, TOKEN_PURPOSE);
      await this.provider.logout(token, AbortSignal.timeout(this.options.callTimeoutMs));
    } catch {
      // the rail service ends idle sessions by itself
    }
  }

  async logout(userId: string): Promise<void> {
    const row = await this.repo.find(userId);
    if (!row) throw new AppError('RAIL_NOT_LINKED');
    if ((await this.ticketing.count(userId)) > 0) throw new AppError('RAIL_LOGOUT_BLOCKED');
    await this.repo.remove(userId);
    await this.endQuietly(row);
  }

  /**
   * A call with the user's live rail session: 6205 without a link, 6001 once the session has ended
   * (the link is marked expired and the traveller logs in again); a call that succeeds extends it.
   */
  async withSession<T>(userId: string, work: (token: string, signal: AbortSignal) => Promise<T>): Promise<T> {
    const row = await this.repo.find(userId);
    if (!row) throw new AppError('RAIL_NOT_LINKED');
    const at = this.now();
    if (row.state !== 'active' || row.sessionExpiresAt.getTime() <= at.getTime()) {
      if (row.state === 'active') await this.repo.markExpired(userId, row.tokenSealed, at);
      throw new AppError('RAIL_SESSION_EXPIRED');
    }
    const token = this.keyring.open(row.tokenSealed, TOKEN_PURPOSE);
    try {
      const result = await this.call((signal) => work(token, signal));
      const { expiresAt } = await this.call((signal) => this.provider.touch(token, signal));
      await this.repo.extend(userId, row.tokenSealed, expiresAt, this.now());
      return result;
    } catch (e) {
      if (!(e instanceof RailSessionEnded)) throw e;
      await this.repo.markExpired(userId, row.tokenSealed, this.now());
      throw new AppError('RAIL_SESSION_EXPIRED');
    }
  }

  /**
   * Online ticketing: the tickets are bought and issued in the user's linked 12306 account. An ended
   * session or an outage is "not yet": ticketing asks again, and the traveller may log in again meanwhile.
   */
  async issueOnline(userId: string, request: RailIssueRequest): Promise<RailIssuedTicket[]> {
    return this.ticketsInAccount(userId, (token, signal) => this.provider.issueTickets(token, request, signal));
  }

  /**
   * A change of tickets issued online, made in the user's linked 12306 account as one exchange. A refusal
   * (`RailChangeRefused`) is final; an ended session or an outage is "not yet", as for issuing.
   */
  async changeOnline(userId: string, request: RailChangeRequest): Promise<RailIssuedTicket[]> {
    return this.ticketsInAccount(userId, (token, signal) => this.provider.changeTickets(token, request, signal));
  }

  /** Tickets bought in the linked account: no link, an ended session or an outage is "not yet". */
  private async ticketsInAccount(
    userId: string,
    work: (token: string, signal: AbortSignal) => Promise<RailIssuedTicket[]>,
  ): Promise<RailIssuedTicket[]> {
    try {
      return await this.withSession(userId, work);
    } catch (e) {
      if (e instanceof AppError) throw new RailTicketsNotYet(`rail account: ${e.code}`);
      throw e;
    }
  }

  async passengers(userId: string): Promise<{ items: RailPassenger[] }> {
    const list = await this.withSession(userId, (token, signal) => this.provider.passengers(token, signal));
    const items = await Promise.all(
      list.map(async (p) => ({
        id: p.id,
        name: p.englishName && !HAN.test(p.name) ? p.englishName : p.name,
        documentType: p.documentType,
        documentMasked: maskDocumentNumber(p.documentNumber),
        birthDate: p.birthDate,
        type: p.type,
        status: p.status,
        student: p.student,
        savedPassengerId: (await this.travellers.findByDocument(userId, p.documentType, p.documentNumber)) ?? null,
      })),
    );
    return { items };
  }

  /** Saves the chosen passengers of the rail account as the user's travellers; ones already saved are kept. */
  async importPassengers(userId: string, ids: string[]): Promise<RailImportAnswer> {
    const list = await this.withSession(userId, (token, signal) => this.provider.passengers(token, signal));
    const answer: RailImportAnswer = { imported: [], skipped: [] };
    for (const railId of new Set(ids)) {
      const p = list.find((x) => x.id === railId);
      if (!p) {
        answer.skipped.push({ railId, errorCode: ERRORS.PASSENGER_NOT_FOUND.errorCode });
        continue;
      }
      const saved = await this.travellers.findByDocument(userId, p.documentType, p.documentNumber);
      if (saved) {
        answer.imported.push({ railId, passengerId: saved });
        continue;
      }
      try {
        const { id } = await this.travellers.save(userId, travellerInputOf(p));
        answer.imported.push({ railId, passengerId: id });
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        answer.skipped.push({ railId, errorCode: ERRORS[e.code].errorCode });
      }
    }
    return answer;
  }
}
