import type { AirType } from '@junction/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, stubApi } from '../../../testing/render-app';
import { ticketedOrder } from '../../../testing/ticketed-order';
import { PartyTag } from './party-tag';
import { TicketsCard } from './tickets-card';

afterEach(cleanup);

const LANGUAGES = ['en', 'zh-CN'] as const;
const YOUTH = { en: 'Youth', 'zh-CN': '青年' };

function showParty(types: AirType[], language: (typeof LANGUAGES)[number]) {
  stubApi({});
  renderApp([{ path: '/', element: <PartyTag types={types} /> }], { language });
}

describe("the party's type on the order page", () => {
  it.each([
    ['en', '1 adult, 1 child, 1 infant', '2 adults, 1 child', '1 adult, 1 youth'],
    ['zh-CN', '1成人、1儿童、1婴儿', '2成人、1儿童', '1成人、1青少年'],
  ] as const)(
    'counts the travellers of each type in a party of several, and names one type otherwise (%s)',
    (language, three, family, teen) => {
      showParty(['ADULT', 'CHILD', 'INFANT'], language);
      const tag = screen.getByTestId('party-type');
      expect(tag.getAttribute('data-type')).toBe('MIX');
      expect(tag.textContent).toBe(three);
      cleanup();

      showParty(['CHILD', 'ADULT', 'ADULT'], language);
      expect(screen.getByTestId('party-type').textContent).toBe(family);
      cleanup();

      showParty(['ADULT', 'ADULT'], language);
      expect(screen.getByTestId('party-type').getAttribute('data-type')).toBe('ADULT');
      expect(screen.getByTestId('party-type').textContent).toBe(language === 'en' ? 'Adult' : '成人');
      cleanup();

      // An adult with a teen booked as an adult is still a party of two types.
      showParty(['ADULT', 'TEEN'], language);
      expect(screen.getByTestId('party-type').textContent).toBe(teen);
    },
  );
});

function showTickets(type: 'flight' | 'railway', language: (typeof LANGUAGES)[number]) {
  stubApi({});
  const { order, fulfilment } = ticketedOrder(type);
  renderApp(
    [{ path: '/', element: <TicketsCard order={order} fulfilment={fulfilment} onRefund={() => undefined} /> }],
    { language },
  );
  return screen.getAllByTestId('ticket-row');
}

describe("a teen's flight ticket", () => {
  it.each(LANGUAGES)("carries the Youth label on the teen's row only (%s)", (language) => {
    const [adult, teen] = showTickets('flight', language);
    expect(within(teen as HTMLElement).getByTestId('ticket-label').textContent).toBe(YOUTH[language]);
    expect(within(adult as HTMLElement).queryByTestId('ticket-label')).toBeNull();
  });

  it.each(LANGUAGES)('carries no Youth label on a train, where a teen rides as an adult (%s)', (language) => {
    const rows = showTickets('railway', language);
    expect(rows).toHaveLength(2);
    expect(screen.queryByTestId('ticket-label')).toBeNull();
  });
});
