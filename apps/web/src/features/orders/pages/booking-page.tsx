import type { BookingOffer } from '@junction/domain';
import { Button, Card, Result, Skeleton, Steps } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-context';
import { useErrorText } from '../../../shared/lib/error-text';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useMediaQuery } from '../../../shared/lib/use-media-query';
import { FormError } from '../../../shared/ui/form-error';
import { PassengerPicker } from '../../../widgets/passengers/passenger-picker';
import { RailAccountCard } from '../../../widgets/rail/rail-account-card';
import { RailTicketingChoice } from '../../../widgets/rail/rail-ticketing';
import { useBookingOffer } from '../api/orders';
import { BookingItineraryStep } from '../components/booking-itinerary-step';
import { BookingPaymentStep } from '../components/booking-payment-step';
import { BookingSummary } from '../components/booking-summary';
import { ContactForm } from '../components/contact-form';
import { ExtrasStep } from '../components/extras-step';
import styles from '../components/orders.module.css';
import { PriceChangeModal } from '../components/price-change-modal';
import { TravellerRows } from '../components/traveller-rows';
import type { BookingStep } from '../lib/booking-steps';
import { studentFareOf } from '../lib/student-fare';
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
      <div className={styles.page}>
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
      </div>
    );
  }
  if (offer.isPending || failure) {
    return (
      <div className={styles.page}>
        <h1 className={styles.pageTitle}>{t('booking.title')}</h1>
        <Card>
          <p className={styles.muted}>{t('booking.loading')}</p>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </div>
    );
  }
  if (offer.isError || !offer.data) {
    return (
      <div className={styles.page}>
        <Card>
          <FormError error={offer.error} />
        </Card>
      </div>
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
  const booking = useBooking(offer, searchId, seatClass);
  const { step, setStep, chosen, chooseTravellers, railSeat, setRailSeat, documentOf, setDocumentOf } = booking;
  const { extras, setExtras, showIssues, setShowIssues, rail, way, setWay, contact, setContact } = booking;
  const { contactIssues, party, priced, usable, route, stepOk, next } = booking;
  const stepTitles = [
    t('booking.steps.travellers'),
    t('booking.steps.itinerary'),
    t('booking.steps.extras'),
    t('booking.steps.payment'),
  ];

  return (
    <div className={styles.page} data-testid="booking-page">
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
                  studentOf={(id) => studentFareOf(offer, id, booking.extras)}
                  student={booking.student}
                  onStudent={(id, on) => booking.setStudent((s) => ({ ...s, [id]: on }))}
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
          {step === 1 ? <BookingItineraryStep offer={offer} extras={extras} /> : null}
          {step === 2 && party.ok ? (
            <ExtrasStep
              offer={offer}
              searchId={searchId}
              travellers={chosen}
              types={party.types}
              extras={extras}
              onChange={setExtras}
            />
          ) : null}
          {step === 3 && priced ? <BookingPaymentStep offer={offer} booking={booking} priced={priced} /> : null}
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
          <BookingSummary offer={offer} extras={extras} travellers={chosen.length} priced={priced} />
        </aside>
      </div>
      <PriceChangeModal booking={booking} />
    </div>
  );
}
