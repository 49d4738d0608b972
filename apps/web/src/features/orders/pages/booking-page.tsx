import type { BookingOffer } from '@junction/domain';
import { Button, Card, Modal, Result, Skeleton, Steps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { useAuth } from '../../../shared/auth/auth-context';
import { useErrorText } from '../../../shared/lib/error-text';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useMediaQuery } from '../../../shared/lib/use-media-query';
import { paths } from '../../../shared/paths';
import { FormError } from '../../../shared/ui/form-error';
import { Price } from '../../../shared/ui/price';
import { TravelDates } from '../../../shared/ui/travel-dates';
import { PassengerPicker } from '../../../widgets/passengers/passenger-picker';
import { RailAccountCard } from '../../../widgets/rail/rail-account-card';
import { RailTicketingChoice, RailTicketingSummary } from '../../../widgets/rail/rail-ticketing';
import { useBookingOffer } from '../api/orders';
import { ContactForm } from '../components/contact-form';
import { ExtrasStep, legsInChosenClasses, WaitlistTerms } from '../components/extras-step';
import { FareRules } from '../components/fare-rules';
import { Itinerary } from '../components/itinerary';
import { OrderRefusal } from '../components/order-refusal';
import styles from '../components/orders.module.css';
import { PriceBreakdown } from '../components/price-breakdown';
import { TravellerRows } from '../components/traveller-rows';
import type { BookingStep } from '../lib/booking-steps';
import { useBooking } from '../lib/use-booking';
import { useOfferFailure } from '../lib/use-offer-failure';

const MAX_TRAVELLERS = 9;

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
  const errorText = useErrorText();
  const { language } = usePreferences();
  const booking = useBooking(offer, searchId, seatClass);
  const { step, setStep, chosen, chooseTravellers, railSeat, setRailSeat, documentOf, setDocumentOf } = booking;
  const { extras, setExtras, showIssues, setShowIssues, create, priceChange, setPriceChange } = booking;
  const { rail, way, setWay, contact, setContact, contactIssues, party, priced, waitlisted } = booking;
  const { usable, route, stepOk, next, fixOn, submit } = booking;

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
                  <Link to={paths.agreement('connection-protection')} target="_blank" data-testid="protection-terms">
                    {t('booking.itinerary.selfTransferTerms')}
                  </Link>
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
