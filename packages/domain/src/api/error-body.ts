import { z } from 'zod';

/** The one error body of the API (docs/architecture.md §3). */
export const apiErrorSchema = z.object({
  errorCode: z.number().int(),
  errorType: z.literal('expired').optional(),
  errorContent: z.string(),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
