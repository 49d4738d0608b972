import { z } from 'zod';
import { plainText } from '../plain-text';
import { offerStudentSchema } from '../rail/student-offer.schema';
import { RAIL_LINK_STATUSES, railFeeTableSchema, railTicketingWaySchema } from '../rail/ticketing';
import { offerWaitlistSchema, orderWaitlistSchema } from '../rail/waitlist';
import { feeRuleSchema, resultLegSchema, searchCriteriaSchema, searchResultSchema } from '../search/search.schema';
import { RESULT_KINDS } from '../search/search-options';
import { localTextSchema } from '../text.schema';
import { orderStatusSchema, paymentStatusSchema, subOrderStatusSchema, TRIP_FILTERS } from './order-status';
import { seatChoiceSchema } from './seat-map.schema';
import { RAIL_TYPES, TRAVELLER_TYPES } from './traveller-rules';

const cny = z.object({ amount: z.number().int(), currency: z.literal('CNY') });
export type Cny = z.infer<typeof cny>;
const countryCode = z.string().regex(/^[A-Z]{2}$/);
const isoDateTime = z.iso.datetime({ offset: true });

/** Seat letters a traveller may ask for on a train (window A and F, aisle C and D, middle B). */
export const SEAT_LETTERS = ['A', 'B', 'C', 'D', 'F'] as const;
export type SeatLetter = (typeof SEAT_LETTERS)[number];
/** Spec §3 bunks: 1 lower, 2 middle, 3 upper. */
export const BUNKS = [1, 2, 3] as const;
export type Bunk = (typeof BUNKS)[number];
export const bunkSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
/** Extra checked pieces one traveller may buy on one flight ticket. */
export const MAX_EXTRA_PIECES = 3;

/** The choices on one train ride: its seat class, and per traveller (in order) a seat letter or a bunk. */
export const railChoiceSchema = z.object({
  /** Index of the ride in the result's legs. */
  leg: z.number().int().min(0).max(60),
  seatClass: z.string().min(1).max(4),
  seats: z.array(z.enum(SEAT_LETTERS).nullable()).max(9).default([]),
  bunks: z.array(bunkSchema.nullable()).max(9).default([]),
});
export type RailChoice = z.infer<typeof railChoiceSchema>;

/** Extra checked pieces on one flight ticket, per traveller in order. */
export const baggageChoiceSchema = z.object({
  ticket: z.number().int().min(0).max(20),
  pieces: z.array(z.number().int().min(0).max(MAX_EXTRA_PIECES)).max(9),
});
export type BaggageChoice = z.infer<typeof baggageChoiceSchema>;

export const bookingExtrasSchema = z.object({
  rail: z.array(railChoiceSchema).max(20).default([]),
  baggage: z.array(baggageChoiceSchema).max(20).default([]),
  /** Seats chosen on the seat maps of flights whose seller shows them (`seatMapsSchema`); none when absent. */
  seats: z.array(seatChoiceSchema).max(20).optional(),
});
export type BookingExtras = z.infer<typeof bookingExtrasSchema>;
export type BookingExtrasInput = z.input<typeof bookingExtrasSchema>;

/** A saved traveller (spec §7 passengers) on the order, with the document they travel on. */
export const bookingTravellerSchema = z.object({
  passengerId: z.uuid(),
  documentId: z.uuid(),
  /** A rail child under 6 who gets a seat and a child ticket rather than riding free. */
  railSeat: z.boolean().default(false),
  /** A verified student of the linked 12306 account travelling on a student ticket (学生票) on every train. */
  student: z.boolean().default(false),
});

export const orderContactSchema = z.object({
  /** One line of plain text (no line breaks or markup): it goes into e-mails and the order page. */
  name: z.string().overwrite(plainText).min(1).max(60),
  phoneCountry: countryCode,
  phone: z.string().trim().min(4).max(20),
  email: z.email().max(254),
});
export type OrderContact = z.infer<typeof orderContactSchema>;

export const offerQuerySchema = z.object({
  searchId: z.string().min(1).max(100),
  resultId: z.string().min(1).max(400),
});

/** A ticket of an offer: consecutive flights on one ticket, or one train ride. */
export const ticketSchema = z.object({ type: z.enum(['flight', 'railway']), legs: z.array(z.number().int()) });
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * What the booking page sells: the result re-quoted for one adult (prices per adult; the page prices
 * the party with `priceOrder`), its tickets, its route, and the rail seats left after held orders.
 */
export const bookingOfferSchema = z.object({
  result: searchResultSchema,
  criteria: searchCriteriaSchema,
  trip: z.object({
    start: z.iso.date(),
    end: z.iso.date(),
    air: z.boolean(),
    rail: z.boolean(),
    international: z.boolean(),
  }),
  tickets: z.array(ticketSchema),
  /** Seats left per rail leg and class, after the seats held by orders. */
  remaining: z.array(z.object({ leg: z.number().int(), seatClass: z.string(), remaining: z.number().int() })),
  /** The fee per rail ticket for offline ticketing (spec §1). */
  railServiceFeeMinor: z.number().int(),
  /**
   * How its rail rides would be ticketed (spec §1, §6): the state of the traveller's 12306 link, the way
   * chosen unless the traveller picks the other, and per ride the fee per ticket each way costs.
   */
  railTicketing: z.object({
    link: z.enum(RAIL_LINK_STATUSES),
    way: railTicketingWaySchema,
    fees: railFeeTableSchema,
    legs: z.array(
      z.object({
        leg: z.number().int(),
        train: z.string(),
        onlineFeeMinor: z.number().int(),
        offlineFeeMinor: z.number().int(),
      }),
    ),
  }),
  paymentMinutes: z.number().int(),
  /** The waiting list (候补) for a sold-out class of its train, when it may be joined. */
  waitlist: offerWaitlistSchema,
  /** The linked 12306 account's students among the saved travellers, with their fares on its trains. */
  students: z.array(offerStudentSchema).default([]),
});
export type BookingOffer = z.infer<typeof bookingOfferSchema>;

export const createOrderSchema = z.object({
  searchId: z.string().min(1).max(100),
  resultId: z.string().min(1).max(400),
  travellers: z.array(bookingTravellerSchema).min(1).max(20),
  contact: orderContactSchema,
  extras: bookingExtrasSchema.default({ rail: [], baggage: [] }),
  /** How the rail tickets are issued: online needs a live 12306 link; by default as the offer says. */
  railTicketing: railTicketingWaySchema.optional(),
  /**
   * Join the waiting list (候补) of the chosen class, which must be sold out: the order waits with its
   * price held on the card, and is ticketed if seats come back before the cut-off, else released.
   */
  waitlist: z.boolean().optional(),
  /** The prices the traveller saw and agreed to; a re-quote that differs answers with both. */
  expected: z.object({ totalMinor: z.number().int().min(0), baggageMinor: z.number().int().min(0) }),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;
export type CreateOrder = z.infer<typeof createOrderSchema>;

export const fareLineSchema = z.object({
  ticket: z.enum(['flight', 'railway']),
  type: z.enum([...TRAVELLER_TYPES, 'FREE_CHILD', 'STUDENT']),
  /** How many travellers of this type hold tickets of this kind (one adult on two flights is one). */
  count: z.number().int(),
  /** What they pay for all of those tickets. */
  totalMinor: z.number().int(),
});
export const priceBreakdownSchema = z.object({
  /** Fares per ticket kind and traveller type; taxes and fees of the flights are included. */
  fares: z.array(fareLineSchema),
  /** Of the fares: the taxes and fees of the flights. */
  taxesMinor: z.number().int(),
  extras: z.array(
    z.object({ kind: z.enum(['baggage', 'bunk', 'seat']), count: z.number().int(), totalMinor: z.number().int() }),
  ),
  serviceFees: z.array(
    z.object({ kind: z.literal('railOffline'), count: z.number().int(), totalMinor: z.number().int() }),
  ),
  /** Ground legs of a door-to-door plan: an estimate for guidance, not sold and not in the total. */
  groundEstimateMinor: z.number().int(),
  totalMinor: z.number().int(),
});
export type PriceBreakdown = z.infer<typeof priceBreakdownSchema>;

export const orderTravellerSchema = z.object({
  passengerId: z.uuid().nullable(),
  name: z.string(),
  airType: z.enum(TRAVELLER_TYPES),
  railType: z.enum(RAIL_TYPES).nullable(),
  documentType: z.string(),
  documentMasked: z.string(),
});
export type OrderTraveller = z.infer<typeof orderTravellerSchema>;

export const subOrderSchema = z.object({
  id: z.uuid(),
  type: z.enum(['flight', 'railway']),
  status: subOrderStatusSchema,
  /** Indexes into the order's legs. */
  legs: z.array(z.number().int()),
  flightNumber: z.string(),
  ticketNumber: z.string().nullable(),
  confirmationCode: z.string().nullable(),
  seat: z.string().nullable(),
  price: cny,
  paidAmount: cny.nullable(),
  priceDifference: cny.nullable(),
  expectedRefund: cny.nullable(),
  receiptUrl: z.string().nullable(),
  itineraryUrl: z.string().nullable(),
  /** A rail ticket's way of ticketing, kept from the order: online (12306 account) or offline (agents). */
  ticketing: railTicketingWaySchema.nullable().default(null),
  /** Of its price: the rail service fees (offline ticketing). */
  serviceFee: cny.nullable().default(null),
});
export type SubOrder = z.infer<typeof subOrderSchema>;

/**
 * A ride its operator re-timed after booking: the order's legs carry the new times (`departureTime`,
 * `arrivalTime`); the times it was booked with are kept to tell the traveller what changed.
 */
export const scheduleChangeSchema = z.object({
  legIndex: z.number().int(),
  departureTime: z.string(),
  arrivalTime: z.string(),
  previousDepartureTime: z.string(),
  previousArrivalTime: z.string(),
});

/** Where an order was made: the website or the mobile app (spec §4: app orders are paid in the app). */
export const ORDER_CHANNELS = ['web', 'app'] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];

/** Spec §3 order fields, with the itinerary and price breakdown the order page shows. */
export const orderSchema = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  createdAt: isoDateTime,
  originName: z.string(),
  destinationName: z.string(),
  /** The cities of the first departure and of the destination, in both languages, from the itinerary. */
  places: z.object({ from: localTextSchema, to: localTextSchema }),
  kind: z.enum(RESULT_KINDS),
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  payment: z.object({ price: cny, deadline: isoDateTime }),
  departureTime: z.string(),
  arrivalTime: z.string(),
  /**
   * Some travellers changed to another train without the others, so they ride different trains: then
   * `departureTime` is the earliest train's and `arrivalTime` the trip's as booked, and a header says so
   * instead of showing an arrival.
   */
  separateTrains: z.boolean().default(false),
  travellers: z.array(orderTravellerSchema),
  contact: z.object({ name: z.string(), phoneMasked: z.string(), email: z.string() }),
  /** The legs as they run now: a ride its operator re-timed has its new times (see `scheduleChanges`). */
  legs: z.array(resultLegSchema),
  bounds: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
  /** The rides whose operator changed their times after booking, with the times they were booked with. */
  scheduleChanges: z.array(scheduleChangeSchema).default([]),
  /** The rides their operator (the airline or the railway) cancelled after booking, by leg index. */
  cancelledLegs: z.array(z.number().int()).default([]),
  fees: feeRuleSchema,
  selfTransferMinutes: z.number().int().optional(),
  agent: z.enum(['combined', 'own', 'railway']),
  /** Who sold the fare when it is not Junction's own (the result's `seller`); absent, the agent's label. */
  seller: localTextSchema.optional(),
  subOrders: z.array(subOrderSchema),
  breakdown: priceBreakdownSchema,
  extras: bookingExtrasSchema,
  /** The support page of this order (`/order/{id}` on the support host). */
  supportUrl: z.string(),
  channel: z.enum(ORDER_CHANNELS),
  /** The price difference awaiting payment (order status 1): the sum of the sub-orders' differences. */
  priceDifference: cny.nullable(),
  /** The waiting list (候补) the order is on, or was on; null for an order that never joined one. */
  waitlist: orderWaitlistSchema.nullable().default(null),
  /**
   * The money its ticket changes (改签) moved: the differences paid, what came back (of a cheaper change, or
   * of a failed change's difference) and what the traveller paid in all; null while no change moved any.
   */
  changeMoney: z.object({ difference: cny, refund: cny, total: cny }).nullable().default(null),
});
export type Order = z.infer<typeof orderSchema>;

export const orderSummarySchema = orderSchema.pick({
  id: true,
  orderNumber: true,
  createdAt: true,
  originName: true,
  destinationName: true,
  places: true,
  kind: true,
  status: true,
  paymentStatus: true,
  payment: true,
  departureTime: true,
  arrivalTime: true,
  separateTrains: true,
  waitlist: true,
});
export const orderListItemSchema = orderSummarySchema.extend({ travellerNames: z.array(z.string()) });
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const orderListQuerySchema = z.object({
  filter: z.enum(TRIP_FILTERS).default('all'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export const orderPageSchema = z.object({
  items: z.array(orderListItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OrderPage = z.infer<typeof orderPageSchema>;

export const orderIdQuerySchema = z.object({ id: z.uuid() });
export const orderIdBodySchema = z.object({ id: z.uuid() });
