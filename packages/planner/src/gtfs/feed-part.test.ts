import { describe, expect, it } from 'vitest';
import { feedTouching } from './feed-part';
import type { GtfsFeed } from './read-gtfs';

const stop = (id: string) => ({ id, name: id, lat: 0, lon: 0 });
const call = (stopId: string, at: number) => ({ stopId, arrival: at, departure: at });
const trip = (id: string) => ({ id, routeId: 'R', serviceId: 'S', shortName: id });

/** Beijing–Shanghai and Shanghai–Hangzhou touch Shanghai; Paris–Lyon does not. */
const feed: GtfsFeed = {
  agencies: new Map([['A', { timezone: 'Asia/Shanghai' }]]),
  stops: ['PEK', 'SHA', 'HGH', 'CDG', 'LYS', 'NRT'].map(stop),
  routes: new Map([['R', { agencyId: 'A', type: 1100, shortName: 'R' }]]),
  trips: [trip('PEK-SHA'), trip('SHA-HGH'), trip('CDG-LYS')],
  stopTimes: new Map([
    ['PEK-SHA', [call('PEK', 0), call('SHA', 7_200)]],
    ['SHA-HGH', [call('SHA', 10_000), call('HGH', 13_600)]],
    ['CDG-LYS', [call('CDG', 0), call('LYS', 3_600)]],
  ]),
  calendar: new Map([['S', { days: 127, start: '20260101', end: '20261231' }]]),
};

describe('the part of a feed touching some stops', () => {
  it('keeps the trips calling at one of them, and only the stops those trips call at', () => {
    const part = feedTouching(feed, (id) => id === 'SHA');
    expect(part.trips.map((t) => t.id)).toEqual(['PEK-SHA', 'SHA-HGH']);
    expect(part.stops.map((s) => s.id)).toEqual(['PEK', 'SHA', 'HGH']);
    expect([...part.stopTimes.keys()]).toEqual(['PEK-SHA', 'SHA-HGH']);
    expect(part.calendar).toBe(feed.calendar);
  });

  it('keeps nothing when no trip calls at a stop kept', () => {
    const part = feedTouching(feed, (id) => id === 'NRT');
    expect([part.trips, part.stops, [...part.stopTimes.keys()]]).toEqual([[], [], []]);
  });
});
