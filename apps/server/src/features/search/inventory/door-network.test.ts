import { buildTimetable } from '@junction/planner';
import { describe, expect, it } from 'vitest';
import { networkOf } from './door-network';

const H = 3600;

describe('one timetable for every city, each plan closing the metro it does not ride', () => {
  // Stops: a railway station, two stations of Nanjing's metro, another railway station. A slow train runs
  // from the first station to the last, cheaper than the metro between its two stations, which is far sooner.
  const stopIds = ['rail:AAA', 'metro:NKG-1', 'metro:NKG-2', 'rail:BBB'];
  const ride = (stops: number[], leaves: number, arrives: number, fare: number) => ({
    stops,
    arrivals: [leaves, arrives],
    departures: [leaves, arrives],
    fareAt: [0, fare],
    boardFee: 0,
  });
  const net = networkOf({
    timetable: buildTimetable({
      stopCount: 4,
      stopChangeSec: [0, 0, 0, 0],
      trips: [ride([0, 3], 8 * H, 12 * H, 500), ride([1, 2], 9 * H, 9 * H + 1800, 1000)],
      transfers: [],
    }),
    stopIds,
    stopPoints: stopIds.map(() => ({ lat: 32, lon: 118.8 })),
    stopIndex: new Map(stopIds.map((id, i) => [id, i])),
    epochMs: 0,
  });
  const cityOfStop = new Map([
    ['metro:NKG-1', 'NKG'],
    ['metro:NKG-2', 'NKG'],
  ]);
  const arrivals = (cities: string[]) =>
    net.raptor
      .plan({
        departAt: 7 * H,
        access: [0, 1].map((stop) => ({ stop, seconds: 0, price: 0 })),
        egress: [2, 3].map((stop) => ({ stop, seconds: 0, price: 0 })),
        maxTransfers: 1,
        closed: net.closedFor(cities, cityOfStop),
      })
      .map((o) => o.arrival);

  it('rides a city’s metro only when the plan starts or ends in that city, and never closes a railway station', () => {
    expect(arrivals(['NKG'])).toEqual([9 * H + 1800, 12 * H]);
    expect(arrivals([])).toEqual([12 * H]);
    expect(arrivals(['BJS', 'SHA'])).toEqual([12 * H]);
    expect([...net.closedFor(['BJS'], cityOfStop)]).toEqual([0, 1, 1, 0]);
  });
});
