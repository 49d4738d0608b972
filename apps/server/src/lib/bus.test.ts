import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/harness';
import { type Channel, PgBus } from './bus';

const numbers: Channel<number> = {
  name: 'junction_bus_test',
  write: (n) => String(n),
  read: (payload) => (/^\d+$/.test(payload) ? Number(payload) : undefined),
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('the PostgreSQL bus', () => {
  it('delivers every event published at once to every process, in order, in fewer statements than events', async () => {
    const sender = new PgBus(database.url, numbers);
    const listener = new PgBus(database.url, numbers);
    const heard: number[] = [];
    const heardBySender: number[] = [];
    listener.subscribe((n) => heard.push(n));
    sender.subscribe((n) => heardBySender.push(n));
    await Promise.all([sender.start(), listener.start()]);
    const statements = vi.spyOn(pg.Pool.prototype, 'query');
    try {
      const sent = Array.from({ length: 50 }, (_, i) => i);
      await Promise.all(sent.map((n) => sender.publish(n)));
      const notifying = statements.mock.calls.filter(([text]) => String(text).includes('pg_notify')).length;
      expect(notifying).toBeGreaterThan(0);
      expect(notifying).toBeLessThan(sent.length);
      await vi.waitFor(() => expect(heard).toHaveLength(sent.length), { timeout: 10_000 });
      expect(heard).toEqual(sent);
      await vi.waitFor(() => expect(heardBySender).toEqual(sent), { timeout: 10_000 });

      // One event alone is sent at once, and events published while one is on its way follow it.
      await sender.publish(50);
      const next = [sender.publish(51), sender.publish(52)];
      await Promise.all(next);
      await vi.waitFor(() => expect(heard.slice(-3)).toEqual([50, 51, 52]), { timeout: 10_000 });
    } finally {
      statements.mockRestore();
      await Promise.all([sender.stop(), listener.stop()]);
    }
  });

  it('fails the publishing of events it could not send, and sends the next ones', async () => {
    const sender = new PgBus(database.url, numbers);
    const failing = vi.spyOn(pg.Pool.prototype, 'query').mockRejectedValueOnce(new Error('connection lost'));
    try {
      const first = [sender.publish(1), sender.publish(2)];
      await expect(Promise.all(first)).rejects.toThrow('connection lost');
      await expect(sender.publish(3)).resolves.toBeUndefined();
    } finally {
      failing.mockRestore();
      await sender.stop();
    }
  });
});
