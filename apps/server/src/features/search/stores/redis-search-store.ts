import type { SearchCriteria, SearchResult } from '@junction/domain';
import type { Redis } from 'ioredis';
import {
  MAX_RESULTS,
  mergeOffer,
  type SearchStore,
  type SessionMeta,
  type SessionRead,
  TOMBSTONE_MS,
} from '../search-store';

/**
 * Writes merged results only if none of them changed since they were read (compare and set), appends
 * their ids to the update log and counts the answer; every key of the session expires with it.
 * KEYS: meta, results, log, state. ARGV: time to live (ms), max results, count answer (1/0), then per
 * result: id, known (1/0), expected body, new body. Answers 1 when written, 0 on a conflict, -1 when the
 * session is gone.
 */
const WRITE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
local n = (#ARGV - 3) / 4
for i = 0, n - 1 do
  local id = ARGV[4 + i * 4]
  local current = redis.call('HGET', KEYS[2], id)
  if ARGV[5 + i * 4] == '1' then
    if current ~= ARGV[6 + i * 4] then return 0 end
  elseif current then
    return 0
  end
end
local count = redis.call('HLEN', KEYS[2])
local max = tonumber(ARGV[2])
for i = 0, n - 1 do
  local id = ARGV[4 + i * 4]
  local isNew = ARGV[5 + i * 4] ~= '1'
  if (not isNew) or count < max then
    if isNew then count = count + 1 end
    redis.call('HSET', KEYS[2], id, ARGV[7 + i * 4])
    redis.call('RPUSH', KEYS[3], id)
  end
end
if ARGV[3] == '1' then redis.call('HINCRBY', KEYS[4], 'answered', 1) end
for k = 2, 4 do redis.call('PEXPIRE', KEYS[k], ARGV[1]) end
return 1
`;

type Write = { id: string; expected: string | undefined; body: string };

/**
 * Search sessions in Redis (`REDIS_URL`): any process answers a pull of a search another started. Per
 * session: its meta, a hash of results, a log of changed result ids (a pull's cursor is a position in
 * it) and its counts, all expiring with the session; the criteria stay a day longer for a re-run.
 */
export class RedisSearchStore implements SearchStore {
  constructor(
    private readonly redis: Redis,
    private readonly now: () => number,
    private readonly prefix = 'junction:search:',
  ) {
    if (!('searchWrite' in redis)) redis.defineCommand('searchWrite', { numberOfKeys: 4, lua: WRITE });
  }

  private keys(id: string) {
    // One hash tag per session: its keys live together on a Redis cluster too.
    const base = `${this.prefix}{${id}}`;
    return {
      meta: `${base}:meta`,
      results: `${base}:results`,
      log: `${base}:log`,
      state: `${base}:state`,
      failed: `${base}:failed`,
      criteria: `${base}:criteria`,
    };
  }

  private async meta(id: string): Promise<SessionMeta | undefined> {
    const raw = await this.redis.get(this.keys(id).meta);
    return raw ? (JSON.parse(raw) as SessionMeta) : undefined;
  }

  async create(meta: SessionMeta): Promise<void> {
    const k = this.keys(meta.id);
    await this.redis
      .multi()
      .set(k.meta, JSON.stringify(meta), 'PX', this.ttl(meta))
      .set(k.criteria, JSON.stringify(meta.criteria), 'PX', this.ttl(meta) + TOMBSTONE_MS)
      .exec();
  }

  /**
   * What is left of a session's life by the store's clock: keys expire after it in Redis's time, and
   * every read checks the session's end by the store's clock as well.
   */
  private ttl(meta: SessionMeta): number {
    return Math.max(1000, meta.expiresAt - this.now());
  }

  private async write(id: string, ttlMs: number, writes: Write[], countAnswer: boolean): Promise<number> {
    const k = this.keys(id);
    const args: (string | number)[] = [ttlMs, MAX_RESULTS, countAnswer ? '1' : '0'];
    for (const w of writes) args.push(w.id, w.expected === undefined ? '0' : '1', w.expected ?? '', w.body);
    const run = (this.redis as unknown as { searchWrite: (...a: (string | number)[]) => Promise<number> }).searchWrite;
    return run.call(this.redis, k.meta, k.results, k.log, k.state, ...args);
  }

  async answer(id: string, supplier: string, results: SearchResult[] | 'failed'): Promise<void> {
    const meta = await this.meta(id);
    if (!meta) return;
    const k = this.keys(id);
    if (results === 'failed') {
      await this.redis
        .multi()
        .rpush(k.failed, supplier)
        .hincrby(k.state, 'answered', 1)
        .pexpire(k.failed, this.ttl(meta))
        .pexpire(k.state, this.ttl(meta))
        .exec();
      return;
    }
    const ids = [...new Set(results.map((r) => r.id))];
    // Another writer (a re-pricing) may change a result between the read and the write: read again then.
    for (let attempt = 0; attempt < 20; attempt++) {
      const current = ids.length > 0 ? await this.redis.hmget(k.results, ...ids) : [];
      const known = new Map<string, string>();
      ids.forEach((rid, i) => {
        const body = current[i];
        if (body) known.set(rid, body);
      });
      const merged = new Map<string, SearchResult>();
      for (const r of results) {
        const before =
          merged.get(r.id) ?? (known.has(r.id) ? (JSON.parse(known.get(r.id) as string) as SearchResult) : undefined);
        merged.set(r.id, before ? mergeOffer(before, r, supplier) : r);
      }
      const writes = [...merged.entries()].map(([rid, r]) => ({
        id: rid,
        expected: known.get(rid),
        body: JSON.stringify(r),
      }));
      if ((await this.write(id, this.ttl(meta), writes, true)) !== 0) return;
    }
    throw new Error(`search ${id}: results kept changing while an answer was merged`);
  }

  async read(id: string, cursor: number, now: number): Promise<SessionRead | undefined> {
    const k = this.keys(id);
    const from = Math.max(0, Math.trunc(cursor));
    const replies = await this.redis
      .multi()
      .get(k.meta)
      .hget(k.state, 'answered')
      .lrange(k.failed, 0, -1)
      .llen(k.log)
      .lrange(k.log, from, -1)
      .exec();
    const value = (i: number) => replies?.[i]?.[1];
    const rawMeta = value(0) as string | null;
    if (!rawMeta) return undefined;
    const meta = JSON.parse(rawMeta) as SessionMeta;
    if (meta.expiresAt <= now) return undefined;
    const changed = (value(4) as string[] | undefined) ?? [];
    // Each id once, in the order of its latest change.
    const order = new Map<string, number>();
    for (const [i, rid] of changed.entries()) order.set(rid, i);
    const ids = [...order.entries()].sort((a, b) => a[1] - b[1]).map(([rid]) => rid);
    const bodies = ids.length > 0 ? await this.redis.hmget(k.results, ...ids) : [];
    return {
      meta,
      answered: Number(value(1) ?? 0),
      failed: (value(2) as string[] | undefined) ?? [],
      resultsJson: bodies.filter((b): b is string => !!b).join(','),
      cursor: Number(value(3) ?? 0),
    };
  }

  async result(id: string, resultId: string, now: number) {
    const k = this.keys(id);
    const replies = await this.redis.multi().get(k.meta).hget(k.results, resultId).exec();
    const rawMeta = replies?.[0]?.[1] as string | null;
    const body = replies?.[1]?.[1] as string | null;
    if (!rawMeta || !body) return undefined;
    const meta = JSON.parse(rawMeta) as SessionMeta;
    if (meta.expiresAt <= now) return undefined;
    return { meta, result: JSON.parse(body) as SearchResult };
  }

  async reprice(id: string, resultId: string, amount: number): Promise<void> {
    const meta = await this.meta(id);
    if (!meta) return;
    for (let attempt = 0; attempt < 20; attempt++) {
      const body = await this.redis.hget(this.keys(id).results, resultId);
      if (!body) return;
      const r = JSON.parse(body) as SearchResult;
      const repriced = JSON.stringify({ ...r, price: { ...r.price, amount } });
      if ((await this.write(id, this.ttl(meta), [{ id: resultId, expected: body, body: repriced }], false)) !== 0)
        return;
    }
  }

  async expired(id: string): Promise<SearchCriteria | undefined> {
    const k = this.keys(id);
    const [meta, criteria] = await this.redis.mget(k.meta, k.criteria);
    if (meta && (JSON.parse(meta) as SessionMeta).expiresAt > this.now()) return undefined;
    return criteria ? (JSON.parse(criteria) as SearchCriteria) : undefined;
  }
}
