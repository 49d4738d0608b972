import { z } from 'zod';
import { DOCUMENT_TYPE_LETTERS, type DocumentType } from './documents';

/** Spec §9: default of the configurable number of travellers one account may save. */
export const DEFAULT_PASSENGER_LIMIT = 50;

export const genderSchema = z.enum(['MALE', 'FEMALE']);

/** Spec §3: what China Railway says of a traveller's identity, each with a badge and an explanation. */
export const RAIL_STATUSES = [
  'VERIFIED',
  'PRE_VERIFIED',
  'NEED_VERIFY',
  'NOT_EXISTED',
  'NOT_AVAILABLE',
  'NEED_MOBILE',
  'NEED_MOBILE_OR_EMAIL',
  'INVALID',
] as const;
export const railStatusSchema = z.enum(RAIL_STATUSES);
export type RailStatus = z.infer<typeof railStatusSchema>;
/** Statuses with which a traveller may buy rail tickets online. */
export const RAIL_BOOKABLE: ReadonlySet<RailStatus> = new Set(['VERIFIED', 'PRE_VERIFIED']);

export const documentTypeSchema = z.enum(DOCUMENT_TYPE_LETTERS as [DocumentType, ...DocumentType[]]);

const isoDate = z.iso.date();
const countryCode = z.string().regex(/^[A-Z]{2}$/);
const text = (max: number) => z.string().max(max).nullish();

/**
 * One document of the traveller form. A saved document is named by `id`; leaving out `number` keeps
 * the number on file (screens only ever see it masked). `type` is checked by the rules, so an unknown
 * type answers 6005 (spec §8) rather than a malformed request.
 */
export const documentInputSchema = z.object({
  id: z.uuid().optional(),
  type: z.string().max(8),
  number: z.string().max(40).optional(),
  expiryDate: isoDate.nullish(),
  issuingCountry: countryCode.nullish(),
});
export type DocumentInput = z.infer<typeof documentInputSchema>;

/**
 * `POST /api/passenger` (spec §7): creates a traveller, or updates the one named by `id`. The rules of
 * spec §5 (`passengerIssues`) check the content; `railContact` asks for the rail contact rule of a rail
 * booking (6003, or 6004 where an e-mail will do).
 */
export const passengerInputSchema = z.object({
  id: z.uuid().optional(),
  chineseName: text(60),
  surname: text(60),
  givenNames: text(60),
  middleName: text(60),
  birthDate: isoDate.nullish(),
  gender: genderSchema.nullish(),
  nationality: countryCode.nullish(),
  phoneCountry: countryCode.nullish(),
  phone: text(30),
  email: text(254),
  documents: z.array(documentInputSchema).max(13),
  railContact: z.enum(['mobile', 'mobileOrEmail']).optional(),
});
export type PassengerInput = z.infer<typeof passengerInputSchema>;

/** A saved document as every answer shows it: the number masked. */
export const passengerDocumentSchema = z.object({
  id: z.uuid(),
  type: documentTypeSchema,
  numberMasked: z.string(),
  expiryDate: isoDate.nullable(),
  issuingCountry: countryCode.nullable(),
});
export type PassengerDocument = z.infer<typeof passengerDocumentSchema>;

export const passengerSchema = z.object({
  id: z.uuid(),
  chineseName: z.string().nullable(),
  surname: z.string().nullable(),
  givenNames: z.string().nullable(),
  middleName: z.string().nullable(),
  birthDate: isoDate,
  gender: genderSchema,
  nationality: countryCode,
  /** Area of the contact phone and its national number. */
  phoneCountry: countryCode.nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  documents: z.array(passengerDocumentSchema),
  /** Null while China Railway has not answered yet. */
  railStatus: railStatusSchema.nullable(),
  railCheckedAt: z.iso.datetime({ offset: true }).nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Passenger = z.infer<typeof passengerSchema>;

/** `GET /api/passengers` (spec §7): the signed-in user's travellers, by name, a page at a time. */
export const passengerListQuerySchema = z.object({
  keyword: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PassengerListQuery = z.infer<typeof passengerListQuerySchema>;

export const passengerPageSchema = z.object({
  items: z.array(passengerSchema),
  /** Travellers matching the keyword. */
  total: z.number().int().nonnegative(),
  /** Travellers saved in all, and how many the account may keep. */
  saved: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type PassengerPage = z.infer<typeof passengerPageSchema>;

export const passengerRemoveSchema = z.object({ id: z.uuid() });
