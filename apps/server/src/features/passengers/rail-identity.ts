import { type DocumentType, type RailIdentity, type RailStatus, railStatusOf, todayIso } from '@junction/domain';

export type { RailIdentity } from '@junction/domain';

/**
 * China Railway's verification of a traveller's identity (spec §3 rail statuses). The default is a
 * simulator; the China Railway account feature supplies an adapter that asks through the linked account.
 * A call may fail (the service is down or slow): the caller retries later.
 */
export interface RailIdentityVerifier {
  verify(identity: RailIdentity, signal?: AbortSignal): Promise<RailStatus>;
}

export type SimulatedRailIdentityOptions = {
  /** Time one answer takes. */
  latencyMs?: number;
  /** Share of calls that fail as an outage would (0 to 1). */
  failureRate?: number;
  random?: () => number;
  today?: () => string;
};

/** A believable stand-in for China Railway's identity check, with the rules 12306 applies (`railStatusOf`). */
export class SimulatedRailIdentityVerifier implements RailIdentityVerifier {
  constructor(private readonly options: SimulatedRailIdentityOptions = {}) {}

  async verify(identity: RailIdentity, signal?: AbortSignal): Promise<RailStatus> {
    const latency = this.options.latencyMs ?? 0;
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    signal?.throwIfAborted();
    if ((this.options.random ?? Math.random)() < (this.options.failureRate ?? 0)) {
      throw new Error('China Railway identity service did not answer');
    }
    return this.decide(identity);
  }

  private decide(identity: RailIdentity): RailStatus {
    return railStatusOf(identity, this.options.today?.() ?? todayIso());
  }
}

/** Which of a traveller's documents goes to the check: the ID card first, then what 12306 checks online. */
export const RAIL_DOCUMENT_PREFERENCE: readonly DocumentType[] = [
  'B',
  'I',
  'L',
  'M',
  'H',
  'K',
  'A',
  'G',
  'J',
  'D',
  'C',
  'E',
  'F',
];
