import { z } from 'zod';
import { withoutWebAddresses } from '../plain-text';
import { CURRENCIES } from '../preferences';
import { localTextSchema } from '../text.schema';
import {
  AGENTS,
  AIRCRAFT_CLASSES,
  CABIN_CODES,
  LEG_KINDS,
  MAX_FLEX_DAYS,
  MAX_MULTI_CITY_LEGS,
  RESULT_KINDS,
  SEARCH_MODES,
  SORTS,
} from './search-options';

/** Request dates are `yyyy/MM/dd` (spec §7). */
export const requestDateSchema = z.string().regex(/^\d{4}\/\d{2}\/\d{2}$/, 'yyyy/MM/dd');

/**
 * A place's name as the criteria carry it (shown on the results page, kept with an order, shared in
 * search links): one line of plain text without markup or web addresses.
 */
const placeName = z.string().max(400).overwrite(withoutWebAddresses).max(100);

/** One leg of the criteria with the backend names of spec §3. Places are place tokens (spec §5), usually the base-35 place code. */
export const searchLegSchema = z.object({
  departure: z.string().min(1).max(40),
  destination: z.string().min(1).max(40),
  departure_date: requestDateSchema,
  return_date: requestDateSchema.optional(),
  departure_only_airport: z.boolean().default(false),
  destination_only_airport: z.boolean().default(false),
  departureName: placeName.optional(),
  destinationName: placeName.optional(),
  departureCityCode: z.string().max(10).optional(),
  destinationCityCode: z.string().max(10).optional(),
  /** Multi-city only (spec §3): the line under each place name, a city's country or an airport's city. */
  departureBelowName: placeName.optional(),
  destinationBelowName: placeName.optional(),
});
export type SearchLeg = z.infer<typeof searchLegSchema>;

const MAX_FILTER_KEYS = 20;
const filterScalarSchema = z.union([z.string().max(40), z.number(), z.boolean(), z.null()]);
const filterValueSchema = z.union([filterScalarSchema, z.array(filterScalarSchema).max(20)]);

export const searchCriteriaSchema = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  cabin: z.enum(CABIN_CODES).default('Y'),
  adults: z.number().int().min(0).max(99).default(1),
  children: z.number().int().min(0).max(99).default(0),
  infants: z.number().int().min(0).max(99).default(0),
  sort: z.enum(SORTS).default('best'),
  /** Which transport the traveller wants: everything, flights only, or trains only. */
  mode: z.enum(SEARCH_MODES).default('all'),
  /** ± days around each departure date (spec §2 date flexibility). */
  flexDays: z.number().int().min(0).max(MAX_FLEX_DAYS).default(0),
  /** Result filters the client keeps with the criteria: a few short values, never a document of its own. */
  filters: z
    .record(z.string().max(40), filterValueSchema)
    .refine((f) => Object.keys(f).length <= MAX_FILTER_KEYS, { message: `at most ${MAX_FILTER_KEYS} filters` })
    .default({}),
  legs: z.array(searchLegSchema).min(1).max(MAX_MULTI_CITY_LEGS),
});
export type SearchCriteria = z.infer<typeof searchCriteriaSchema>;
export type SearchCriteriaInput = z.input<typeof searchCriteriaSchema>;

const moneySchema = z.object({ amount: z.number().int(), currency: z.enum(CURRENCIES) });

/**
 * One end of a leg. Answers carry ids, codes and names in both languages; the client names the point
 * in the current language, so switching language changes every name on the page.
 */
export const legPointSchema = z.object({
  /** Place id (spec §3) of an airport or railway station; absent for a metro station or a street address. */
  placeId: z.number().int().optional(),
  /** IATA code, 12306 telecode, or empty for a metro station or a street address. */
  code: z.string(),
  name: localTextSchema,
  /** The city of an airport or a station. */
  city: z.object({ id: z.number().int(), name: localTextSchema }).optional(),
  kind: z.enum(['airport', 'station', 'metro', 'address']),
  /** The terminal a flight uses at an airport ("T3"), where known. */
  terminal: z.string().max(8).optional(),
  lat: z.number(),
  lon: z.number(),
});
export type LegPoint = z.infer<typeof legPointSchema>;

export const baggageSchema = z.object({
  carryOn: z.object({ pieces: z.number().int(), kg: z.number() }),
  checked: z.object({ pieces: z.number().int(), kg: z.number(), extraPrice: moneySchema.optional() }),
});
export type Baggage = z.infer<typeof baggageSchema>;

export const seatOptionSchema = z.object({
  /** Spec §3 seat class code (O second, M first, A9 business, A3 hard sleeper…). */
  code: z.string(),
  price: moneySchema,
  /** Remaining tickets; 0 sold out. */
  remaining: z.number().int(),
});

export const resultLegSchema = z.object({
  kind: z.enum(LEG_KINDS),
  /** Airline code, 'CR' for China Railway, 'METRO' for a metro line, or '' for taxi and walks. */
  carrier: z.string(),
  /** The airline, the railway, or the metro line ("Line 4"); empty for taxi and walks. */
  carrierName: localTextSchema,
  /** Flight or train number; the metro line's code; empty for taxi and walks. */
  number: z.string(),
  from: legPointSchema,
  to: legPointSchema,
  /** ISO 8601 with the local offset of the place. */
  departureTime: z.string(),
  arrivalTime: z.string(),
  durationMinutes: z.number().int(),
  /** Air cabin code or rail seat class code. */
  cabin: z.string().optional(),
  aircraft: localTextSchema.optional(),
  aircraftClass: z.enum(AIRCRAFT_CLASSES).optional(),
  /** Train type letter (G, D, K…) for `land` legs. */
  trainType: z.string().optional(),
  seats: z.array(seatOptionSchema).optional(),
  /**
   * A train with too few tickets left in every class for the party: shown, and sold only on a class's
   * waiting list (候补).
   */
  soldOut: z.boolean().optional(),
  baggage: baggageSchema.optional(),
  price: moneySchema,
  /** The leg is bought on its own ticket (a self-transfer follows it). */
  separateTicket: z.boolean().default(false),
});
export type ResultLeg = z.infer<typeof resultLegSchema>;

export const feeRuleSchema = z.object({
  /** Cancellation and change fees more than 2 hours before departure, and within 2 hours (spec §9). */
  cancelBefore: moneySchema.nullable(),
  cancelAfter: moneySchema.nullable(),
  changeBefore: moneySchema.nullable(),
  changeAfter: moneySchema.nullable(),
  /** Free cancellation within 24 hours of booking. */
  free24h: z.boolean(),
});
export type FeeRules = z.infer<typeof feeRuleSchema>;

export const searchResultSchema = z.object({
  id: z.string(),
  kind: z.enum(RESULT_KINDS),
  /** Which criteria leg this answers (0 for one-way; round trips and multi-city price the whole trip in leg 0). */
  price: moneySchema,
  departureTime: z.string(),
  arrivalTime: z.string(),
  durationMinutes: z.number().int(),
  transfers: z.number().int(),
  /** Departure date this result is for (yyyy/MM/dd), so a flexible search can show a price calendar. */
  date: requestDateSchema,
  legs: z.array(resultLegSchema),
  /** Journeys of a round trip or multi-city result: index ranges into `legs`, one per criteria leg. */
  bounds: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
  agent: z.enum(AGENTS),
  /**
   * Who sells the fare when it is not Junction's own: the airline that sells it through Duffel. Absent,
   * the result is labelled by its agent.
   */
  seller: localTextSchema.optional(),
  sellers: z.array(z.object({ supplier: z.string(), name: localTextSchema, price: moneySchema })),
  fees: feeRuleSchema,
  /** Minimum protected buffer at a self-transfer, minutes, when the journey has one. */
  selfTransferMinutes: z.number().int().optional(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const SEARCH_PHASES = ['request', 'filter', 'pull'] as const;
export type SearchPhase = (typeof SEARCH_PHASES)[number];

export const searchStartedSchema = z.object({ searchId: z.string() });

export const refreshRequestSchema = z.object({
  searchId: z.string().min(1).max(100),
  resultId: z.string().min(1).max(400),
});
export const refreshResponseSchema = z.object({
  result: searchResultSchema,
  priceChanged: z.boolean(),
  previous: moneySchema,
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;
