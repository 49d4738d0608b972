import { createHash, randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../../db/database';
import { chinaRailwayTickets, randomDigits } from '../../../lib/china-railway-tickets';
import { announceNews, type DelayOptions, drawDelays } from './delay-sim';
import {
  type IssuedTicket,
  type IssueRequest,
  type IssueResult,
  type ScheduleChange,
  type SupplierKind,
  type TicketIssuer,
  TicketingUnavailable,
} from './issuer';

export type SimulationOptions = {
  /** How long a request takes, in ms (a real airline answers in seconds, a queue may take minutes). */
  delayMs: number;
  /** Share of requests that fail (each try draws again). */
  failureRate: number;
  /** Share of flights and trains whose operator publishes a schedule change after issuing. */
  scheduleChangeRate?: number;
  /** How often operators run a service late after its tickets are issued, announced two hours before. */
  delays?: DelayOptions;
  random?: () => number;
};

/** IATA accounting prefixes: the first three digits of every e-ticket an airline issues. */
const AIRLINE_PREFIXES: Record<string, string> = {
  CA: '999',
  MU: '781',
  FM: '774',
  CZ: '784',
  HU: '880',
  '3U': '876',
  MF: '731',
  ZH: '479',
  HO: '018',
  '9C': '089',
  SC: '324',
  KN: '822',
  GS: '826',
  JD: '898',
  CX: '160',
  KA: '043',
  BR: '695',
  CI: '297',
  NH: '205',
  JL: '131',
  KE: '180',
  OZ: '988',
  SQ: '618',
  TG: '217',
  MH: '232',
  EK: '176',
  QR: '157',
  LH: '220',
  BA: '125',
  AF: '057',
  KL: '074',
  AA: '001',
  UA: '016',
  DL: '006',
};

/** The prefix of a known airline, else three digits derived from its code (stable per airline). */
export function airlinePrefix(carrier: string): string {
  const known = AIRLINE_PREFIXES[carrier.toUpperCase()];
  if (known) return known;
  const n = createHash('sha256').update(carrier).digest().readUInt16BE(0) % 900;
  return String(100 + n);
}

const LOCATOR_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const locator = () => Array.from({ length: 6 }, () => LOCATOR_CHARS[randomInt(0, LOCATOR_CHARS.length)]).join('');

/** Adds minutes to a local ISO time, keeping its offset. */
export function shiftLocal(iso: string, minutes: number): string {
  const offset = iso.slice(19); // "+08:00" or "Z"
  const ms = Date.parse(iso) + minutes * 60_000;
  const offMin =
    offset === 'Z' || offset === ''
      ? 0
      : (offset.startsWith('-') ? -1 : 1) * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6)));
  const local = new Date(ms + offMin * 60_000).toISOString().slice(0, 19);
  return `${local}${offset || 'Z'}`;
}

/**
 * Whether the operator changes this service's schedule, and by how many minutes: the same answer for the
 * same service and day.
 */
function changes(number: string, departure: string, rate: number): number | null {
  if (rate <= 0) return null;
  const h = createHash('sha256')
    .update(`${number}|${departure.slice(0, 10)}`)
    .digest();
  if (h.readUInt32BE(0) / 0xffffffff >= rate) return null;
  return 25 + (h.readUInt8(4) % 8) * 10; // 25 … 95 minutes later
}

/**
 * What the simulated suppliers share: their record of issued requests in PostgreSQL (`sim_ticket_issues`),
 * so a request sent again — after a crash, a timeout, a retry — answers what was issued the first time.
 */
abstract class SimulatedIssuer implements TicketIssuer {
  abstract readonly kind: SupplierKind;

  constructor(
    private readonly db: Db,
    private readonly options: SimulationOptions,
  ) {}

  protected abstract make(request: IssueRequest): IssuedTicket[];

  async issue(request: IssueRequest, signal?: AbortSignal): Promise<IssueResult> {
    const key = `${this.kind}:${request.key}`;
    const earlier = await this.find(key);
    if (earlier) return earlier;
    if (this.options.delayMs > 0) await sleep(this.options.delayMs, undefined, { signal });
    const random = this.options.random ?? Math.random;
    if (random() < this.options.failureRate) {
      throw new TicketingUnavailable(`${this.kind} supplier refused the request, try again`);
    }
    const scheduleChanges: ScheduleChange[] = [];
    for (const leg of request.legs) {
      const later =
        (await this.announced(leg.number, leg.departureTime)) ??
        changes(leg.number, leg.departureTime, this.options.scheduleChangeRate ?? 0.1);
      if (later) {
        scheduleChanges.push({
          legIndex: leg.index,
          departureTime: shiftLocal(leg.departureTime, later),
          arrivalTime: shiftLocal(leg.arrivalTime, later),
        });
      }
    }
    const result: IssueResult = { tickets: this.make(request), scheduleChanges };
    if (this.options.delays)
      await drawDelays(request.legs, this.options.delays, (d, runAt) => announceNews(this.db, d, runAt));
    await this.db
      .insertInto('simTicketIssues')
      .values({ requestKey: key, supplier: this.kind, response: JSON.stringify(result), createdAt: new Date() })
      .onConflict((oc) => oc.column('requestKey').doNothing())
      .execute();
    // Two tries at once: the one stored first is what was issued.
    return (await this.find(key)) ?? result;
  }

  /** A change set through the control for this service on its local day: minutes later, 0 for none. */
  private async announced(service: string, departure: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('simScheduleChanges')
      .select('minutes')
      .where('service', '=', service)
      .where('date', '=', departure.slice(0, 10))
      .executeTakeFirst();
    return row ? row.minutes : null;
  }

  private async find(key: string): Promise<IssueResult | undefined> {
    const row = await this.db
      .selectFrom('simTicketIssues')
      .select('response')
      .where('requestKey', '=', key)
      .executeTakeFirst();
    return row ? (row.response as IssueResult) : undefined;
  }
}

const SEAT_COLUMNS: Record<string, string[]> = {
  F: ['A', 'C', 'D', 'F'],
  C: ['A', 'C', 'D', 'G', 'H', 'K'],
  default: ['A', 'B', 'C', 'D', 'E', 'F', 'H', 'J', 'K'],
};

/**
 * Airlines: one record locator per booking, one 13-digit e-ticket per traveller and flight (the airline's
 * three-digit prefix and ten digits), and seats next to each other. Infants sit on a lap.
 */
export class SimulatedAirline extends SimulatedIssuer {
  readonly kind = 'air' as const;

  protected make(request: IssueRequest): IssuedTicket[] {
    const pnr = locator();
    const tickets: IssuedTicket[] = [];
    for (const leg of request.legs) {
      const cabin = leg.cabin === 'F' ? 'F' : leg.cabin === 'C' ? 'C' : 'default';
      const columns = SEAT_COLUMNS[cabin] ?? [];
      const firstRow = cabin === 'F' ? 1 : cabin === 'C' ? 3 : 11 + randomInt(0, 40);
      let n = randomInt(0, Math.max(1, columns.length - request.travellers.length));
      const prefix = airlinePrefix(leg.carrier);
      for (const t of request.travellers) {
        const seat =
          t.type === 'INFANT' ? null : `${firstRow + Math.floor(n / columns.length)}${columns[n % columns.length]}`;
        if (t.type !== 'INFANT') n++;
        tickets.push({
          legIndex: leg.index,
          travellerPosition: t.position,
          bookingReference: pnr,
          ticketNumber: `${prefix}${randomDigits(10)}`,
          seat,
          coach: null,
          berth: null,
          gate: null,
        });
      }
    }
    return tickets;
  }
}

/**
 * China Railway: an order number (E and nine digits) per booking, a ticket number per traveller and
 * train, the coach, the seat (number and letter) or the berth, and the check-in gate of the station.
 */
export class SimulatedRailway extends SimulatedIssuer {
  readonly kind = 'rail' as const;

  protected make(request: IssueRequest): IssuedTicket[] {
    return chinaRailwayTickets(request, () => randomInt(1, 4));
  }
}
