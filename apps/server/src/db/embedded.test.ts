import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../../test/global-setup';
import { openEmbeddedPostgres } from './embedded';

const answers = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('select 1 as one')).rows[0]?.one === 1;
  } finally {
    await client.end();
  }
};

describe('the embedded database for a command run beside the server', () => {
  it('is the server’s own while the server runs on the data directory, whatever port the command was given', async () => {
    const serverUrl = inject('databaseUrl');
    const tool = await openEmbeddedPostgres({ dataDir: inject('databaseDataDir'), port: await freePort() });
    expect(new URL(tool.url).port).toBe(new URL(serverUrl).port);
    expect(await answers(tool.url)).toBe(true);
    // The command is done: the server's database keeps running.
    await tool.stop();
    expect(await answers(serverUrl)).toBe(true);
  });
});
