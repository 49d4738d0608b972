import { ERRORS, STUDENT_REFUSALS } from '@junction/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { json, renderApp, stubApi } from '../../../testing/render-app';
import { useBookingOffer } from '../api/orders';
import { useOrderCreation } from '../lib/use-booking';
import { OrderRefusal } from './order-refusal';

const refusal = (reason: string) =>
  new ApiError(422, {
    errorCode: ERRORS.NO_QUOTA.errorCode,
    errorContent: 'No quota',
    params: { type: 'STUDENT', reason },
  } as ConstructorParameters<typeof ApiError>[1]);

describe('a student ticket refused when the order is created', () => {
  it.each(['en', 'zh-CN'] as const)("says the railway's reason and takes the traveller to step 1 (%s)", (language) => {
    stubApi({});
    const t = i18next.getFixedT(language, 'orders');
    for (const reason of STUDENT_REFUSALS) {
      renderApp([{ path: '/', element: <OrderRefusal error={refusal(reason)} onFix={() => undefined} /> }], {
        language,
      });
      const box = screen.getByTestId('order-refusal');
      expect(box.textContent).toContain(t(`booking.travellers.studentRefusal.${reason}`));
      expect(box.getAttribute('data-step')).toBe('0');
      cleanup();
    }
  });
});

const short = (params: Record<string, unknown>) =>
  new ApiError(422, {
    errorCode: ERRORS.TICKETS_INSUFFICIENT.errorCode,
    errorContent: ERRORS.TICKETS_INSUFFICIENT.message,
    params,
  } as ConstructorParameters<typeof ApiError>[1]);
const insufficient = { en: 'Remaining tickets are insufficient.', 'zh-CN': '余票不足。' };

describe('a cabin or seat class without seats for the party when the order is created', () => {
  it.each(['en', 'zh-CN'] as const)(
    'says so in the language of the page, and where it can be put right (%s)',
    (language) => {
      stubApi({});
      const show = (error: ApiError) =>
        renderApp([{ path: '/', element: <OrderRefusal error={error} onFix={() => undefined} /> }], { language });

      // A flight's business cabin with two seats left: fewer travellers fit, on step 1.
      show(short({ cabin: 'C', remaining: 2 }));
      let box = screen.getByTestId('order-refusal');
      expect(box.textContent).toContain(insufficient[language]);
      expect(box.getAttribute('data-step')).toBe('0');
      expect(screen.getByTestId('cabin-seats-left').textContent).toBe(
        language === 'en'
          ? 'Only 2 left in Business on this flight: book for fewer travellers, or choose another flight.'
          : '该航班公务舱仅剩 2 个座位，请减少乘机人数或选择其他航班。',
      );
      cleanup();

      // Sold out, or a cabin the flight does not sell: nothing on the page helps, the message alone.
      show(short({ cabin: 'F', remaining: 0 }));
      expect(screen.queryByTestId('order-refusal')).toBeNull();
      expect(screen.getByTestId('form-error').textContent).toContain(insufficient[language]);
      cleanup();

      // A train's seat class: another class is chosen on step 3.
      show(short({}));
      box = screen.getByTestId('order-refusal');
      expect(box.textContent).toContain(insufficient[language]);
      expect(box.getAttribute('data-step')).toBe('2');
      cleanup();
    },
  );
});

function Creating() {
  useBookingOffer('s-1', 'r-1', true);
  const creation = useOrderCreation('s-1', 'r-1');
  return (
    <button
      type="button"
      data-testid="create"
      onClick={() =>
        creation.submit({ searchId: 's-1', resultId: 'r-1' } as Parameters<typeof creation.submit>[0], {
          totalMinor: 1,
          baggageMinor: 0,
        })
      }
    />
  );
}

describe('the booking offer after a refused student ticket', () => {
  it("is asked for again, so the passengers step shows the railway's fares as they are now", async () => {
    const calls = stubApi({
      'GET /api/booking/offer': () => json({}),
      'POST /api/order': () => json(refusal('noJourneysLeft').body, 422),
    });
    const offers = () => calls.filter((c) => c.path === '/api/booking/offer').length;
    renderApp([{ path: '/', element: <Creating /> }]);
    await waitFor(() => expect(offers()).toBe(1));
    fireEvent.click(screen.getByTestId('create'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/order')).toBe(true));
    await waitFor(() => expect(offers()).toBe(2));
    cleanup();
  });
});
