import { z } from 'zod';
import { railStatusSchema } from '../passengers/passenger.schema';
import { STUDENT_CHECKS } from './student-fares';

/** Spec §5, §9: the rail account's password has at least 6 characters. */
export const RAIL_PASSWORD_MIN = 6;
/** The last four characters of the account holder's ID card: digits, the last may be X. */
export const ID_LAST_FOUR = /^\d{3}[\dX]$/;
/** The national rail service's SMS codes have six digits. */
export const RAIL_CODE = /^\d{6}$/;

const username = z.string().trim().min(1).max(40);
const idLastFour = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(ID_LAST_FOUR));

/** Spec §8 SMS send result codes: 0 sent, 6 exception obtaining the code, 11 last four ID digits incorrect. */
export const RAIL_CODE_RESULTS = [0, 6, 11] as const;
export type RailCodeResult = (typeof RAIL_CODE_RESULTS)[number];

/** Asks the national rail service to text a login code to the phone of its account. */
export const railCodeRequestSchema = z.object({ username, idLastFour });
export type RailCodeRequest = z.input<typeof railCodeRequestSchema>;
export const railCodeAnswerSchema = z.object({
  result: z.union([z.literal(0), z.literal(6), z.literal(11)]),
  /** Where the code went (masked), when it was sent. */
  phoneMasked: z.string().nullable(),
  /** Spec §4, §9: a new code may be asked for after this many seconds. */
  resendSeconds: z.number().int(),
});
export type RailCodeAnswer = z.infer<typeof railCodeAnswerSchema>;

/**
 * Logs in to the national rail account and links it to ours (spec §5): username, password (6 or more),
 * the last four of the ID card and the SMS code; the authorisation agreement must be ticked (`agreed`).
 * The password goes to the rail service and is never kept.
 */
export const railLoginSchema = z.object({
  username,
  password: z.string().min(RAIL_PASSWORD_MIN).max(64),
  idLastFour,
  code: z.string().trim().regex(RAIL_CODE),
  agreed: z.boolean(),
});
export type RailLogin = z.input<typeof railLoginSchema>;

/** A linked account is `active` while its rail session lives, `expired` once the rail service ended it. */
export const RAIL_LINK_STATES = ['active', 'expired'] as const;
export type RailLinkState = (typeof RAIL_LINK_STATES)[number];

export const railAccountSchema = z.object({
  username: z.string(),
  /** The holder's name as the rail service shows it. */
  name: z.string(),
  phoneMasked: z.string(),
  state: z.enum(RAIL_LINK_STATES),
  linkedAt: z.iso.datetime({ offset: true }),
  /** When the rail session ends unless it is used before. */
  sessionExpiresAt: z.iso.datetime({ offset: true }),
  /** Rail tickets being issued through this account now: it cannot be unlinked meanwhile. */
  ticketing: z.number().int(),
});
export type RailAccount = z.infer<typeof railAccountSchema>;

/** The signed-in user's link to a national rail account, or none. */
export const railAccountStatusSchema = z.object({ account: railAccountSchema.nullable() });
export type RailAccountStatus = z.infer<typeof railAccountStatusSchema>;

/** Passenger types of the national rail account's passenger list. */
export const RAIL_PASSENGER_TYPES = ['ADULT', 'CHILD', 'STUDENT', 'DISABLED_MILITARY'] as const;

/** One passenger of the linked account's list, as the rail service keeps it (document masked). */
export const railPassengerSchema = z.object({
  id: z.string(),
  name: z.string(),
  documentType: z.string(),
  documentMasked: z.string(),
  birthDate: z.iso.date().nullable(),
  type: z.enum(RAIL_PASSENGER_TYPES),
  status: railStatusSchema,
  /** A student's qualification (学生资质核验): the school, the discounted interval's cities, the check's state. */
  student: z
    .object({
      school: z.string(),
      homeCity: z.string(),
      schoolCity: z.string(),
      enrolledYear: z.number().int(),
      check: z.enum(STUDENT_CHECKS),
    })
    .nullable()
    .default(null),
  /** The saved traveller with the same document, when there is one. */
  savedPassengerId: z.uuid().nullable(),
});
export type RailPassenger = z.infer<typeof railPassengerSchema>;
export const railPassengerListSchema = z.object({ items: z.array(railPassengerSchema) });

export const railImportSchema = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(20) });
export const railImportAnswerSchema = z.object({
  /** Saved travellers made or refreshed, with the rail status the rail service gave. */
  imported: z.array(z.object({ railId: z.string(), passengerId: z.uuid() })),
  /** Passengers that could not become saved travellers, with the error code of why. */
  skipped: z.array(z.object({ railId: z.string(), errorCode: z.number().int() })),
});
export type RailImportAnswer = z.infer<typeof railImportAnswerSchema>;
