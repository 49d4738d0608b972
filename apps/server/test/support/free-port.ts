import net from 'node:net';

/** Ports each band holds, and the first band's first port: below the range the system hands out itself. */
const BAND = 400;
const FIRST = 20_000;
/** Bands up to the system's own range (32768 on Linux): one for the run's set-up, one for each worker. */
const BANDS = Math.floor((32_768 - FIRST) / BAND);

/** Ports this module has handed out, so that calls at once get different ones. */
let handed = 0;

/** True when nothing listens on the port on the loopback address. */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A TCP port nobody listens on at the moment, on the loopback address, for a server a test starts (a
 * server process, PostgreSQL, Redis). It comes from a band of ports of the test worker's own, below the
 * range the system hands out for any socket: between the check and the server's start, no other test's
 * server, started at once on another worker, can be given the same port and answer in its place.
 */
export async function freePort(): Promise<number> {
  // Vitest numbers its workers from 1 (`VITEST_POOL_ID`); the run's set-up, outside them, takes band 0.
  const worker = Number(process.env.VITEST_POOL_ID ?? 0);
  const start = FIRST + ((Number.isInteger(worker) ? worker : 0) % BANDS) * BAND;
  for (let tries = 0; tries < BAND; tries++) {
    const port = start + (handed++ % BAND);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port in ${start}–${start + BAND - 1}`);
}
