import { AppError } from '@junction/domain';
import { describe, expect, it, vi } from 'vitest';
import { chatOrders } from './chat-orders';

const card = {
  id: 'o-1',
  orderNumber: 'J2612100001',
  createdAt: '2026-12-01T08:00:00+08:00',
  originName: '北京',
  destinationName: '上海',
  places: [],
  kind: 'train',
  status: 1,
  paymentStatus: 2,
  payment: null,
  departureTime: '2026-12-10T08:00:00+08:00',
  arrivalTime: '2026-12-10T12:30:00+08:00',
  waitlist: null,
};

describe('the chat’s view of orders', () => {
  it('shows a card of the traveller’s own order without travellers, contact, legs or fees', async () => {
    const full = {
      ...card,
      travellers: [{ name: '李娜' }],
      contact: { email: 'a@b.c' },
      legs: [],
      bounds: [],
      fees: [],
      subOrders: [],
    };
    const orders = { get: vi.fn(async () => full), list: vi.fn() };
    expect(await chatOrders(orders as never).card('u-1', 'o-1')).toEqual(card);
    expect(orders.get).toHaveBeenCalledWith('u-1', 'o-1');
  });

  it('shows no card of an order that is not the traveller’s, and passes on any other failure', async () => {
    const notFound = { get: async () => Promise.reject(new AppError('ORDER_NOT_FOUND')), list: vi.fn() };
    expect(await chatOrders(notFound as never).card('u-2', 'o-1')).toBeUndefined();
    const broken = { get: async () => Promise.reject(new Error('database down')), list: vi.fn() };
    await expect(chatOrders(broken as never).card('u-1', 'o-1')).rejects.toThrow('database down');
  });

  it('lists the ten most recent orders, without the travellers’ names', async () => {
    const list = vi.fn(async () => ({ items: [{ ...card, travellerNames: ['李娜'] }], total: 1 }));
    expect(await chatOrders({ get: vi.fn(), list } as never).recent('u-1')).toEqual([card]);
    expect(list).toHaveBeenCalledWith('u-1', { filter: 'all', page: 1, pageSize: 10 });
  });
});
