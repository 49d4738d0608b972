import type { DocumentType, RailCodeResult, RailStatus, StudentCheck } from '@junction/domain';
import type { RailChangeRequest, RailIssuedTicket, RailIssueRequest } from './ticketing';

/** A live session with the national rail service, as its login answers it. */
export type RailSession = {
  /** Opaque; kept sealed at rest and sent back on every call. */
  token: string;
  expiresAt: Date;
  username: string;
  holderName: string;
  phoneMasked: string;
};

/** One passenger of a rail account's passenger list, as the rail service sends it. */
export type RailAccountPassenger = {
  id: string;
  /** Chinese name, or the name in Latin letters for a foreign document. */
  name: string;
  /** `SURNAME GIVEN NAMES`, when the document carries Latin names. */
  englishName: string | null;
  documentType: DocumentType;
  documentNumber: string;
  documentExpiry: string | null;
  birthDate: string;
  gender: 'MALE' | 'FEMALE' | null;
  nationality: string | null;
  /** E.164. */
  phone: string | null;
  email: string | null;
  type: 'ADULT' | 'CHILD' | 'STUDENT' | 'DISABLED_MILITARY';
  status: RailStatus;
  /** A student's qualification on the record (学生资质核验), or null for any other passenger. */
  student: RailStudentRecord | null;
};

/** A passenger's student qualification: the school, the discounted interval's two cities, and the check's state. */
export type RailStudentRecord = {
  school: string;
  /** City codes of the home and of the school. */
  homeCity: string;
  schoolCity: string;
  enrolledYear: number;
  check: StudentCheck;
};

/** The rail service ended or never knew this session: the traveller must log in again (6001). */
export class RailSessionEnded extends Error {
  constructor() {
    super('the rail session has ended');
    this.name = 'RailSessionEnded';
  }
}

/** The rail service refused a login: wrong username, password or last four (`credentials`), or code. */
export class RailLoginRefused extends Error {
  constructor(readonly reason: 'credentials' | 'code') {
    super(`rail login refused: ${reason}`);
    this.name = 'RailLoginRefused';
  }
}

/**
 * The national rail booking service's account API (12306), docs/architecture.md §9: the login by SMS code,
 * the session it gives, and the account's passenger list. The default is a simulator with its own
 * tables; a real adapter implements the same calls. Any call may fail or time out as a network call
 * would (a plain Error): callers give it a time limit and answer "try again later".
 */
export interface RailAccountProvider {
  /** Texts a login code to the account's phone: 0 sent, 6 the service could not send one, 11 wrong last four. */
  requestCode(
    p: { username: string; idLastFour: string },
    signal?: AbortSignal,
  ): Promise<{ result: RailCodeResult; phoneMasked: string | null }>;
  /** Throws `RailLoginRefused`. */
  login(
    p: { username: string; password: string; idLastFour: string; code: string },
    signal?: AbortSignal,
  ): Promise<RailSession>;
  /** Keeps the session alive and answers when it now ends; throws `RailSessionEnded`. */
  touch(token: string, signal?: AbortSignal): Promise<{ expiresAt: Date }>;
  /** Throws `RailSessionEnded`. */
  passengers(token: string, signal?: AbortSignal): Promise<RailAccountPassenger[]>;
  /** Ends the session; an ended one is no error. */
  logout(token: string, signal?: AbortSignal): Promise<void>;
  /**
   * Buys and issues the tickets in the account (online ticketing); the same request key answers the
   * tickets issued the first time. Throws `RailSessionEnded`.
   */
  issueTickets(token: string, request: RailIssueRequest, signal?: AbortSignal): Promise<RailIssuedTicket[]>;
  /**
   * Changes tickets of the account (改签) in one operation: the old tickets are exchanged for new ones on the
   * request's trains (new ticket numbers, coaches and seats) and their seats go back on sale; the same
   * request key answers the tickets of the first time, the old ones exchanged once. Throws
   * `RailChangeRefused` for an old ticket the account does not hold, one used, changed or returned, or a
   * train gone; `RailSessionEnded`.
   */
  changeTickets(token: string, request: RailChangeRequest, signal?: AbortSignal): Promise<RailIssuedTicket[]>;
}
