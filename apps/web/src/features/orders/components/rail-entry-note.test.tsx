import type { IssuedTicketView, Order } from '@junction/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render-app';
import { RailEntryNote } from './rail-entry-note';

/** An order's travellers as far as the note reads them: the type of document each booked with. */
const orderOf = (...documentTypes: string[]) =>
  ({ travellers: documentTypes.map((documentType) => ({ documentType })) }) as unknown as Order;
const ticketsOf = (...positions: number[]) =>
  positions.map((travellerPosition) => ({ travellerPosition }) as IssuedTicketView);

const cases = [
  ['en', 'B', 'Enter with your ID card'],
  ['zh-CN', 'B', '凭身份证进站'],
  ['en', 'A', 'Enter with the document you booked with, at a staffed gate'],
  ['zh-CN', 'A', '凭购票时所用的有效证件在人工通道进站'],
] as const;

describe('how a railway e-ticket is checked at the station, with no code to show', () => {
  it.each(cases)('(%s, document %s) says %s', async (language, document, says) => {
    stubApi({});
    renderApp([{ path: '/', element: <RailEntryNote order={orderOf(document)} tickets={ticketsOf(0)} /> }], {
      language,
    });
    expect((await screen.findByTestId('rail-entry')).textContent).toContain(says);
  });

  it.each([
    ['en', 'ID cards at the automatic gates, other documents at a staffed gate'],
    ['zh-CN', '身份证可刷自助闸机，其他证件请走人工通道'],
  ] as const)(
    'tells travellers who booked with an ID card and with another document apart (%s)',
    async (language, says) => {
      stubApi({});
      renderApp([{ path: '/', element: <RailEntryNote order={orderOf('B', 'A')} tickets={ticketsOf(0, 1)} /> }], {
        language,
      });
      expect((await screen.findByTestId('rail-entry')).textContent).toContain(says);
    },
  );
});
