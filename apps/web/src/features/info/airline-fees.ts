import { z } from 'zod';
import raw from './data/airline-fees.json';

const feeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('percent'), value: z.number().min(0).max(100) }),
  z.object({ kind: z.literal('amount'), minor: z.number().int().nonnegative() }),
  z.object({ kind: z.literal('free') }),
  z.object({ kind: z.literal('notAllowed') }),
]);
export type Fee = z.infer<typeof feeSchema>;

const allowanceSchema = z.object({ pieces: z.number().int().min(0), weightKg: z.number().min(0) });
const windowSchema = z.object({ before2h: feeSchema, within2h: feeSchema });

export const airlineFeeSchema = z.object({
  code: z.string().regex(/^[A-Z0-9]{2}$/),
  name: z.object({ en: z.string().min(1), zh: z.string().min(1) }),
  carryOn: allowanceSchema,
  checked: allowanceSchema,
  extraBagMinor: z.number().int().nonnegative(),
  change: windowSchema,
  cancel: windowSchema,
});
export type AirlineFee = z.infer<typeof airlineFeeSchema>;

export const airlineFeesSchema = z.object({
  currency: z.literal('CNY'),
  effective: z.iso.date(),
  airlines: z.array(airlineFeeSchema).min(1),
});

/** The fee table, checked against its schema when the page loads. */
export const AIRLINE_FEES = airlineFeesSchema.parse(raw);
