import type { SearchCriteria } from '@junction/domain';
import type { Redis } from 'ioredis';
import {
  type AnswerClaim,
  type AnswerInto,
  type EntryBody,
  entryOf,
  entryText,
  type SearchStore,
  type SessionMeta,
  type SessionRead,
  TOMBSTONE_MS,
} from '../search-store';
import { packAnswer, unpackAnswer } from './packed-answer';

/**
 * Search sessions in Redis (`REDIS_URL`): any process answers a pull of a search another started. Per
 * session: its meta, the list of its changes (each supplier's answer as the id of the answer stored once
 * and shared by the sessions asking the same, each re-quoted price;
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

  async answer(id: string, supplier: string, answer: string | 'failed'): Promise<number | undefined> {
    if (answer !== 'failed') return this.add(id, { kind: 'answer', supplier, answerId: answer }, 1);
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

  /**
   * The key naming a request's current answer, `p:id:until` pending (until the claim runs out) or
   * `d:id:until` stored (reused until then), by the store's clock; and an answer's text.
   */
  private claimKey = (key: string) => `${this.prefix}answer-key:${key}`;
  private answerKey = (id: string) => `${this.prefix}answer:${id}`;

  async claimAnswer(key: string, id: string, pendingUntil: number): Promise<AnswerClaim> {
    const now = this.now();
    const mine = `p:${id}:${pendingUntil}`;
    // Taken over only when the key's answer is no longer to be reused or its claim ran out.
    const value = (await this.redis.eval(
      `local v = redis.call('get', KEYS[1])
       if v then
         local u = tonumber(string.match(v, ':(%d+)$'))
         if u and u > tonumber(ARGV[2]) then return v end
       end
       redis.call('set', KEYS[1], ARGV[1], 'PX', ARGV[3])
       return ARGV[1]`,
      1,
      this.claimKey(key),
      mine,
      String(now),
      String(Math.max(1, pendingUntil - now)),
    )) as string;
    if (value === mine) return { id, state: 'mine' };
    const [state, known] = value.split(':');
    return { id: known as string, state: state === 'd' ? 'done' : 'pending' };
  }

  async storeAnswer(
    id: string,
    key: string | undefined,
    resultsJson: Buffer | 'failed',
    reusableUntil: number,
    keepUntil: number,
    into?: AnswerInto,
  ): Promise<number | undefined> {
    const now = this.now();
    if (resultsJson !== 'failed')
      await this.redis.set(this.answerKey(id), await packAnswer(resultsJson), 'PX', Math.max(1, keepUntil - now));
    // Only while the claim is still this one's: stored and reusable, or given up.
    if (key !== undefined) await this.settleClaim(id, key, resultsJson === 'failed', reusableUntil, now);
    return resultsJson !== 'failed' && into ? this.answer(into.session, into.supplier, id) : undefined;
  }

  private async settleClaim(id: string, key: string, failed: boolean, reusableUntil: number, now: number) {
    await this.redis.eval(
      `local v = redis.call('get', KEYS[1])
       if not v or string.sub(v, 1, #ARGV[1]) ~= ARGV[1] then return 0 end
       if ARGV[2] == '' or tonumber(ARGV[3]) <= 0 then return redis.call('del', KEYS[1]) end
       return redis.call('set', KEYS[1], ARGV[2], 'PX', ARGV[3])`,
      1,
      this.claimKey(key),
      `p:${id}:`,
      failed ? '' : `d:${id}:${reusableUntil}`,
      String(Math.trunc(reusableUntil - now)),
    );
  }

  async answerState(id: string, key: string): Promise<'done' | 'pending' | 'failed'> {
    const replies = await this.redis.multi().exists(this.answerKey(id)).get(this.claimKey(key)).exec();
    if (replies?.[0]?.[1] === 1) return 'done';
    const claim = replies?.[1]?.[1];
    const prefix = `p:${id}:`;
    return typeof claim === 'string' && claim.startsWith(prefix) && Number(claim.slice(prefix.length)) > this.now()
      ? 'pending'
      : 'failed';
  }

  async storedAnswers(ids: readonly string[]): Promise<Map<string, Buffer>> {
    if (ids.length === 0) return new Map();
    const stored = await this.redis.mgetBuffer(...ids.map((id) => this.answerKey(id)));
    const found = new Map<string, Buffer>();
    await Promise.all(
      stored.map(async (value, i) => {
        if (value !== null) found.set(ids[i] as string, await unpackAnswer(value));
      }),
    );
    return found;
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
