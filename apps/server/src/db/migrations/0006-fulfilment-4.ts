import { applyScheduleChange, isRide, type ScheduledItinerary, shiftIso } from '@junction/domain';
import { type Kysely, sql } from 'kysely';

/**
 * A schedule change lives on the order: its itinerary takes the ride's new times and keeps the ones it
 * was booked with (`scheduleChanges`), so every page, file, notice and job reads one departure. Changes
 * kept on tickets before (their new departure only) move onto their orders, the arrival moving as much
 * as the departure did, and the tickets' column goes.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function up(db: Kysely<any>): Promise<void> {
  // One-word names: the app's connection turns result columns into camel case, a migrator's may not.
  const changed = await sql<{ ord: string; leg: number; departure: string }>`
    select distinct on (order_id, leg_index) order_id as ord, leg_index as leg, changed_departure as departure
    from tickets where changed_departure is not null order by order_id, leg_index`.execute(db);
  const byOrder = new Map<string, { leg: number; departure: string }[]>();
  for (const r of changed.rows) byOrder.set(r.ord, [...(byOrder.get(r.ord) ?? []), r]);
  for (const [orderId, changes] of byOrder) {
    const found = await sql<{
      itinerary: ScheduledItinerary;
    }>`select itinerary from orders where id = ${orderId}`.execute(db);
    const booked = found.rows[0]?.itinerary;
    if (!booked) continue;
    let itinerary = booked;
    for (const c of changes) {
      const leg = itinerary.legs[c.leg];
      if (!leg || Number.isNaN(Date.parse(c.departure))) continue;
      const moved = Date.parse(c.departure) - Date.parse(leg.departureTime);
      itinerary = applyScheduleChange(itinerary, {
        legIndex: c.leg,
        departureTime: c.departure,
        arrivalTime: shiftIso(leg.arrivalTime, moved),
      });
    }
    const firstRide = itinerary.legs.find(isRide);
    const last = itinerary.legs.at(-1);
    const lastMoved = last && last.arrivalTime !== booked.legs.at(-1)?.arrivalTime;
    await sql`update orders set
        itinerary = ${JSON.stringify(itinerary)}::jsonb,
        departure_time = coalesce(${firstRide?.departureTime ?? null}, departure_time),
        departure_at = coalesce(${firstRide ? new Date(firstRide.departureTime) : null}::timestamptz, departure_at),
        arrival_time = coalesce(${lastMoved ? last.arrivalTime : null}, arrival_time)
      where id = ${orderId}`.execute(db);
  }
  await db.schema.alterTable('tickets').dropColumn('changed_departure').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against any schema version
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tickets').addColumn('changed_departure', 'text').execute();
  await sql`
    update tickets t set changed_departure = c->>'departureTime'
    from orders o, jsonb_array_elements(coalesce(o.itinerary->'scheduleChanges', '[]'::jsonb)) c
    where o.id = t.order_id and (c->>'legIndex')::int = t.leg_index`.execute(db);
}
