import type { ResultLeg } from '@junction/domain';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render-app';
import { SELF_TRANSFER } from '../../../testing/search-fixtures';
import { Itinerary } from './itinerary';

afterEach(cleanup);

/** The airport express from Dongzhimen to the airport, as a door-to-door plan gives it: the number is the line's English name. */
const express: ResultLeg = {
  ...(SELF_TRANSFER.legs[0] as ResultLeg),
  kind: 'subway',
  carrier: 'METRO',
  carrierName: { en: 'Capital Airport Express', 'zh-CN': '首都机场线' },
  number: 'Capital Airport Express',
  departureTime: '2030-05-01T06:11:00+08:00',
  arrivalTime: '2030-05-01T06:31:00+08:00',
  durationMinutes: 20,
  separateTicket: false,
};
const legs = [express, ...SELF_TRANSFER.legs];

function rides(language: 'en' | 'zh-CN'): string[] {
  stubApi({});
  renderApp([{ path: '/', element: <Itinerary legs={legs} bounds={[{ start: 0, end: legs.length }]} /> }], {
    language,
  });
  return screen.getAllByTestId('leg').map((li) => li.textContent ?? '');
}

describe('the order’s itinerary', () => {
  it('names a metro line once, in Chinese on the Chinese page', () => {
    const [line, flight] = rides('zh-CN');
    expect(line).toContain('首都机场线');
    expect(line).not.toContain('Capital Airport Express');
    expect(flight).toContain('东方航空 MU5101');
  });

  it('names it once in English on the English page', () => {
    const [line] = rides('en');
    expect(line?.split('Capital Airport Express').length).toBe(2);
  });
});
