import type { SearchCriteria, SearchResult } from '@junction/domain';
import type { Redis } from 'ioredis';
import {
  type EntryBody,
  entryOf,
  entryText,
  type SearchStore,
  type SessionMeta,
  type SessionRead,
  TOMBSTONE_MS,
} from '../search-store';

/**
 * Search sessions in Redis (`REDIS_URL`): any process answers a pull of a search another started. Per
 * session: its meta, the list of its changes (each supplier's answer as one text, each re-quoted price;
 * a change's number is its place in the list), its count of answers and the suppliers that failed, all
 * expiring with the session; the criteria stay a day longer for a re-run. Writers only append, so
 * answers arriving at once never conflict.
 */
export class RedisSearchStore implements SearchStore {
  constructor(
    private readonly redis: Redis,
    private readonly now: () => number,
    private readonly prefix = 'junction:search:',
  ) {}

  private keys(id: string) {
    // One hash tag per session: its keys live together on a Redis cluster too.
    const base = `${this.prefix}{${id}}`;
    return {
      meta: `${base}:meta`,
      entries: `${base}:entries`,
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

  private async add(id: string, entry: EntryBody, answered: number): Promise<number | undefined> {
    const meta = await this.meta(id);
    if (!meta) return undefined;
    const k = this.keys(id);
    const replies = await this.redis
      .multi()
      .rpush(k.entries, entryText(entry))
      .hincrby(k.state, 'answered', answered)
      .pexpire(k.entries, this.ttl(meta))
      .pexpire(k.state, this.ttl(meta))
      .exec();
    // The list's new length is the change's number.
    const length = replies?.[0]?.[1];
    return typeof length === 'number' ? length : undefined;
  }

  async answer(
    id: string,
    supplier: string,
    results: SearchResult[] | 'failed',
    resultsJson = results === 'failed' ? '' : JSON.stringify(results),
  ): Promise<number | undefined> {
    if (results !== 'failed') return this.add(id, { kind: 'answer', supplier, resultsJson }, 1);
    const meta = await this.meta(id);
    if (!meta) return undefined;
    const k = this.keys(id);
    await this.redis
      .multi()
      .rpush(k.failed, supplier)
      .hincrby(k.state, 'answered', 1)
      .pexpire(k.failed, this.ttl(meta))
      .pexpire(k.state, this.ttl(meta))
      .exec();
  }

  async read(id: string, after: number, now: number): Promise<SessionRead | undefined> {
    const k = this.keys(id);
    const from = Math.max(0, Math.trunc(Math.min(after, 2 ** 31)));
    // One transaction: the count, the failures and the changes agree.
    const replies = await this.redis
      .multi()
      .get(k.meta)
      .hget(k.state, 'answered')
      .lrange(k.failed, 0, -1)
      .llen(k.entries)
      .lrange(k.entries, from, -1)
      .exec();
    const value = (i: number) => replies?.[i]?.[1];
    const rawMeta = value(0) as string | null;
    if (!rawMeta) return undefined;
    const meta = JSON.parse(rawMeta) as SessionMeta;
    if (meta.expiresAt <= now) return undefined;
    const texts = (value(4) as string[] | undefined) ?? [];
    return {
      meta,
      answered: Number(value(1) ?? 0),
      failed: (value(2) as string[] | undefined) ?? [],
      entries: texts.map((text, i) => entryOf(text, from + i + 1)),
      seq: Number(value(3) ?? 0),
    };
  }

  async reprice(id: string, resultId: string, amount: number): Promise<void> {
    await this.add(id, { kind: 'reprice', resultId, amount }, 0);
  }

  async expired(id: string): Promise<SearchCriteria | undefined> {
    const k = this.keys(id);
    const [meta, criteria] = await this.redis.mget(k.meta, k.criteria);
    if (meta && (JSON.parse(meta) as SessionMeta).expiresAt > this.now()) return undefined;
    return criteria ? (JSON.parse(criteria) as SearchCriteria) : undefined;
  }
}
