import { formatMoney, type RailDeskRequest } from '@junction/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { json, renderApp, stubApi } from '../../../../testing/render-app';
import { useRailDesk } from '../../lib/use-rail-desk';
import { RailDeskPanel } from './rail-desk-panel';

const station = (en: string, zh: string) => ({ en, 'zh-CN': zh });
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** A change waiting at the desk: 张伟's second-class ticket on G101 changed to G105 of the same day, 45.50 less. */
const change = (over: Partial<RailDeskRequest> = {}): RailDeskRequest => ({
  key: 'order-1:sub-2',
  kind: 'change',
  queuedAt: minutesAgo(75),
  dueAt: minutesAgo(-60),
  orderNumber: 'JN2612080001',
  trains: [{ legIndex: 0, number: 'G105', departureTime: '2026-12-08T09:00+08:00', seatClass: 'O' }],
  travellers: 1,
  passengers: [{ position: 0, name: '张伟' }],
  replaces: [
    {
      ticketNumber: 'E1234567891010042',
      travellerPosition: 0,
      number: 'G101',
      departureTime: '2026-12-08T07:00+08:00',
      seatClass: 'O',
      coach: '03',
      seat: '08A',
    },
  ],
  change: {
    from: {
      number: 'G101',
      from: station('Beijing South', '北京南'),
      to: station('Shanghai Hongqiao', '上海虹桥'),
      departureTime: '2026-12-08T07:00+08:00',
      arrivalTime: '2026-12-08T11:38+08:00',
      seatClass: 'O',
    },
    to: {
      number: 'G105',
      from: station('Beijing South', '北京南'),
      to: station('Shanghai Hongqiao', '上海虹桥'),
      departureTime: '2026-12-08T09:00+08:00',
      arrivalTime: '2026-12-08T13:48+08:00',
      seatClass: 'O',
    },
    fareDifference: { amount: -4550, currency: 'CNY' },
  },
  ...over,
});

/** A later change of another order, and an issue the desk makes without the console (not a change: not listed). */
const later = change({
  key: 'order-3:sub-4',
  queuedAt: minutesAgo(5),
  orderNumber: 'JN2612080002',
  passengers: [{ position: 0, name: '李娜' }],
});
const issue = change({ key: 'order-5:sub-6', kind: 'issue', replaces: [], change: null, orderNumber: 'JN2612080003' });

function Desk() {
  return <RailDeskPanel desk={useRailDesk()} />;
}

/** The desk's API as the server answers it: the waiting items, and what complete and refuse do to them. */
function desk(items: RailDeskRequest[], complete: (body: unknown) => Response | undefined = () => undefined) {
  let waiting = [...items];
  const leave = (body: unknown) => {
    waiting = waiting.filter((r) => r.key !== (body as { key: string }).key);
    return json({ ok: true });
  };
  return stubApi({
    'GET /api/service/rail-desk': () => json({ items: waiting }),
    'POST /api/service/rail-desk/complete': (body) => complete(body) ?? leave(body),
    'POST /api/service/rail-desk/refuse': leave,
  });
}

const LANGUAGES = ['en', 'zh-CN'] as const;

describe('the ticket changes waiting at the agents’ desk', () => {
  it.each(LANGUAGES)(
    'lists each change: who, which order, both trains by station, the fare difference and the wait, newest last (%s)',
    async (language) => {
      desk([change(), issue, later]);
      renderApp([{ path: '/', element: <Desk /> }], { language });
      const t = i18next.getFixedT(language, 'chat');
      const seats = i18next.getFixedT(language, 'orders');
      const items = await screen.findAllByTestId('desk-item');
      // Only the changes, the longest waiting first.
      expect(items.map((i) => within(i).getByTestId('desk-traveller').textContent)).toEqual(['张伟', '李娜']);
      const first = within(items[0] as HTMLElement);
      expect(first.getByTestId('desk-order').textContent).toBe(t('desk.order', { number: 'JN2612080001' }));
      const old = first.getByTestId('desk-old').textContent ?? '';
      const next = first.getByTestId('desk-new').textContent ?? '';
      const [from, to] = language === 'en' ? ['Beijing South', 'Shanghai Hongqiao'] : ['北京南', '上海虹桥'];
      for (const text of [old, next]) {
        expect(text).toContain(from);
        expect(text).toContain(to);
        expect(text).toContain(seats('seats.O'));
        expect(text).not.toMatch(/VNP|AOH/);
      }
      expect(old).toContain('G101');
      expect(old).toContain('07:00');
      expect(old).toContain('11:38');
      expect(old).toContain(t('desk.coachSeat', { coach: '03', seat: '08A' }));
      expect(next).toContain('G105');
      expect(next).toContain('09:00');
      expect(next).toContain(language === 'en' ? 'Dec 8' : '12月8日');
      expect(first.getByTestId('desk-fare').textContent).toBe(
        t('desk.fareLess', { amount: formatMoney({ amountMinor: 4550, currency: 'CNY' }, language) }),
      );
      expect(first.getByTestId('waiting-time').textContent).toBe(
        t('service.waitingFor', { time: t('service.hm', { h: 1, m: 15 }) }),
      );
    },
  );

  it.each(LANGUAGES)('says so when no change is waiting (%s)', async (language) => {
    desk([issue]);
    renderApp([{ path: '/', element: <Desk /> }], { language });
    expect((await screen.findByTestId('desk-empty')).textContent).toContain(
      i18next.getFixedT(language, 'chat')('desk.empty'),
    );
  });

  it.each(LANGUAGES)(
    'completes a change with the new ticket: a wrong seat is named, the right one sent and the change leaves the list (%s)',
    async (language) => {
      const calls = desk([change(), later]);
      const user = userEvent.setup();
      renderApp([{ path: '/', element: <Desk /> }], { language });
      const t = i18next.getFixedT(language, 'chat');
      const errors = i18next.getFixedT(language, 'errors');
      const [first] = await screen.findAllByTestId('desk-item');
      await user.click(within(first as HTMLElement).getByTestId('desk-complete'));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByText(t('desk.completeTitle', { train: 'G105' }))).toBeTruthy();
      await user.type(within(dialog).getByTestId('desk-ticket-number'), 'e4455667781010042');
      await user.type(within(dialog).getByTestId('desk-coach'), '7');
      await user.type(within(dialog).getByTestId('desk-seat'), '12E');
      await user.click(screen.getByTestId('desk-confirm-complete'));
      expect((await within(dialog).findByTestId('desk-wrong-seat')).textContent).toBe(errors('field.seat'));
      expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

      await user.clear(within(dialog).getByTestId('desk-seat'));
      await user.type(within(dialog).getByTestId('desk-seat'), '12f');
      await user.click(screen.getByTestId('desk-confirm-complete'));
      await waitFor(() => expect(screen.getAllByTestId('desk-item')).toHaveLength(1));
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        key: 'order-1:sub-2',
        tickets: [{ legIndex: 0, travellerPosition: 0, ticketNumber: 'E4455667781010042', coach: '07', seat: '12F' }],
      });
      expect(screen.getByTestId('desk-traveller').textContent).toBe('李娜');
      expect(screen.getByTestId('desk-done').textContent).toContain(t('desk.completed'));
    },
  );

  it.each(LANGUAGES)('shows the railway’s own objection to a ticket in the agent’s language (%s)', async (language) => {
    desk([change()], () =>
      json({ errorCode: 1000, errorContent: 'The request is not valid.', params: { field: 'ticketNumber' } }, 400),
    );
    const user = userEvent.setup();
    renderApp([{ path: '/', element: <Desk /> }], { language });
    await user.click(await screen.findByTestId('desk-complete'));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByTestId('desk-ticket-number'), 'E4455667781010042');
    await user.type(within(dialog).getByTestId('desk-coach'), '07');
    await user.type(within(dialog).getByTestId('desk-seat'), '12F');
    await user.click(screen.getByTestId('desk-confirm-complete'));
    expect((await within(dialog).findByTestId('form-error')).textContent).toContain(
      i18next.getFixedT(language, 'errors')('field.ticketNumber'),
    );
    expect(screen.getAllByTestId('desk-item')).toHaveLength(1);
  });

  it.each(LANGUAGES)(
    'refuses a change for the reason the agent picks, and the change leaves the list (%s)',
    async (language) => {
      const calls = desk([change()]);
      const user = userEvent.setup();
      renderApp([{ path: '/', element: <Desk /> }], { language });
      const t = i18next.getFixedT(language, 'chat');
      await user.click(await screen.findByTestId('desk-refuse'));
      const dialog = await screen.findByRole('dialog');
      const confirm = screen.getByTestId('desk-confirm-refuse');
      // No reason, no refusal.
      expect((confirm as HTMLButtonElement).disabled).toBe(true);
      await user.click(within(dialog).getByText(t('desk.reasons.sold-out')));
      await user.click(confirm);
      expect(await screen.findByTestId('desk-empty')).toBeTruthy();
      expect(calls.find((c) => c.method === 'POST')).toMatchObject({
        path: '/api/service/rail-desk/refuse',
        body: { key: 'order-1:sub-2', reason: 'sold-out' },
      });
      expect(screen.getByTestId('desk-done').textContent).toContain(t('desk.refused'));
    },
  );
});
