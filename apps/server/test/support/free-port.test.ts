import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port';

describe('ports for the servers a test starts', () => {
  it('are free, different when asked at once, and below the range the system hands out to any socket', async () => {
    const ports = await Promise.all(Array.from({ length: 8 }, () => freePort()));
    expect(new Set(ports).size).toBe(8);
    for (const port of ports) expect(port).toBeLessThan(32_768);
    // The same band for every call of one worker.
    expect(Math.max(...ports) - Math.min(...ports)).toBeLessThan(400);
    // A port taken meanwhile is passed over.
    const taken = net.createServer();
    const next = await freePort();
    await new Promise<void>((resolve) => taken.listen(next + 1, '127.0.0.1', resolve));
    const after = await freePort();
    expect(after).not.toBe(next + 1);
    await new Promise((resolve) => taken.close(resolve));
  });
});
