import {
  type BookingExtras,
  type BookingOffer,
  checkParty,
  defaultTicketingWay,
  type Passenger,
  priceOrder,
  type RailTicketingWay,
  railSeatsNeeded,
  type SeatMaps,
  seatPriceIn,
  usableDocumentTypes,
} from '@junction/domain';
import { type ContactProblem, contactProblems } from '@junction/domain/phone';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { useAuth } from '../../../shared/auth/auth-context';
import { paths } from '../../../shared/paths';
import { useRailLink } from '../../../widgets/rail/rail-ticketing';
import { orderKeys, useCreateOrder, useSeatMaps } from '../api/orders';
import { type Contact, initialContact } from '../components/contact-form';
import { isWaitlisted, startingExtras } from '../components/extras-step';
import type { Fix } from '../components/order-refusal';
import { type BookingStep, errorNameOf } from './booking-steps';
import { studentFareOf, studentRefusalOf } from './student-fare';

export type Expected = { totalMinor: number; baggageMinor: number };
export type PriceChange = { isBaggage: boolean; original: number; latest: number; expected: Expected };

/** How the trains are ticketed: online once 12306 is linked (or its login expires), offline otherwise. */
function useTicketingWay(offer: BookingOffer) {
  const rail = useRailLink(offer.trip.rail);
  const [way, setWay] = useState<RailTicketingWay>(offer.railTicketing.way);
  useEffect(() => {
    // Logging in to 12306 (or its login expiring) makes online ticketing the way, or takes it away.
    if (!rail.loading) setWay(defaultTicketingWay(rail.link));
  }, [rail.link, rail.loading]);
  return { rail, way, setWay };
}

/** The party's check, the price of the order as chosen and whether it joins the waiting list (候补). */
function usePricing(
  offer: BookingOffer,
  chosen: Passenger[],
  seats: { railSeat: Record<string, boolean>; student: Record<string, boolean> },
  extras: BookingExtras,
  way: RailTicketingWay,
  seatMaps: SeatMaps | undefined,
) {
  const { railSeat, student } = seats;
  const party = useMemo(() => {
    const checked = checkParty(
      chosen.map((p) => ({ birthDate: p.birthDate, railSeat: railSeat[p.id] ?? false })),
      offer.trip,
    );
    if (!checked.ok) return checked;
    // An adult ticked for a student ticket the server prices for them travels on one.
    const rail = checked.types.rail.map((type, i) => {
      const id = chosen[i]?.id ?? '';
      return type === 'ADULT' && student[id] && studentFareOf(offer, id, extras)?.ok ? ('STUDENT' as const) : type;
    });
    return { ...checked, types: { ...checked.types, rail } };
  }, [chosen, railSeat, student, offer, extras]);
  const railFeeOf = (leg: number) => {
    const fees = offer.railTicketing.legs.find((l) => l.leg === leg);
    return (way === 'online' ? fees?.onlineFeeMinor : fees?.offlineFeeMinor) ?? 0;
  };
  const priced = party.ok
    ? priceOrder({
        result: offer.result,
        types: party.types,
        extras,
        railServiceFeeMinor: offer.railServiceFeeMinor,
        railServiceFeeOf: railFeeOf,
        seatPriceOf: (leg, seat, traveller) =>
          seatPriceIn(seatMaps?.flights ?? [], leg, seat, traveller, party.types.air),
      })
    : undefined;
  // The waiting list (候补): the chosen class of the one ride has too few seats for the party.
  const rideLeg = offer.tickets.find((x) => x.type === 'railway')?.legs[0];
  const waitlisted =
    party.ok &&
    rideLeg !== undefined &&
    isWaitlisted(
      offer,
      rideLeg,
      extras.rail.find((c) => c.leg === rideLeg)?.seatClass ?? offer.result.legs[rideLeg]?.cabin ?? '',
      railSeatsNeeded(party.types),
    );
  return { party, priced, waitlisted };
}

/** The contact fields, with the problems found in them and the server's refusal of one until it changes. */
function useContact(offer: BookingOffer) {
  const { user } = useAuth();
  const [contact, setContact] = useState<Contact>(() => initialContact(user, offer.trip.rail));
  // The server's refusal of a contact field, shown beside it until the traveller changes that field.
  const [refused, setRefused] = useState<(ContactProblem & { value: string }) | null>(null);
  const contactIssues = useMemo(() => {
    const found = contactProblems(contact, offer.trip.rail);
    const stands = refused && contact[refused.field] === refused.value && !found.some((p) => p.field === refused.field);
    return stands ? [...found, refused] : found;
  }, [contact, offer.trip.rail, refused]);
  return { contact, setContact, setRefused, contactIssues };
}

/** Asks before the traveller leaves a booking with travellers chosen; once the order exists, on to payment. */
function useLeaveGuard(dirty: boolean, createdId: string | null) {
  const { t } = useTranslation('orders');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    // Once the order exists nothing is lost: on to payment, after the blocker has been lifted.
    if (createdId) navigate(paths.payment(createdId));
  }, [createdId, navigate]);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('booking.leaveTitle'),
      content: t('booking.leave'),
      okText: t('booking.leaveOk'),
      cancelText: t('booking.stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/** Whether every traveller chosen travels on a document of theirs this trip accepts. */
function documentsUsable(
  chosen: Passenger[],
  documentOf: Record<string, string>,
  usable: ReturnType<typeof usableDocumentTypes>,
): boolean {
  return chosen.every((p) => {
    const d = p.documents.find((x) => x.id === documentOf[p.id]);
    return d !== undefined && usable.includes(d.type);
  });
}

/** Brings the first field marked wrong into view once the page has marked it. */
export function scrollToFirstIssue(): void {
  requestAnimationFrame(() =>
    document.querySelector('.ant-form-item-has-error, [role="alert"]')?.scrollIntoView({ block: 'center' }),
  );
}

type OrderBody = Parameters<ReturnType<typeof useCreateOrder>['mutate']>[0]['body'];

/**
 * Creates the order once per attempt (one idempotency key until the price changes), and holds the price
 * change the server answered with, for the traveller to accept or not. A refused student ticket reloads
 * the offer, so the passengers step shows the student's fares as the railway now gives them.
 */
export function useOrderCreation(searchId: string, resultId: string) {
  const create = useCreateOrder();
  const client = useQueryClient();
  const keyRef = useRef<string | null>(null);
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);
  const submit = (body: Omit<OrderBody, 'expected'>, expected: Expected) => {
    keyRef.current ??= crypto.randomUUID();
    create.mutate(
      { key: keyRef.current, body: { ...body, expected } },
      {
        onSuccess: (order) => setCreatedId(order.id),
        onError: (error) => {
          if (studentRefusalOf(error)) void client.invalidateQueries({ queryKey: orderKeys.offer(searchId, resultId) });
          if (!(error instanceof ApiError) || (error.body.errorCode !== 2005 && error.body.errorCode !== 2006)) return;
          const params = error.body.params as { original: number; latest: number };
          keyRef.current = null;
          setPriceChange({ isBaggage: error.body.errorCode === 2006, ...params, expected });
        },
      },
    );
  };
  return { create, createdId, priceChange, setPriceChange, submit };
}

/** Everything the four booking steps hold and do; the page lays it out. */
export function useBooking(offer: BookingOffer, searchId: string, seatClass: string | null) {
  const [step, setStep] = useState<BookingStep>(0);
  const [chosen, setChosen] = useState<Passenger[]>([]);
  const [railSeat, setRailSeat] = useState<Record<string, boolean>>({});
  const [student, setStudent] = useState<Record<string, boolean>>({});
  const [documentOf, setDocumentOf] = useState<Record<string, string>>({});
  const [extras, setExtras] = useState<BookingExtras>(() => startingExtras(offer, seatClass));
  const [showIssues, setShowIssues] = useState(false);
  const creation = useOrderCreation(searchId, offer.result.id);
  const { create, createdId } = creation;
  const ticketing = useTicketingWay(offer);
  const contacts = useContact(offer);
  // The seat maps the extras step asked for (read here, never asked): the seats chosen at their prices.
  const seatMaps = useSeatMaps(searchId, offer.result.id, false).data;
  const pricing = usePricing(offer, chosen, { railSeat, student }, extras, ticketing.way, seatMaps);
  const usable = usableDocumentTypes(offer.trip);
  const route = useMemo(
    () => ({ international: offer.trip.international, rail: offer.trip.rail, lastDay: offer.trip.end }),
    [offer.trip],
  );
  useLeaveGuard(chosen.length > 0 && createdId === null, createdId);

  const chooseTravellers = (list: Passenger[]) => {
    setChosen(list);
    // Seats and berths are per traveller: they start again; the classes chosen stay.
    setExtras((current) => ({ rail: current.rail.map((c) => ({ ...c, seats: [], bunks: [] })), baggage: [] }));
    setDocumentOf((current) => {
      const next = { ...current };
      for (const p of list)
        next[p.id] ??= p.documents.find((d) => usable.includes(d.type))?.id ?? p.documents[0]?.id ?? '';
      return next;
    });
  };
  const documentsOk = documentsUsable(chosen, documentOf, usable);
  const stepOk = [pricing.party.ok && contacts.contactIssues.length === 0 && documentsOk, true, true, true];

  const next = () => {
    if (!stepOk[step]) {
      setShowIssues(true);
      scrollToFirstIssue();
      return;
    }
    setShowIssues(false);
    setStep((s) => Math.min(3, s + 1) as BookingStep);
    window.scrollTo({ top: 0 });
  };
  /** A refusal of Create order about an earlier step: back there, with the field it names marked. */
  const fixOn = (fix: Fix) => {
    if (fix.contactField && create.error instanceof ApiError) {
      const field = fix.contactField;
      contacts.setRefused({ field, error: errorNameOf(create.error.errorCode), value: contacts.contact[field] });
    }
    create.reset();
    setShowIssues(true);
    setStep(fix.step);
    scrollToFirstIssue();
  };
  const submit = (expected: Expected) =>
    creation.submit(
      {
        searchId,
        resultId: offer.result.id,
        travellers: chosen.map((p) => ({
          passengerId: p.id,
          documentId: documentOf[p.id] ?? '',
          railSeat: railSeat[p.id] ?? false,
          student: pricing.party.ok && pricing.party.types.rail[chosen.indexOf(p)] === 'STUDENT',
        })),
        contact: contacts.contact,
        extras,
        ...(offer.trip.rail ? { railTicketing: ticketing.way } : {}),
        ...(pricing.waitlisted ? { waitlist: true } : {}),
      },
      expected,
    );

  const { priceChange, setPriceChange } = creation;
  return {
    ...{ step, setStep, chosen, chooseTravellers, railSeat, setRailSeat, documentOf, setDocumentOf },
    ...{ student, setStudent },
    ...{ extras, setExtras, showIssues, setShowIssues, create, priceChange, setPriceChange },
    ...{ ...ticketing, ...contacts, ...pricing, usable, route, stepOk, next, fixOn, submit },
  };
}

/** A booking's state and steps, as the booking page's sections read them. */
export type Booking = ReturnType<typeof useBooking>;
