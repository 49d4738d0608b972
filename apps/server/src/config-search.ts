import { availableParallelism } from 'node:os';
import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Searching: the suppliers, the answers kept, the planner workers and the search store. */
export const searchSettings = {
  SEARCH_SUPPLIER_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  SEARCH_ANSWER_REUSE_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(600)
    .default(60)
    .describe(
      "How long a supplier's answer is shared with searches asking it the same (same places, dates, cabin and party); searches asking at once share one request; 0 turns sharing off",
    ),
  SEARCH_LATENCY_SCALE: z.coerce
    .number()
    .min(0)
    .max(10)
    .default(1)
    .describe("Multiplies the simulated suppliers' response times (0 answers at once)"),
  SEARCH_SUPPLIER_FAILURES: flag.default(true).describe('Simulated suppliers fail and time out as configured'),
  SEARCH_WARM_AT_START: flag
    .default(true)
    .describe(
      'Read the timetables and the gazetteer before serving, so that no search waits for them; off, the first search or place look-up reads them (processes that never search)',
    ),
  SEARCH_PLANNER_WORKER: flag.default(true).describe('Door-to-door planning in worker threads'),
  SEARCH_PLANNER_WORKERS: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(availableParallelism())
    .describe('Door-to-door planner threads at most (each holds its own timetables); the cores by default'),
  SEARCH_PLANNER_QUEUE: z.coerce
    .number()
    .int()
    .min(0)
    .max(1000)
    .default(64)
    .describe('Door-to-door searches waiting for a planner thread at most; more are told at once it is busy'),
  SEARCH_PLANNER_TIMETABLES: z.coerce
    .number()
    .int()
    .min(1)
    .max(60)
    .default(5)
    .describe(
      'Door-to-door timetables a process keeps, each serving every week of travel dates whose services run on the same days (about 18 MB of shared memory each); another is built again when searched (a second or two of a planner thread)',
    ),
  SEARCH_PLANNER_NICE: z.coerce
    .number()
    .int()
    .min(0)
    .max(19)
    .default(5)
    .describe(
      'Nice value of the planner threads (Linux): they yield the cores to the thread answering requests and ending searches at their time limit',
    ),
  SEARCH_STORE: z
    .enum(['shared', 'memory'])
    .default('shared')
    .describe(
      'Where search sessions and API request counters live: shared (Redis with REDIS_URL, else PostgreSQL) for any number of processes, or memory for one process',
    ),
  SEARCH_MAX_SESSIONS: z.coerce.number().int().positive().default(2000),
  SEARCH_STORE_MAX_MB: z.coerce
    .number()
    .positive()
    .max(65_536)
    .default(256)
    .describe('Memory the in-process search sessions and expired criteria may hold together, in MB'),
};
