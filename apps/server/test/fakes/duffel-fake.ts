import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { duffelSignature } from '../../src/lib/duffel/signature';
import { type FakeSeat, fakeSeatMap, fakeSeats } from './duffel-fake-seats';

/*
 * A local stand-in for Duffel's flights API (version v2), as its documentation describes it: offer
 * requests answered with offers from a small timetable, offers fetched again with their services, orders
 * with travellers, documents, baggage and seats (`duffel-fake-seats.ts`), order cancellations with their refund quote, Duffel's error
 * bodies, and webhook events signed as Duffel signs them (`X-Duffel-Signature: t=…,v1=…`).
 */

export type FakeAirport = {
  iata: string;
  city: string;
  name: string;
  tz: string;
  lat: number;
  lon: number;
  country: string;
};
export type FakeFlight = {
  carrier: string;
  carrierName: string;
  number: string;
  from: string;
  to: string;
  /** Local departure, `HH:MM`, every day. */
  departs: string;
  minutes: number;
  /** An adult's fare in `currency`, in hundredths; children pay 75 %, infants 10 %. */
  adultMinor: number;
  refund: { allowed: boolean; penaltyMinor: number };
  change: { allowed: boolean; penaltyMinor: number };
  /** An extra checked bag, per traveller and flight, in hundredths (none when absent). */
  bagMinor?: number;
  /** A standard seat chosen on the seat map, in hundredths (no seat map when absent). */
  seatMinor?: number;
};

type Passenger = { id: string; type: 'adult' | 'child' | 'infant_without_seat'; age: number | null };
type Offer = Record<string, unknown> & { id: string; total_amount: string; passengers: Passenger[] };
type Order = Record<string, unknown> & { id: string; booking_reference: string; total_amount: string };

const id = (prefix: string) => `${prefix}_0000${randomBytes(9).toString('base64url').slice(0, 18)}`;
const amount = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
const minorOf = (a: string) => Math.round(Number(a) * 100);
const pad = (n: number) => String(n).padStart(2, '0');
const localPlus = (date: string, hhmm: string, minutes: number) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const t = new Date(`${date}T00:00:00Z`).getTime() + (h * 60 + m + minutes) * 60_000;
  const d = new Date(t);
  return `${d.toISOString().slice(0, 10)}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;
};
const error = (type: string, code: string, title: string, message: string) => ({
  type,
  code,
  title,
  message,
  documentation_url: `https://duffel.com/docs/api/overview/errors#${code}`,
});

export class DuffelFake {
  readonly offers = new Map<
    string,
    { offer: Offer; booked: boolean; bags: Map<string, number>; seats: FakeSeat[]; sliceOf: Map<string, string> }
  >();
  readonly orders = new Map<string, Order>();
  readonly cancellations = new Map<string, Record<string, unknown>>();
  /** Every request as it arrived. */
  readonly requests: { method: string; path: string; headers: IncomingMessage['headers']; body: unknown }[] = [];
  /**
   * The next answers of a path, in place of the fake's own (to play an outage or a refusal); with `lost`
   * the request takes effect and only its answer is replaced (a gateway failing on the way back).
   */
  readonly scripted: { method: string; path: RegExp; status: number; body: unknown; lost?: boolean }[] = [];
  private losing: { status: number; body: unknown } | undefined;
  /** When the last airline-initiated change was detected (each one is later than the one before). */
  private detected = 0;
  private server?: Server;
  port = 0;

  constructor(
    private readonly account: { token: string; currency: string; airports: FakeAirport[]; flights: FakeFlight[] },
  ) {}

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(port = 0): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        try {
          this.handle(req, Buffer.concat(chunks).toString('utf8'), res);
        } catch (e) {
          this.reply(res, 500, { errors: [error('api_error', 'internal_server_error', 'Error', String(e))] });
        }
      });
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private reply(res: ServerResponse, status: number, body: Record<string, unknown>): true {
    if (this.losing) {
      const lost = this.losing;
      this.losing = undefined;
      return this.reply(res, lost.status, lost.body as Record<string, unknown>);
    }
    const requestId = randomBytes(10).toString('hex');
    const payload = 'errors' in body ? { ...body, meta: { status, request_id: requestId } } : body;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': requestId });
    res.end(JSON.stringify(payload));
    return true;
  }

  private handle(req: IncomingMessage, raw: string, res: ServerResponse): true {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // The official client writes some paths with a trailing slash (`/air/offer_requests/`).
    url.pathname = url.pathname.replace(/(.)\/$/, '$1');
    const body = raw ? (JSON.parse(raw) as { data?: Record<string, unknown> }) : {};
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: `${url.pathname}${url.search}`, headers: req.headers, body });
    if (req.headers.authorization !== `Bearer ${this.account.token}`)
      return this.reply(res, 401, {
        errors: [error('authentication_error', 'invalid_token', 'Invalid token', 'The access token is not valid.')],
      });
    if (req.headers['duffel-version'] !== 'v2')
      return this.reply(res, 400, {
        errors: [
          error('invalid_request_error', 'unsupported_version', 'Unsupported version', 'Send Duffel-Version: v2.'),
        ],
      });
    const scripted = this.scripted.findIndex((s) => s.method === method && s.path.test(url.pathname));
    if (scripted >= 0) {
      const [s] = this.scripted.splice(scripted, 1);
      if (s?.lost) this.losing = { status: s.status, body: s.body };
      else return this.reply(res, s?.status ?? 500, s?.body as Record<string, unknown>);
    }
    const data = body.data ?? {};
    const p = url.pathname;
    const offer = /^\/air\/offers\/([\w-]+)$/.exec(p);
    const order = /^\/air\/orders\/([\w-]+)$/.exec(p);
    const confirm = /^\/air\/order_cancellations\/([\w-]+)\/actions\/confirm$/.exec(p);
    if (method === 'POST' && p === '/air/offer_requests') return this.offerRequest(data, res);
    if (method === 'GET' && offer)
      return this.getOffer(offer[1] as string, url.searchParams.get('return_available_services') === 'true', res);
    if (method === 'GET' && p === '/air/seat_maps') return this.seatMaps(url.searchParams.get('offer_id') ?? '', res);
    if (method === 'POST' && p === '/air/orders') return this.createOrder(data, res);
    if (method === 'GET' && order) {
      const found = this.orders.get(order[1] as string);
      return found ? this.reply(res, 200, { data: found }) : this.notFound(res);
    }
    if (method === 'GET' && p === '/air/orders') {
      const name = url.searchParams.getAll('passenger_name[]');
      const found = [...this.orders.values()].filter((o) =>
        (o.passengers as { family_name: string }[]).some((x) => name.length === 0 || name.includes(x.family_name)),
      );
      return this.reply(res, 200, { data: found, meta: { limit: 50, after: null, before: null } });
    }
    if (method === 'POST' && p === '/air/order_cancellations') return this.cancel(data, res);
    if (method === 'POST' && confirm) return this.confirm(confirm[1] as string, res);
    return this.notFound(res);
  }

  private notFound(res: ServerResponse): true {
    return this.reply(res, 404, {
      errors: [
        error(
          'invalid_request_error',
          'not_found',
          'Not found',
          'The resource you are trying to access does not exist.',
        ),
      ],
    });
  }

  private invalid(res: ServerResponse, code: string, message: string, status = 422): true {
    return this.reply(res, status, { errors: [error('invalid_request_error', code, 'Invalid request', message)] });
  }

  private airport(code: string) {
    return this.account.airports.find((a) => a.iata === code);
  }

  private place(code: string) {
    const a = this.airport(code);
    const cityAirports = this.account.airports.filter((x) => x.city === code);
    return a ? [a] : cityAirports;
  }

  private airportJson(a: FakeAirport) {
    return {
      type: 'airport',
      id: `arp_${a.iata.toLowerCase()}_${a.country.toLowerCase()}`,
      iata_code: a.iata,
      iata_city_code: a.city,
      iata_country_code: a.country,
      icao_code: null,
      name: a.name,
      city_name: a.city,
      time_zone: a.tz,
      latitude: a.lat,
      longitude: a.lon,
      city: null,
      airports: null,
    };
  }

  private offerRequest(data: Record<string, unknown>, res: ServerResponse): true {
    const slices = data.slices as { origin: string; destination: string; departure_date: string }[] | undefined;
    const asked = data.passengers as ({ type: 'adult' } | { age: number })[] | undefined;
    if (!slices?.length || !asked?.length || slices.some((s) => !s.origin || !s.destination || !s.departure_date))
      return this.invalid(res, 'validation_error', 'slices and passengers are required', 422);
    const passengers: Passenger[] = asked.map((x) => {
      const age = 'age' in x ? x.age : null;
      const type = age === null ? 'adult' : age < 2 ? 'infant_without_seat' : age < 12 ? 'child' : 'adult';
      return { id: id('pas'), type, age };
    });
    const cabin = (data.cabin_class as string | undefined) ?? 'economy';
    const options = slices.map((s) => {
      const from = this.place(s.origin).map((a) => a.iata);
      const to = this.place(s.destination).map((a) => a.iata);
      return this.account.flights
        .filter((f) => from.includes(f.from) && to.includes(f.to))
        .map((f) => ({ f, date: s.departure_date }));
    });
    let combos: { f: FakeFlight; date: string }[][] = [[]];
    for (const list of options) combos = combos.flatMap((c) => list.map((o) => [...c, o]));
    const offers = combos.filter((c) => c.length === slices.length).map((c) => this.makeOffer(c, passengers, cabin));
    const request = {
      id: id('orq'),
      live_mode: false,
      created_at: new Date().toISOString(),
      cabin_class: cabin,
      passengers,
      slices,
      offers,
    };
    return this.reply(res, 201, { data: request });
  }

  private makeOffer(combo: { f: FakeFlight; date: string }[], passengers: Passenger[], cabin: string): Offer {
    const share = (p: Passenger) => (p.type === 'adult' ? 1 : p.type === 'child' ? 0.75 : 0.1);
    const perFlight = (f: FakeFlight) => passengers.reduce((s, p) => s + Math.round(f.adultMinor * share(p)), 0);
    const total = combo.reduce((s, c) => s + perFlight(c.f), 0);
    const seated = passengers.filter((p) => p.type !== 'infant_without_seat').length;
    const condition = (k: 'refund' | 'change') => {
      const rules = combo.map((c) => c.f[k]);
      if (!rules.every((r) => r.allowed)) return { allowed: false, penalty_amount: null, penalty_currency: null };
      const penalty = rules.reduce((s, r) => s + r.penaltyMinor, 0) * seated;
      return { allowed: true, penalty_amount: amount(penalty), penalty_currency: this.account.currency };
    };
    const slices = combo.map(({ f, date }) => {
      const from = this.airport(f.from) as FakeAirport;
      const to = this.airport(f.to) as FakeAirport;
      const departing = localPlus(date, f.departs, 0);
      const segment = {
        id: id('seg'),
        origin: this.airportJson(from),
        destination: this.airportJson(to),
        departing_at: departing,
        arriving_at: localPlus(date, f.departs, f.minutes + this.offsetGap(from, to, `${date}T${f.departs}:00Z`)),
        duration: `PT${Math.floor(f.minutes / 60)}H${f.minutes % 60}M`,
        marketing_carrier: { iata_code: f.carrier, name: f.carrierName, id: `arl_${f.carrier}` },
        operating_carrier: { iata_code: f.carrier, name: f.carrierName, id: `arl_${f.carrier}` },
        marketing_carrier_flight_number: f.number,
        operating_carrier_flight_number: f.number,
        aircraft: { iata_code: '32N', name: 'Airbus A320neo', id: 'arc_32N' },
        origin_terminal: '2',
        destination_terminal: '1',
        distance: null,
        stops: [],
        passengers: passengers.map((p) => ({
          passenger_id: p.id,
          cabin_class: cabin,
          cabin_class_marketing_name: cabin === 'economy' ? 'Economy' : cabin,
          fare_basis_code: 'Y1FLEX',
          cabin: null,
          baggages: [
            { type: 'checked', quantity: p.type === 'infant_without_seat' ? 0 : 1 },
            { type: 'carry_on', quantity: 1 },
          ],
        })),
      };
      return {
        id: id('sli'),
        origin: this.airportJson(from),
        destination: this.airportJson(to),
        origin_type: 'airport',
        destination_type: 'airport',
        duration: segment.duration,
        fare_brand_name: 'Economy Flex',
        segments: [segment],
        conditions: {
          change_before_departure: condition('change'),
          advance_seat_selection: null,
          priority_boarding: null,
          priority_check_in: null,
        },
      };
    });
    const offer: Offer = {
      id: id('off'),
      live_mode: false,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
      total_amount: amount(total),
      total_currency: this.account.currency,
      base_amount: amount(Math.round(total * 0.85)),
      base_currency: this.account.currency,
      tax_amount: amount(total - Math.round(total * 0.85)),
      tax_currency: this.account.currency,
      total_emissions_kg: '120',
      owner: { iata_code: combo[0]?.f.carrier, name: combo[0]?.f.carrierName, id: `arl_${combo[0]?.f.carrier}` },
      passengers: passengers.map((p) => ({ ...p, fare_type: null, loyalty_programme_accounts: [] })),
      slices,
      conditions: { refund_before_departure: condition('refund'), change_before_departure: condition('change') },
      payment_requirements: {
        requires_instant_payment: true,
        price_guarantee_expires_at: null,
        payment_required_by: null,
      },
      passenger_identity_documents_required: true,
      supported_passenger_identity_document_types: ['passport'],
      partial: false,
      private_fares: [],
      supported_loyalty_programmes: [],
    };
    const bags = new Map<string, number>();
    const seatsFor = passengers.filter((p) => p.type !== 'infant_without_seat').map((p) => p.id);
    const seats = combo.flatMap(({ f }, i) =>
      f.seatMinor === undefined ? [] : fakeSeats(slices[i]?.segments[0]?.id ?? '', seatsFor, f.seatMinor, id),
    );
    const sliceOf = new Map(slices.map((s) => [s.segments[0]?.id ?? '', s.id]));
    this.offers.set(offer.id, { offer, booked: false, bags, seats, sliceOf });
    combo.forEach(({ f }, i) => {
      if (f.bagMinor === undefined) return;
      const segmentIds = [slices[i]?.segments[0]?.id ?? ''];
      for (const p of passengers) {
        if (p.type === 'infant_without_seat') continue;
        bags.set(`${id('ase')}|${p.id}|${segmentIds.join(',')}`, f.bagMinor);
      }
    });
    return offer;
  }

  /** Minutes between the local clocks of two airports at an instant (the fake's time zones are whole hours). */
  private offsetGap(from: FakeAirport, to: FakeAirport, at: string): number {
    const offset = (tz: string) => {
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' }).formatToParts(
        new Date(at),
      );
      const name = parts.find((x) => x.type === 'timeZoneName')?.value ?? 'GMT';
      const mm = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
      return mm ? (mm[1] === '-' ? -1 : 1) * (Number(mm[2]) * 60 + Number(mm[3])) : 0;
    };
    return offset(to.tz) - offset(from.tz);
  }

  private services(entry: { bags: Map<string, number> }) {
    return [...entry.bags.entries()].map(([key, price]) => {
      const [sid, passenger, segments] = key.split('|') as [string, string, string];
      return {
        id: sid,
        type: 'baggage',
        maximum_quantity: 2,
        passenger_ids: [passenger],
        segment_ids: segments.split(','),
        total_amount: amount(price),
        total_currency: this.account.currency,
        metadata: {
          type: 'checked',
          maximum_weight_kg: 23,
          maximum_height_cm: null,
          maximum_length_cm: null,
          maximum_depth_cm: null,
        },
      };
    });
  }

  /** The seat services of an offer as an order lists the ones it bought. */
  private seatServices(entry: { seats: FakeSeat[] }) {
    return entry.seats.map((s) => ({
      id: s.serviceId,
      type: 'seat',
      maximum_quantity: 1,
      passenger_ids: [s.passengerId],
      segment_ids: [s.segmentId],
      total_amount: amount(s.minor),
      total_currency: this.account.currency,
      metadata: { designator: s.designator, name: 'Seat', disclosures: [] },
    }));
  }

  /** The offer's slices with each passenger's seat bought on each segment (`passengers[].seat.designator`). */
  private seated(slices: unknown, seats: FakeSeat[], services: { id: string }[]) {
    type Slice = { segments: { id: string; passengers: { passenger_id: string; seat?: unknown }[] }[] };
    const copy = JSON.parse(JSON.stringify(slices)) as Slice[];
    for (const segment of copy.flatMap((s) => s.segments))
      for (const p of segment.passengers) {
        const bought = seats.find(
          (x) =>
            x.segmentId === segment.id &&
            x.passengerId === p.passenger_id &&
            services.some((s) => s.id === x.serviceId),
        );
        if (bought) p.seat = { designator: bought.designator, name: 'Seat', disclosures: [] };
      }
    return copy;
  }

  private getOffer(offerId: string, withServices: boolean, res: ServerResponse): true {
    const entry = this.offers.get(offerId);
    if (!entry) return this.notFound(res);
    if (entry.booked || Date.parse(entry.offer.expires_at as string) < Date.now())
      return this.invalid(res, 'offer_no_longer_available', 'The offer is no longer available.');
    return this.reply(res, 200, {
      data: { ...entry.offer, available_services: withServices ? this.services(entry) : [] },
    });
  }

  /** The offer's seat maps, one per segment that has one (none: the airline shows no seat map). */
  private seatMaps(offerId: string, res: ServerResponse): true {
    const entry = this.offers.get(offerId);
    if (!entry) return this.notFound(res);
    const segments = [...new Set(entry.seats.map((s) => s.segmentId))];
    const maps = segments.map((g) => fakeSeatMap(g, entry.sliceOf.get(g) ?? '', entry.seats, this.account.currency));
    return this.reply(res, 200, { data: maps });
  }

  /** An order's seat services, each seat for one passenger once; the error's message when one is not. */
  private seatProblem(entry: { seats: FakeSeat[] }, services: { id: string; quantity: number }[]): string | null {
    const chosen = services.flatMap((s) => entry.seats.filter((x) => x.serviceId === s.id).map((x) => ({ s, x })));
    const seen = new Set<string>();
    for (const { s, x } of chosen) {
      const key = `${x.segmentId}|${x.designator}`;
      const passenger = `${x.segmentId}|${x.passengerId}`;
      if (s.quantity !== 1 || seen.has(key) || seen.has(passenger)) return `seat ${x.designator} cannot be booked`;
      seen.add(key).add(passenger);
    }
    return null;
  }

  private createOrder(data: Record<string, unknown>, res: ServerResponse): true {
    const offerId = (data.selected_offers as string[] | undefined)?.[0] ?? '';
    const entry = this.offers.get(offerId);
    if (!entry) return this.notFound(res);
    if (entry.booked) return this.invalid(res, 'offer_no_longer_available', 'The offer has already been booked.');
    const offer = entry.offer;
    const given = (data.passengers ?? []) as Record<string, unknown>[];
    for (const p of offer.passengers) {
      const x = given.find((g) => g.id === p.id);
      const docs = (x?.identity_documents ?? []) as Record<string, string>[];
      const named =
        x && /^[A-Za-z' -]{1,20}$/.test(String(x.given_name)) && /^[A-Za-z' -]{1,20}$/.test(String(x.family_name));
      if (
        !x ||
        !named ||
        !x.born_on ||
        !x.gender ||
        !x.title ||
        !x.email ||
        !/^\+\d{6,15}$/.test(String(x.phone_number))
      )
        return this.invalid(res, 'validation_error', `passenger ${p.id} is incomplete`);
      if (
        docs.length !== 1 ||
        docs[0]?.type !== 'passport' ||
        !docs[0]?.unique_identifier ||
        !docs[0]?.expires_on ||
        !docs[0]?.issuing_country_code
      )
        return this.invalid(res, 'validation_error', `passenger ${p.id} needs one passport`);
    }
    const services = (data.services ?? []) as { id: string; quantity: number }[];
    const catalogue = [...this.services(entry), ...this.seatServices(entry)];
    const seatProblem = this.seatProblem(entry, services);
    if (seatProblem) return this.invalid(res, 'validation_error', seatProblem);
    let servicesMinor = 0;
    for (const s of services) {
      const found = catalogue.find((c) => c.id === s.id);
      if (!found || s.quantity < 1 || s.quantity > found.maximum_quantity)
        return this.invalid(res, 'validation_error', `service ${s.id} is not available`);
      servicesMinor += minorOf(found.total_amount) * s.quantity;
    }
    const total = minorOf(offer.total_amount) + servicesMinor;
    const payment = (data.payments as { type: string; amount: string; currency: string }[] | undefined)?.[0];
    if (
      data.type !== 'instant' ||
      !payment ||
      payment.type !== 'balance' ||
      minorOf(payment.amount) !== total ||
      payment.currency !== this.account.currency
    )
      return this.invalid(res, 'validation_error', `pay ${amount(total)} ${this.account.currency} from the balance`);
    entry.booked = true;
    const order: Order = {
      id: id('ord'),
      live_mode: false,
      created_at: new Date().toISOString(),
      booking_reference: Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[randomInt(0, 32)]).join(''),
      total_amount: amount(total),
      total_currency: this.account.currency,
      base_amount: offer.base_amount,
      base_currency: offer.base_currency,
      tax_amount: offer.tax_amount,
      tax_currency: offer.tax_currency,
      owner: offer.owner,
      slices: this.seated(offer.slices, entry.seats, services),
      conditions: offer.conditions,
      metadata: data.metadata ?? {},
      passengers: offer.passengers.map((p) => {
        const x = given.find((g) => g.id === p.id) as Record<string, unknown>;
        return {
          id: p.id,
          type: p.type,
          given_name: x.given_name,
          family_name: x.family_name,
          born_on: x.born_on,
          gender: x.gender,
          title: x.title,
          email: x.email,
          phone_number: x.phone_number,
        };
      }),
      services: services.map((s) => {
        const found = catalogue.find((c) => c.id === s.id);
        return {
          ...found,
          quantity: s.quantity,
          total_amount: amount(minorOf(found?.total_amount ?? '0') * s.quantity),
        };
      }),
      documents: offer.passengers
        .filter((p) => p.type !== 'infant_without_seat' || true)
        .map((p) => ({
          type: 'electronic_ticket',
          unique_identifier: `${randomInt(100, 999)}${randomInt(1e9, 1e10 - 1)}`,
          passenger_ids: [p.id],
        })),
      payment_status: {
        awaiting_payment: false,
        paid_at: new Date().toISOString(),
        payment_required_by: null,
        price_guarantee_expires_at: null,
      },
      available_actions: ['cancel', 'change', 'update'],
      airline_initiated_changes: [],
      cancelled_at: null,
      content: 'self_managed',
      synced_at: new Date().toISOString(),
    };
    this.orders.set(order.id, order);
    return this.reply(res, 201, { data: order });
  }

  private cancel(data: Record<string, unknown>, res: ServerResponse): true {
    const order = this.orders.get(String(data.order_id));
    if (!order) return this.notFound(res);
    if (order.cancelled_at) return this.invalid(res, 'order_already_cancelled', 'The order is already cancelled.');
    const refund = (
      order.conditions as { refund_before_departure: { allowed: boolean; penalty_amount: string | null } | null }
    ).refund_before_departure;
    const back = refund?.allowed ? Math.max(0, minorOf(order.total_amount) - minorOf(refund.penalty_amount ?? '0')) : 0;
    const cancellation = {
      id: id('ore'),
      order_id: order.id,
      live_mode: false,
      created_at: new Date().toISOString(),
      expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
      confirmed_at: null,
      refund_amount: amount(back),
      refund_currency: this.account.currency,
      refund_to: refund?.allowed ? 'balance' : 'airline_credits',
      airline_credits: [],
    };
    this.cancellations.set(cancellation.id, cancellation);
    return this.reply(res, 201, { data: cancellation });
  }

  private confirm(cancellationId: string, res: ServerResponse): true {
    const c = this.cancellations.get(cancellationId);
    if (!c) return this.notFound(res);
    const order = this.orders.get(String(c.order_id));
    if (!order) return this.notFound(res);
    if (order.cancelled_at) return this.invalid(res, 'order_already_cancelled', 'The order is already cancelled.');
    c.confirmed_at = new Date().toISOString();
    order.cancelled_at = c.confirmed_at;
    order.cancellation = c;
    return this.reply(res, 200, { data: c });
  }

  /**
   * The airline moves the first flight of a slice of an order (`slice`, the first by default) by
   * `minutes`: the order changes and Duffel's `order.airline_initiated_change_detected` event is made,
   * the slice as it was in `removed` and as it now is in `added`, detected after any change before it,
   * signed with `secret` as Duffel signs it (or with a wrong signature when `sign` is false).
   */
  scheduleChangeEvent(
    orderId: string,
    minutes: number,
    secret: string,
    sign = true,
    slice = 0,
  ): { body: string; signature: string } {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    type Slice = { segments: { departing_at: string; arriving_at: string }[] };
    const slices = JSON.parse(JSON.stringify(order.slices)) as Slice[];
    const removed = JSON.parse(JSON.stringify(slices.slice(slice, slice + 1))) as Slice[];
    const first = slices[slice]?.segments[0];
    if (first) {
      first.departing_at = localPlus(first.departing_at.slice(0, 10), first.departing_at.slice(11, 16), minutes);
      first.arriving_at = localPlus(first.arriving_at.slice(0, 10), first.arriving_at.slice(11, 16), minutes);
    }
    const added = slices.slice(slice, slice + 1);
    this.detected = Math.max(Date.now(), this.detected + 1000);
    const now = new Date(this.detected).toISOString();
    const change = {
      id: id('aic'),
      order_id: orderId,
      added,
      removed,
      action_taken: null,
      action_taken_at: null,
      available_actions: ['accept', 'cancel'],
      created_at: now,
      updated_at: now,
      travel_agent_ticket: null,
    };
    order.slices = slices;
    (order.airline_initiated_changes as unknown[]).push(change);
    const event = {
      id: id('wev'),
      api_version: 'v2',
      type: 'order.airline_initiated_change_detected',
      live_mode: false,
      idempotency_key: change.id,
      created_at: now,
      identity_organisation_id: 'org_0000Junction',
      data: { object: change },
    };
    const body = JSON.stringify(event);
    const t = String(Math.floor(Date.now() / 1000));
    return { body, signature: `t=${t},v1=${sign ? duffelSignature(secret, t, body) : '0'.repeat(64)}` };
  }

  /** Posts a schedule change's event to a webhook URL as Duffel delivers it; answers the receiver's status. */
  async changeSchedule(orderId: string, minutes: number, url: string, secret: string, sign = true): Promise<number> {
    const { body, signature } = this.scheduleChangeEvent(orderId, minutes, secret, sign);
    const answer = await fetch(url, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'x-duffel-signature': signature },
    });
    return answer.status;
  }
}
