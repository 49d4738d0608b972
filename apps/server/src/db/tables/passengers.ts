import type { ColumnType, Generated } from 'kysely';
import type { CalendarDate, Timestamp } from './columns';

export type PassengersTable = {
  id: Generated<string>;
  userId: string;
  chineseName: string | null;
  surname: string | null;
  givenNames: string | null;
  middleName: string | null;
  birthDate: CalendarDate;
  gender: 'MALE' | 'FEMALE';
  nationality: string;
  phoneCountry: string | null;
  /** E.164. */
  phone: string | null;
  email: string | null;
  railStatus: string | null;
  railCheckedAt: Timestamp | null;
  railRequest: Generated<number>;
  createdAt: ColumnType<Date, Date | string | undefined, Date | string>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
};

export type PassengerDocumentsTable = {
  id: Generated<string>;
  passengerId: string;
  userId: string;
  type: string;
  /** Sealed with the keyring (purpose `passenger-document`); never in clear. */
  numberSealed: string;
  /** Keyed hash of type and number, to find the same document without opening it. */
  numberHash: string;
  numberMasked: string;
  expiryDate: ColumnType<string | null, string | null, string | null>;
  issuingCountry: string | null;
  createdAt: ColumnType<Date, Date | string | undefined, Date | string>;
};

/** The passengers tables, by the name queries use. */
export type PassengersTables = {
  passengers: PassengersTable;
  passengerDocuments: PassengerDocumentsTable;
};
