import { type LegPoint, type ResultLeg, type SearchCriteria, sameInBoth } from '@junction/domain';
import type { PickedPlace } from '../widgets/place-picker/place-picker';

/** A place as a picker holds it: a whole city, or only one of its airports. */
export const pickedPlace = (id: number, name: string, cityCode: string, onlyThis = false): PickedPlace => ({
  id,
  kind: onlyThis ? 'airport' : 'city',
  name,
  code: cityCode,
  cityCode,
  onlyThis,
});
export const BEIJING = pickedPlace(9406, 'Beijing', 'BJS');
export const SHANGHAI = pickedPlace(9500, 'Shanghai', 'SHA');
export const PVG = pickedPlace(2950, 'Shanghai Pudong International Airport', 'SHA', true);

/** One adult, one way from Beijing to Shanghai on 1 May 2030, in economy, any mode; the places named if asked. */
export function beijingShanghai({ named = false }: { named?: boolean } = {}): SearchCriteria {
  return {
    type: 1,
    cabin: 'Y',
    adults: 1,
    children: 0,
    infants: 0,
    sort: 'best',
    mode: 'all',
    flexDays: 0,
    filters: {},
    legs: [
      {
        departure: 'BJS',
        destination: 'SHA',
        departure_date: '2030/05/01',
        departure_only_airport: false,
        destination_only_airport: false,
        ...(named ? { departureName: 'Beijing', destinationName: 'Shanghai' } : {}),
      },
    ],
  };
}

/** A leg of a result from one point to another between two times (ISO 8601), free unless told. */
export function resultLeg(
  kind: ResultLeg['kind'],
  from: LegPoint,
  to: LegPoint,
  times: [string, string],
  extra: Partial<ResultLeg> = {},
) {
  const [dep, arr] = times;
  return {
    kind,
    carrier: '',
    carrierName: sameInBoth(''),
    number: '',
    from,
    to,
    departureTime: dep,
    arrivalTime: arr,
    durationMinutes: Math.round((Date.parse(arr) - Date.parse(dep)) / 60_000),
    price: { amount: 0, currency: 'CNY' },
    separateTicket: false,
    ...extra,
  } satisfies ResultLeg;
}
