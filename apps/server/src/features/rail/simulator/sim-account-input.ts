import type { RailAccountPassenger, RailStudentRecord } from '../provider';

/** A passenger on a simulated rail account, as its registration takes it. */
export type SimPassengerInput = {
  name: string;
  englishName?: string | null;
  documentType: string;
  documentNumber: string;
  documentExpiry?: string | null;
  birthDate?: string | null;
  gender?: 'MALE' | 'FEMALE' | null;
  nationality?: string | null;
  phone?: string | null;
  email?: string | null;
  type?: RailAccountPassenger['type'];
  /** A student's qualification, with a `STUDENT` type. */
  student?: RailStudentRecord | null;
};

export type SimAccountInput = {
  username: string;
  password: string;
  holderName: string;
  /** The holder's 18-digit ID card number. */
  idNumber: string;
  /** E.164: where the login codes go. */
  phone: string;
  email?: string | null;
  /** Passengers besides the holder, who is always the first. */
  passengers?: SimPassengerInput[];
};
