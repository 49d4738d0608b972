import { z } from 'zod';
import { localTextSchema } from '../text.schema';
import { resultPageSchema, resultViewSchema } from './result-view';
import { SEARCH_PHASES, searchResultSchema } from './search.schema';

/** The longest a pull may ask the server to wait for something new (`waitMs`). */
export const MAX_PULL_WAIT_MS = 1000;

/** Spec §7 pull: the results that arrived since the cursor, or one page of them all (a view). */
export const pullRequestSchema = z.object({
  searchId: z.string().min(1).max(100),
  cursor: z.number().int().min(0).max(1_000_000_000).default(0),
  /**
   * One page of every result so far, in an order and with filters, instead of the results changed since
   * the cursor: the answer's `page` then carries it, its `results` stay empty.
   */
  view: resultViewSchema.optional(),
  /**
   * When nothing has arrived since the cursor, how long the server may wait for something to (up to
   * `MAX_PULL_WAIT_MS`) before it answers: the results are then sent the moment they are stored. 0 answers at once.
   */
  waitMs: z.number().int().min(0).max(MAX_PULL_WAIT_MS).default(0),
});
export const pullResponseSchema = z.object({
  phase: z.enum(SEARCH_PHASES),
  answered: z.number().int(),
  total: z.number().int(),
  done: z.boolean(),
  cursor: z.number().int(),
  results: z.array(searchResultSchema),
  /** Suppliers that failed or timed out (names only). */
  failed: z.array(localTextSchema).default([]),
  /** The page of the view asked for, when the pull asked for one. */
  page: resultPageSchema.optional(),
  /**
   * Flight offers the suppliers found that were left out for not selling the cabin asked for with a seat
   * for each traveller: with no result listed, the page says no flight sells that cabin.
   */
  withoutCabin: z.number().int().min(0).default(0),
});
export type PullResponse = z.infer<typeof pullResponseSchema>;
