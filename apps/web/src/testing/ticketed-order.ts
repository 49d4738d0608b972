import {
  type AirType,
  type IssuedTicketView,
  ORDER_STATUS,
  type Order,
  type OrderFulfilment,
  SUB_ORDER_STATUS,
} from '@junction/domain';

export const TICKETED_SUB_ORDER = '00000000-0000-4000-8000-000000000001';
const ORDER = '00000000-0000-4000-8000-000000000002';

/**
 * A ticketed order of one ride (flight MU5101 or train G1, leaving at 08:00) as the order page reads it, and its
 * issued tickets: one a traveller, numbered `78123456789<position>`, in seat `3<position>A` (coach 05 on a train).
 */
export function ticketedOrder(
  type: 'flight' | 'railway',
  {
    travellers = [
      ['Wang Fang', 'ADULT'],
      ['Wang Lei', 'TEEN'],
    ],
    gate = null,
  }: { travellers?: [name: string, airType: AirType][]; gate?: string | null } = {},
): { order: Order; fulfilment: OrderFulfilment } {
  const ticket = (position: number): IssuedTicketView => ({
    subOrderId: TICKETED_SUB_ORDER,
    legIndex: 0,
    travellerPosition: position,
    supplier: type === 'flight' ? 'air' : 'rail',
    bookingReference: 'K7Q2MX',
    ticketNumber: `78123456789${position}`,
    seat: `3${position}A`,
    coach: type === 'railway' ? '05' : null,
    berth: null,
    gate,
  });
  const order = {
    id: ORDER,
    status: ORDER_STATUS.TICKETED,
    travellers: travellers.map(([name, airType]) => ({
      passengerId: null,
      name,
      airType,
      railType: type === 'railway' ? ('ADULT' as const) : null,
      documentType: 'PASSPORT',
      documentMasked: 'E1****78',
    })),
    legs: [
      {
        kind: type === 'flight' ? 'air' : 'land',
        number: type === 'flight' ? 'MU5101' : 'G1',
        departureTime: '2030-05-01T08:00:00+08:00',
        arrivalTime: '2030-05-01T10:15:00+08:00',
      },
    ],
    scheduleChanges: [],
    cancelledLegs: [],
    subOrders: [
      {
        id: TICKETED_SUB_ORDER,
        type,
        status: SUB_ORDER_STATUS.TICKETED,
        legs: [0],
        flightNumber: type === 'flight' ? 'MU5101' : 'G1',
        confirmationCode: 'K7Q2MX',
        price: { amount: 180_000, currency: 'CNY' },
        ticketing: null,
        serviceFee: null,
      },
    ],
  } as unknown as Order;
  const fulfilment = {
    orderId: ORDER,
    ticketingHours: 2,
    ticketingBy: null,
    paidAt: null,
    tickets: travellers.map((_, position) => ticket(position)),
    refunds: [],
    changes: [],
    receipt: null,
  } satisfies OrderFulfilment;
  return { order, fulfilment };
}
