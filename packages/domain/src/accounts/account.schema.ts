import { z } from 'zod';

/** Spec §9: the default country of a mobile number. */
export const DEFAULT_COUNTRY = 'CN';
export const PASSWORD_MIN_LENGTH = 8;
/** Spec §9: a new code can be asked for after 60 seconds. */
export const CODE_RESEND_SECONDS = 60;
export const CODE_LENGTH = 6;

export const identitySchema = z.enum(['mobile', 'email']);
export type Identity = z.infer<typeof identitySchema>;

/** Spec §4: the account type is e-mail as soon as the value holds anything but digits. */
export const identityOf = (account: string): Identity => (/^\d*$/.test(account.trim()) ? 'mobile' : 'email');

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
export const isEmail = (value: string): boolean => value.length <= 254 && EMAIL.test(value);

/** Spec §5: 8 or more characters with at least one letter and one number. */
export const isStrongPassword = (value: string): boolean =>
  value.length >= PASSWORD_MIN_LENGTH && value.length <= 128 && /[A-Za-z]/.test(value) && /\d/.test(value);

const country = z
  .string()
  .regex(/^[A-Z]{2}$/)
  .default(DEFAULT_COUNTRY);
const code = z.string().regex(/^\d{6}$/);
const password = z.string().min(1).max(128);
const target = z.string().trim().min(1).max(254);

export const codePurposeSchema = z.enum(['register', 'login', 'reset', 'bind']);
export type CodePurpose = z.infer<typeof codePurposeSchema>;

/** `POST /code` (spec §7). */
export const codeRequestSchema = z.object({
  type: identitySchema,
  target,
  country: country.optional(),
  purpose: codePurposeSchema.default('login'),
});

/** `POST /login` (spec §3): `district` only for mobile; a code can stand in for the password. */
export const loginBodySchema = z
  .object({
    username: target,
    password: password.optional(),
    code: code.optional(),
    identity: identitySchema,
    district: country.optional(),
  })
  .refine((b) => Boolean(b.password) !== Boolean(b.code), { message: 'password or code, one of them' });

/** `POST /register`: a mobile needs a code; an e-mail takes a code or gets an activation link. */
export const registerBodySchema = z.object({
  type: identitySchema,
  target,
  country: country.optional(),
  password,
  code: code.optional(),
  language: z.enum(['en', 'zh-CN']).optional(),
});

export const resetPasswordSchema = z.object({
  type: identitySchema,
  target,
  country: country.optional(),
  code,
  password,
});
export const changePasswordSchema = z.object({ currentPassword: password, newPassword: password });
export const bindSchema = z.object({ type: identitySchema, target, country: country.optional(), code });
/** The activation link; opened outside the browser that registered, it also sets the account's password. */
export const verifyEmailSchema = z.object({ token: z.string().min(10).max(200), password: password.optional() });
export const resendActivationSchema = z.object({ email: target, language: z.enum(['en', 'zh-CN']).optional() });

export const GENDERS = { FEMALE: 0, MALE: 1 } as const;
export const profileUpdateSchema = z.object({
  name: z.string().trim().max(60).optional(),
  nickname: z.string().trim().max(30).optional(),
  gender: z
    .union([z.literal(0), z.literal(1)])
    .nullable()
    .optional(),
  birthday: z.iso.date().nullable().optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** `GET /user` (spec §3): `name` to show, unread notices, and the profile. */
export const currentUserSchema = z.object({
  name: z.string(),
  unread: z.number().int().nonnegative(),
  info: z.object({
    id: z.string(),
    gender: z.union([z.literal(0), z.literal(1)]).nullable(),
    mobile: z.string().nullable(),
    mobileCountry: z.string().nullable(),
    email: z.string().nullable(),
    emailVerified: z.boolean(),
    name: z.string().nullable(),
    nickname: z.string().nullable(),
    birthday: z.string().nullable(),
  }),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
