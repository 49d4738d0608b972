import type { LegPoint } from '@junction/domain';
import type { LoadedTimetable } from '@junction/planner';
import type { RawPlace } from '@junction/refdata';
import { METRO_PREFIX } from '../../inventory/door-to-door';
import { type Inventory, placeName } from '../../inventory/inventory';
import { SEARCH_TEXTS } from '../../results/texts';
import type { DoorPoint } from '../supplier';

/** The places a door-to-door plan passes: its doors, and the stops of the planner's timetable. */
export class PlanPlaces {
  constructor(private readonly inv: Inventory) {}

  /** The door: the address or landmark asked for, a city's centre, or the airport or station asked for. */
  door(place: RawPlace, door?: DoorPoint): LegPoint {
    if (door) {
      return {
        code: '',
        name: door.name,
        city: { id: place.id, name: placeName(place) },
        kind: 'address',
        lat: door.lat,
        lon: door.lon,
      };
    }
    if (place.kind !== 'city') return this.point(place);
    return {
      code: '',
      name: SEARCH_TEXTS.cityCentre(placeName(place)),
      city: { id: place.id, name: placeName(place) },
      kind: 'address',
      lat: place.lat,
      lon: place.lon,
    };
  }

  /** The place of a stop: an airport, a railway station, or a metro station (a station without a code). */
  stop(loaded: LoadedTimetable, stop: number): RawPlace | undefined {
    const id = loaded.stopIds[stop] ?? '';
    if (id.startsWith(METRO_PREFIX)) {
      const m = this.inv.doorToDoor?.metroStations.get(id);
      if (!m) return undefined;
      return {
        id: -1,
        kind: 'station',
        code: '',
        cityCode: 'BJS',
        nameEn: m.nameEn,
        nameZh: m.nameZh,
        country: 'CN',
        tz: 'Asia/Shanghai',
        lat: m.lat,
        lon: m.lon,
        rank: 0,
      };
    }
    return id.startsWith('air:') ? this.inv.airport(id.slice(4)) : this.inv.station(id.slice(5));
  }

  /** `airline`: the airline flying from or to an airport, for its terminal. */
  point(place: RawPlace, airline?: string): LegPoint {
    if (place.id !== -1) return this.inv.point(place, airline);
    // A metro station: named, in its city, without a place id or code of its own.
    const { placeId: _, ...point } = this.inv.point(place);
    return { ...point, kind: 'metro' };
  }
}
