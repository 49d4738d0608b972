import { type Kysely, sql } from 'kysely';
import type { Db } from '../../../db/database';

/**
 * Door-to-door plans between places' centres kept for every planner (`PlannerPool`): any process that plans
 * a pair of places on a day of a timetable's build leaves the journeys here, and the next search of that pair
 * on that day of the week, in any process, takes them instead of planning again.
 */
export interface KeptPlanStore {
  /** The plans kept under these keys (those not kept are missing). */
  read(keys: readonly string[]): Promise<Map<string, Uint8Array>>;
  /** Keeps plans under their keys; a key kept already keeps its plan. */
  write(plans: ReadonlyMap<string, Uint8Array>): Promise<void>;
  /** Lets go of plans made more than `KEEP_PLANS_MS` ago; how many went. */
  purge?(): Promise<number>;
}

/** How long a kept plan serves: a week, after which it is planned again (the feeds may have changed meanwhile). */
export const KEEP_PLANS_MS = 7 * 86_400_000;

/** Plans kept in this process's memory, the most recently kept at most `keep`: for a process alone. */
export class MemoryKeptPlans implements KeptPlanStore {
  private readonly plans = new Map<string, { plan: Uint8Array; madeAt: number }>();

  constructor(
    private readonly keep: number,
    private readonly now: () => number,
  ) {}

  /** Plans kept, serving or not. */
  get size(): number {
    return this.plans.size;
  }

  async read(keys: readonly string[]): Promise<Map<string, Uint8Array>> {
    const since = this.now() - KEEP_PLANS_MS;
    const found = new Map<string, Uint8Array>();
    for (const key of keys) {
      const kept = this.plans.get(key);
      if (kept && kept.madeAt > since) found.set(key, kept.plan);
    }
    return found;
  }

  async write(plans: ReadonlyMap<string, Uint8Array>): Promise<void> {
    const now = this.now();
    for (const [key, plan] of plans) {
      const kept = this.plans.get(key);
      if (kept && kept.madeAt > now - KEEP_PLANS_MS) continue;
      this.plans.delete(key);
      this.plans.set(key, { plan, madeAt: now });
    }
    while (this.plans.size > this.keep) this.plans.delete(this.plans.keys().next().value as string);
  }

  async purge(): Promise<number> {
    const since = this.now() - KEEP_PLANS_MS;
    let gone = 0;
    for (const [key, kept] of this.plans) {
      if (kept.madeAt > since) continue;
      this.plans.delete(key);
      gone++;
    }
    return gone;
  }
}

/** Plans kept in PostgreSQL (migration 0043) for every process; times from the caller's clock. */
export class PgKeptPlans implements KeptPlanStore {
  private readonly db: Kysely<unknown>;

  constructor(
    db: Db,
    private readonly now: () => number,
  ) {
    this.db = db as unknown as Kysely<unknown>;
  }

  async read(keys: readonly string[]): Promise<Map<string, Uint8Array>> {
    if (keys.length === 0) return new Map();
    const since = new Date(this.now() - KEEP_PLANS_MS);
    const { rows } = await sql<{ key: string; plan: Buffer }>`select key, plan from door_plans
      where key = any(${[...keys]}::text[]) and made_at > ${since}`.execute(this.db);
    return new Map(rows.map((r) => [r.key, new Uint8Array(r.plan.buffer, r.plan.byteOffset, r.plan.byteLength)]));
  }

  async write(plans: ReadonlyMap<string, Uint8Array>): Promise<void> {
    if (plans.size === 0) return;
    const at = this.now();
    const [now, since] = [new Date(at), new Date(at - KEEP_PLANS_MS)];
    const keys = [...plans.keys()];
    const bytes = keys.map((k) => Buffer.from(plans.get(k) as Uint8Array));
    // A plan kept and still serving stays; one past its time is replaced.
    await sql`insert into door_plans (key, plan, made_at)
      select key, plan, ${now} from unnest(${keys}::text[], ${bytes}::bytea[]) as p(key, plan)
      on conflict (key) do update set plan = excluded.plan, made_at = excluded.made_at
      where door_plans.made_at <= ${since}`.execute(this.db);
  }

  async purge(): Promise<number> {
    const gone = await sql`delete from door_plans where made_at <= ${new Date(this.now() - KEEP_PLANS_MS)}`.execute(
      this.db,
    );
    return Number(gone.numAffectedRows ?? 0n);
  }
}
