import { z } from 'zod';
import { localTextSchema } from '../text.schema';
import { requestDateSchema } from './search.schema';

/** A train's calls, asked for by its number, the station it is boarded at and that day (`yyyy/MM/dd`). */
export const trainStopsQuerySchema = z.object({
  number: z.string().regex(/^[A-Z]?\d{1,5}$/),
  from: z.string().regex(/^[A-Z]{3}$/),
  date: requestDateSchema,
});

/** One call of a train: the station by name, its times (ISO 8601 with the offset) and how long it stands there. */
export const trainStopSchema = z.object({
  code: z.string(),
  name: localTextSchema,
  /** Absent at the first station. */
  arrival: z.string().optional(),
  /** Absent at the last station. */
  departure: z.string().optional(),
  dwellMinutes: z.number().int(),
});
export type TrainStop = z.infer<typeof trainStopSchema>;

export const trainStopsSchema = z.object({ number: z.string(), stops: z.array(trainStopSchema) });
export type TrainStops = z.infer<typeof trainStopsSchema>;
