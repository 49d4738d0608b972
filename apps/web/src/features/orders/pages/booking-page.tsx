import {
  type BookingExtras,
  type BookingOffer,
  checkParty,
  defaultTicketingWay,
  type Passenger,
  packSearchLink,
  priceOrder,
  type RailTicketingWay,
  railSeatsNeeded,
  type SearchCriteria,
  usableDocumentTypes,
} from '@junction/domain';
import { type ContactProblem, contactProblems } from '@junction/domain/phone';
import { App, Button, Card, Modal, Result, Skeleton, Steps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { useAuth } from '../../../shared/auth/auth-context';
import { useErrorText } from '../../../shared/lib/error-text';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useMediaQuery } from '../../../shared/lib/use-media-query';
import { PassengerPicker } from '../../../shared/passengers/passenger-picker';
import { paths } from '../../../shared/paths';
import { RailAccountCard } from '../../../shared/rail/rail-account-card';
import { RailTicketingChoice, RailTicketingSummary, useRailLink } from '../../../shared/rail/rail-ticketing';
import { FormError } from '../../../shared/ui/form-error';
import { useMessageDialog } from '../../../shared/ui/message-dialog';
import { Price } from '../../../shared/ui/price';
import { TravelDates } from '../../../shared/ui/travel-dates';
import { useBookingOffer, useCreateOrder } from '../api/orders';
import { type Contact, ContactForm, initialContact } from '../components/contact-form';
import {
  ExtrasStep,
  isWaitlisted,
  legsInChosenClasses,
  startingExtras,
  WaitlistTerms,
} from '../components/extras-step';
import { FareRules } from '../components/fare-rules';
import { Itinerary } from '../components/itinerary';
import { type Fix, OrderRefusal } from '../components/order-refusal';
import styles from '../components/orders.module.css';
import { PriceBreakdown } from '../components/price-breakdown';
import { TravellerRows } from '../components/traveller-rows';
import { type BookingStep, errorNameOf } from '../lib/booking-steps';

const MAX_TRAVELLERS = 9;

type Expected = { totalMinor: number; baggageMinor: number };
type PriceChange = { isBaggage: boolean; original: number; latest: number; expected: Expected };

/** `/booking?search=…&result=…` (spec §2): four numbered steps from a selected result to an order. */
export function BookingPage() {
  const { t } = useTranslation('orders');
  useDocumentTitle(t('booking.title'));
  const [params] = useSearchParams();
  const searchId = params.get('search') ?? '';
  const resultId = params.get('result') ?? '';
  const { isSignedIn, openLogin } = useAuth();
  const offer = useBookingOffer(searchId, resultId, isSignedIn && searchId !== '' && resultId !== '');
  const failure = useOfferFailure(offer.error);

  const asked = useRef(false);
  useEffect(() => {
    // Spec §2: booking without a user opens the login dialog, back here with a page refresh (once).
    if (isSignedIn || asked.current) return;
    asked.current = true;
    openLogin({ redirect: `${window.location.pathname}${window.location.search}`, refresh: true });
  }, [isSignedIn, openLogin]);

  if (!isSignedIn) {
    return (
      <main className={styles.page}>
        <Result
          status="info"
          title={t('booking.signIn')}
          extra={
            <Button
              type="primary"
              onClick={() =>
                openLogin({ redirect: `${window.location.pathname}${window.location.search}`, refresh: true })
              }
            >
              {t('booking.signInButton')}
            </Button>
          }
        />
      </main>
    );
  }
  if (offer.isPending || failure) {
    return (
      <main className={styles.page}>
        <h1 className={styles.pageTitle}>{t('booking.title')}</h1>
        <Card>
          <p className={styles.muted}>{t('booking.loading')}</p>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </main>
    );
  }
  if (offer.isError || !offer.data) {
    return (
      <main className={styles.page}>
        <Card>
          <FormError error={offer.error} />
        </Card>
      </main>
    );
  }
  return <BookingSteps offer={offer.data} searchId={searchId} seatClass={params.get('seat')} />;
}

/** Spec §8 for a selection that cannot be booked: stale prices refresh the search, an unknown plan goes home. */
function useOfferFailure(error: unknown): boolean {
  const { t } = useTranslation('errors');
  const { showMessage } = useMessageDialog();
  const { openLogin } = useAuth();
  const navigate = useNavigate();
  const shown = useRef(false);
  const failure =
    error instanceof ApiError &&
    (error.status === 401 ||
      (error.status === 400 && (error.body.errorType === 'expired' || error.body.errorCode === 3003)));
  useEffect(() => {
    if (!(error instanceof ApiError) || shown.current) return;
    if (error.status === 401) {
      shown.current = true;
      openLogin({ refresh: true });
    } else if (error.status === 400 && error.body.errorType === 'expired') {
      shown.current = true;
      const criteria = error.body.params as SearchCriteria | undefined;
      if (criteria && Array.isArray(criteria.legs)) {
        showMessage({
          type: 'REFRESH',
          content: t('3002'),
          onRefresh: () => navigate(paths.searchResults(packSearchLink(criteria))),
        });
      } else showMessage({ type: 'TO_HOMEPAGE', content: t('resultsExpired') });
    } else if (error.status === 400 && error.body.errorCode === 3003) {
      shown.current = true;
      showMessage({ type: 'TO_HOMEPAGE', content: t('3003') });
    }
  }, [error, showMessage, openLogin, navigate, t]);
  return failure;
}

const PHONE = '(max-width: 575px)';

/** `seatClass`: the class of the train chosen on the result's card, which the booking starts in. */
function BookingSteps({
  offer,
  searchId,
  seatClass,
}: {
  offer: BookingOffer;
  searchId: string;
  seatClass: string | null;
}) {
  const isPhone = useMediaQuery(PHONE);
  const { t } = useTranslation('orders');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { user } = useAuth();
  const { language } = usePreferences();
  const [step, setStep] = useState<BookingStep>(0);
  const [chosen, setChosen] = useState<Passenger[]>([]);
  const [railSeat, setRailSeat] = useState<Record<string, boolean>>({});
  const [documentOf, setDocumentOf] = useState<Record<string, string>>({});
  const [extras, setExtras] = useState<BookingExtras>(() => startingExtras(offer, seatClass));
  const [contact, setContact] = useState<Contact>(() => initialContact(user, offer.trip.rail));
  // The server's refusal of a contact field, shown beside it until the traveller changes that field.
  const [refused, setRefused] = useState<(ContactProblem & { value: string }) | null>(null);
  const [showIssues, setShowIssues] = useState(false);
  const create = useCreateOrder();
  const keyRef = useRef<string | null>(null);
  const rail = useRailLink(offer.trip.rail);
  const [way, setWay] = useState<RailTicketingWay>(offer.railTicketing.way);
  useEffect(() => {
    // Logging in to 12306 (or its login expiring) makes online ticketing the way, or takes it away.
    if (!rail.loading) setWay(defaultTicketingWay(rail.link));
  }, [rail.link, rail.loading]);

  const usable = usableDocumentTypes(offer.trip);
  const route = useMemo(
    () => ({ international: offer.trip.international, rail: offer.trip.rail, lastDay: offer.trip.end }),
    [offer.trip],
  );
  const party = useMemo(
    () =>
      checkParty(
        chosen.map((p) => ({ birthDate: p.birthDate, railSeat: railSeat[p.id] ?? false })),
        offer.trip,
      ),
    [chosen, railSeat, offer.trip],
  );
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

  const [createdId, setCreatedId] = useState<string | null>(null);
  const [priceChange, setPriceChange] = useState<PriceChange | null>(null);
  const dirty = chosen.length > 0 && createdId === null;
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

  const contactIssues = useMemo(() => {
    const found = contactProblems(contact, offer.trip.rail);
    const stands = refused && contact[refused.field] === refused.value && !found.some((p) => p.field === refused.field);
    return stands ? [...found, refused] : found;
  }, [contact, offer.trip.rail, refused]);
  const contactOk = contactIssues.length === 0;
  const documentsOk = chosen.every((p) => {
    const d = p.documents.find((x) => x.id === documentOf[p.id]);
    return d && usable.includes(d.type);
  });
  const stepOk = [party.ok && contactOk && documentsOk, true, true, true];

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
      setRefused({ field, error: errorNameOf(create.error.errorCode), value: contact[field] });
    }
    create.reset();
    setShowIssues(true);
    setStep(fix.step);
    scrollToFirstIssue();
  };

  const submit = (expected: Expected) => {
    keyRef.current ??= crypto.randomUUID();
    create.mutate(
      {
        key: keyRef.current,
        body: {
          searchId,
          resultId: offer.result.id,
          travellers: chosen.map((p) => ({
            passengerId: p.id,
            documentId: documentOf[p.id] ?? '',
            railSeat: railSeat[p.id] ?? false,
          })),
          contact,
          extras,
          ...(offer.trip.rail ? { railTicketing: way } : {}),
          ...(waitlisted ? { waitlist: true } : {}),
          expected,
        },
      },
      {
        onSuccess: (order) => setCreatedId(order.id),
        onError: (error) => {
          if (!(error instanceof ApiError) || (error.body.errorCode !== 2005 && error.body.errorCode !== 2006)) return;
          const params = error.body.params as { original: number; latest: number };
          keyRef.current = null;
          setPriceChange({ isBaggage: error.body.errorCode === 2006, ...params, expected });
        },
      },
    );
  };

  const result = offer.result;
  // Each train in the class chosen for it, on the card or in step 3.
  const trains = legsInChosenClasses(result.legs, extras).filter((l) => l.kind === 'land');
  const first = result.legs[0];
  const last = result.legs[result.legs.length - 1];
  const stepTitles = [
    t('booking.steps.travellers'),
    t('booking.steps.itinerary'),
    t('booking.steps.extras'),
    t('booking.steps.payment'),
  ];

  return (
    <main className={styles.page} data-testid="booking-page">
      <h1 className={styles.pageTitle}>{t('booking.title')}</h1>
      <Steps
        className={styles.steps}
        data-testid="booking-steps"
        // On a phone the four steps stay in one row, their titles under them, so the form starts on the first screen.
        responsive={false}
        titlePlacement={isPhone ? 'vertical' : 'horizontal'}
        size={isPhone ? 'small' : 'default'}
        current={step}
        items={stepTitles.map((title) => ({ title }))}
        onChange={(s) =>
          s < step || stepOk.slice(0, s).every(Boolean) ? setStep(s as BookingStep) : setShowIssues(true)
        }
      />
      <div className={styles.layout}>
        <div className={styles.main}>
          {step === 0 ? (
            <>
              {offer.trip.rail ? (
                <Card className={styles.railAccount}>
                  <RailAccountCard compact />
                  <RailTicketingChoice
                    legs={offer.railTicketing.legs}
                    link={rail.link}
                    username={rail.username}
                    value={way}
                    onChange={setWay}
                  />
                </Card>
              ) : null}
              <Card title={t('booking.travellers.title')} data-testid="step-travellers">
                <p className={styles.muted}>{t('booking.travellers.hint')}</p>
                <PassengerPicker
                  route={route}
                  value={chosen.map((p) => p.id)}
                  onChange={(_ids, list) => chooseTravellers(list)}
                  max={MAX_TRAVELLERS}
                  railContact={offer.trip.rail ? 'mobile' : undefined}
                />
                <TravellerRows
                  chosen={chosen}
                  types={party.ok ? party.types : undefined}
                  rail={offer.trip.rail}
                  usable={usable}
                  documentOf={documentOf}
                  onDocument={(id, doc) => setDocumentOf((d) => ({ ...d, [id]: doc }))}
                  railSeat={railSeat}
                  onRailSeat={(id, on) => setRailSeat((r) => ({ ...r, [id]: on }))}
                  ageDay={offer.trip.end}
                />
                {!party.ok && chosen.length > 0 ? (
                  <p className={styles.issue} role="alert" data-testid="party-issue">
                    {errorText(party.issues[0]?.error ?? 'VALIDATION_FAILED')}
                  </p>
                ) : null}
              </Card>
              <Card title={t('booking.contact.title')} className={styles.card} data-testid="step-contact">
                <p className={styles.muted}>{t('booking.contact.hint')}</p>
                <ContactForm
                  contact={contact}
                  onChange={setContact}
                  rail={offer.trip.rail}
                  problems={contactIssues}
                  showAll={showIssues}
                />
              </Card>
            </>
          ) : null}
          {step === 1 ? (
            <Card title={t('booking.itinerary.title')} data-testid="step-itinerary">
              <p className={styles.seller}>
                {t('booking.itinerary.seller')}: <strong>{t(`agents.${result.agent}`)}</strong>
              </p>
              <Itinerary
                legs={legsInChosenClasses(result.legs, extras)}
                bounds={result.bounds}
                selfTransferMinutes={result.selfTransferMinutes}
              />
              {result.legs.some((l) => l.kind !== 'air' && l.kind !== 'land') ? (
                <p className={styles.muted}>{t('booking.itinerary.guidance')}</p>
              ) : null}
              {result.selfTransferMinutes !== undefined ? (
                <div className={styles.protection} data-testid="self-transfer-protection">
                  <strong>{t('booking.itinerary.selfTransfer')}</strong>
                  <p>{t('booking.itinerary.selfTransferText', { minutes: result.selfTransferMinutes })}</p>
                </div>
              ) : null}
              <h3 className={styles.sectionTitle}>{t('booking.itinerary.fareRules')}</h3>
              <FareRules fees={result.fees} legs={result.legs} />
            </Card>
          ) : null}
          {step === 2 && party.ok ? (
            <ExtrasStep offer={offer} travellers={chosen} types={party.types} extras={extras} onChange={setExtras} />
          ) : null}
          {step === 3 && priced ? (
            <Card title={t('booking.payment.title')} data-testid="step-payment">
              {offer.trip.rail ? (
                <RailTicketingSummary
                  way={way}
                  feesMinor={priced.breakdown.serviceFees.reduce((sum, f) => sum + f.totalMinor, 0)}
                />
              ) : null}
              <PriceBreakdown breakdown={priced.breakdown} />
              {waitlisted ? (
                <div className={styles.waitlistOffer} data-testid="waitlist-summary">
                  <h3 className={styles.sectionTitle}>{t('waitlist.summaryTitle')}</h3>
                  <WaitlistTerms cutoffAt={offer.waitlist.cutoffAt ?? ''} />
                </div>
              ) : null}
              <p className={styles.muted}>{t('booking.payment.deadline', { minutes: offer.paymentMinutes })}</p>
              <OrderRefusal
                error={
                  create.error instanceof ApiError && [2005, 2006].includes(create.error.body.errorCode)
                    ? null
                    : create.error
                }
                onFix={fixOn}
              />
              <p className={styles.muted}>{t('booking.payment.agree')}</p>
              <Button
                type="primary"
                size="large"
                block
                loading={create.isPending}
                onClick={() =>
                  submit({
                    totalMinor: priced.breakdown.totalMinor,
                    baggageMinor: priced.breakdown.extras.find((e) => e.kind === 'baggage')?.totalMinor ?? 0,
                  })
                }
                data-testid="create-order"
              >
                {waitlisted ? t('waitlist.create') : t('booking.payment.create')}
              </Button>
            </Card>
          ) : null}
          <div className={styles.stepNav}>
            {step > 0 ? (
              <Button onClick={() => setStep((s) => (s - 1) as BookingStep)}>{t('booking.back')}</Button>
            ) : (
              <span />
            )}
            {step < 3 ? (
              <Button type="primary" onClick={next} data-testid="next-step">
                {t('booking.next')}
              </Button>
            ) : null}
          </div>
          {showIssues && step === 0 && !stepOk[0] && chosen.length === 0 ? (
            <p className={styles.issue} role="alert">
              {errorText('TRAVELLER_REQUIRED')}
            </p>
          ) : null}
        </div>
        <aside className={styles.side}>
          <Card title={t('booking.summary.title')} className={styles.summary} data-testid="booking-summary">
            <p className={styles.route}>
              {first ? (first.from.city?.name ?? first.from.name)[language] : ''} →{' '}
              {last ? (last.to.city?.name ?? last.to.name)[language] : ''}
            </p>
            <p className={styles.muted} data-testid="summary-dates">
              {first && last ? <TravelDates departure={first.departureTime} arrival={last.arrivalTime} /> : null}
            </p>
            <p className={styles.muted}>{t(`agents.${result.agent}`)}</p>
            {trains.length > 0 ? (
              <p className={styles.muted} data-testid="summary-trains">
                {trains.map((l) => `${l.number} ${t(`seats.${l.cabin ?? ''}` as 'seats.O')}`).join(' · ')}
              </p>
            ) : null}
            <p className={styles.muted}>{t('booking.summary.travellers', { count: chosen.length })}</p>
            <div className={styles.summaryTotal}>
              <span>{t('booking.summary.total')}</span>
              {priced ? (
                <strong data-testid="summary-total">
                  <Price money={{ amountMinor: priced.breakdown.totalMinor, currency: 'CNY' }} />
                </strong>
              ) : (
                <span className={styles.muted}>—</span>
              )}
            </div>
          </Card>
        </aside>
      </div>
      <Modal
        open={priceChange !== null}
        title={t('booking.priceChange.title')}
        okText={t('booking.priceChange.continue')}
        cancelText={t('booking.priceChange.cancel')}
        onCancel={() => setPriceChange(null)}
        onOk={() => {
          if (!priceChange) return;
          const { isBaggage, latest, expected } = priceChange;
          setPriceChange(null);
          submit(isBaggage ? { ...expected, baggageMinor: latest } : { ...expected, totalMinor: latest });
        }}
        centered
      >
        {priceChange ? (
          <div data-testid="order-price-change">
            <p>{priceChange.isBaggage ? t('booking.priceChange.baggage') : t('booking.priceChange.fare')}</p>
            <p className={styles.priceChangeRow}>
              <span>{t('booking.priceChange.original')}</span>
              <s data-testid="price-original">
                <Price money={{ amountMinor: priceChange.original, currency: 'CNY' }} />
              </s>
            </p>
            <p className={styles.priceChangeRow}>
              <span>{t('booking.priceChange.latest')}</span>
              <strong data-testid="price-latest">
                <Price money={{ amountMinor: priceChange.latest, currency: 'CNY' }} />
              </strong>
            </p>
          </div>
        ) : null}
      </Modal>
    </main>
  );
}

/** Brings the first field marked wrong into view once the page has marked it. */
function scrollToFirstIssue(): void {
  requestAnimationFrame(() =>
    document.querySelector('.ant-form-item-has-error, [role="alert"]')?.scrollIntoView({ block: 'center' }),
  );
}
