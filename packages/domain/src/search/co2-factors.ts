/*
 * The factors behind the CO₂ estimate of each leg (the method page says the same in words for travellers).
 *
 * Flights follow the Travel Impact Model (TIM), the open model whose method and factors are published
 * under an open licence: fuel burnt over the great-circle distance for the aircraft (a fixed part for
 * take-off and landing plus a part growing with distance), turned into CO₂ with the well-to-wake factor
 * for jet fuel, split over the seats of an average load, and each cabin
 * charged by the floor space its seat takes compared with an economy seat. We hold one representative
 * aircraft per class (the model holds one per type), with its fuel from the EEA/EMEP air pollutant
 * emission inventory guidebook that the model also uses.
 *
 * Trains, the metro and taxis use per-passenger-kilometre factors for China: electricity per passenger
 * kilometre times the grid's emission factor published by the Ministry of Ecology and Environment, and
 * the fuel of a petrol car shared by its average occupancy.
 */

import type { Cabin } from './search-options';

/** Kilograms of CO₂ (well to wake: burning plus producing and carrying the fuel) per kilogram of jet fuel. */
export const JET_FUEL_CO2_PER_KG = 3.8359;

export type AircraftFuel = {
  /** Fuel of the landing and take-off cycle, kilograms. */
  ltoKg: number;
  /** Fuel of climb, cruise and descent per kilometre flown, kilograms. */
  perKmKg: number;
  /** Seats of a typical two-cabin layout, in economy seats. */
  seats: number;
};

/** A representative aircraft of each class: A320 (narrow-body), A330 (wide-body), E190 (regional), ATR 72. */
export const AIRCRAFT_FUEL = {
  'narrow-body': { ltoKg: 800, perKmKg: 2.65, seats: 170 },
  'wide-body': { ltoKg: 2_400, perKmKg: 6.6, seats: 290 },
  regional: { ltoKg: 450, perKmKg: 1.75, seats: 100 },
  'turbo-prop': { ltoKg: 200, perKmKg: 0.9, seats: 70 },
} as const satisfies Record<string, AircraftFuel>;
export type AircraftClass = keyof typeof AIRCRAFT_FUEL;

/**
 * Seats taken on an average flight: the model's global default where it has no route's own history.
 * The model leaves belly cargo out, so the whole fuel is shared over the seats taken.
 */
export const AVERAGE_LOAD_FACTOR = 0.845;

/**
 * The floor space a seat of each cabin takes, in economy seats, as the model sets them: narrow-bodies
 * have little more room up front, wide-bodies lie-flat beds.
 */
export const CABIN_SPACE: Record<'narrow' | 'wide', Record<Cabin, number>> = {
  narrow: { Y: 1, S: 1, C: 1.5, F: 1.5 },
  wide: { Y: 1, S: 1.5, C: 4, F: 5 },
};

/**
 * Grams of CO₂ per passenger kilometre on the ground in China. Trains and the metro run on the grid:
 * the national grid average of 0.5703 kg CO₂ per kWh (Ministry of Ecology and Environment, 2022), times
 * about 3.8 kWh per 100 passenger-km on high-speed lines (China State Railway Group), 5.5 on the slower
 * electric and diesel lines, and about 7 on the metro (China Association of Metros' yearly statistics).
 * A taxi burns about 8 litres of petrol per 100 km at 2.3 kg of CO₂ a litre (IPCC 2006 guidelines),
 * shared by 1.4 riders on average. Walking emits nothing.
 */
export const GROUND_G_PER_PKM = {
  highSpeedRail: 22,
  conventionalRail: 31,
  metro: 40,
  taxi: 131,
  walk: 0,
} as const;

/** Train letters of the high-speed lines (G, C, D and the maglev's S). */
export const HIGH_SPEED_TRAINS = ['G', 'C', 'D', 'S'] as const;

/**
 * How much longer the way on the ground is than the straight line between its ends: rails and roads
 * bend. Flights take the great-circle distance, as the model does.
 */
export const DETOUR = { rail: 1.2, road: 1.3 } as const;

/** Rail "saves most" of a flight's emissions when its CO₂ is at most this share of the flight's. */
export const RAIL_SAVES_MOST_SHARE = 0.5;
