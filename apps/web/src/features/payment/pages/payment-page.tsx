import { ERRORS, isAwaitingPayment, ORDER_STATUS, type Order, PAYMENT_STATUS } from '@junction/domain';
import { Alert, Button, Card, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { useErrorText } from '../../../shared/lib/error-text';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useSecondsUntil } from '../../../shared/lib/use-seconds-until';
import { paths } from '../../../shared/paths';
import { cardFieldOf } from '../../../shared/ui/card/card-fields';
import { FormError } from '../../../shared/ui/form-error';
import { RecordGate } from '../../../shared/ui/record-gate';
import { useWalletBalance } from '../../../widgets/wallet/api/wallet-balance';
import { usePayableOrder } from '../api/payment';
import { CardAgain } from '../components/card-again';
import { CardForm } from '../components/card-form';
import { MethodChoice } from '../components/method-choice';
import styles from '../components/payment.module.css';
import { Charge, PaymentSummary, type SummaryStage, useAmountLabel } from '../components/payment-summary';
import { StripeCardForm } from '../components/stripe-card-form';
import { WechatQr } from '../components/wechat-qr';
import { usePayment } from '../lib/use-payment';

/** Spec §9: after a successful payment the page returns to the order after 3 seconds. */
const RETURN_SECONDS = 3;

/** `/payment?id=…` (spec §2, §4): pay an order, or its price difference, before the deadline. */
export function PaymentPage() {
  const { t } = useTranslation('payment');
  useDocumentTitle(t('title'));
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const order = usePayableOrder(id);
  return (
    <RecordGate
      query={order}
      className={styles.page}
      skeletonRows={10}
      notFound={t('notFound')}
      allTrips={t('allTrips')}
    >
      {(data) => <PaymentView order={data} returningAttempt={params.get('attempt')} />}
    </RecordGate>
  );
}

function Succeeded({ order, held = false }: { order: Order; held?: boolean }) {
  const { t } = useTranslation('payment');
  const navigate = useNavigate();
  const [left, setLeft] = useState(RETURN_SECONDS);
  useEffect(() => {
    if (left <= 0) {
      navigate(paths.order(order.id), { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, navigate, order.id]);
  return (
    <Result
      status="success"
      title={held ? t('waitlist.heldTitle') : t('success.title')}
      subTitle={
        held
          ? `${t('waitlist.heldText')} ${t('success.returning', { count: left })}`
          : t('success.returning', { count: left })
      }
      extra={
        <Link to={paths.order(order.id)}>
          <Button type="primary">{t('success.now')}</Button>
        </Link>
      }
      data-testid={held ? 'payment-held' : 'payment-success'}
    />
  );
}

function PaymentView({ order, returningAttempt }: { order: Order; returningAttempt: string | null }) {
  const { t } = useTranslation('payment');
  const errorText = useErrorText();
  const wallet = useWalletBalance();
  const p = usePayment(order, returningAttempt);
  const { state, method, savedCard, errors } = p;
  const left = useSecondsUntil(order.payment.deadline);

  // A waiting-list order: the card is authorised and the amount held, never the wallet (6208).
  const isWaitlist = order.waitlist?.status === 'awaiting_hold';
  const isDifference = order.status === ORDER_STATUS.PRICE_DIFFERENCE_DUE && order.priceDifference !== null;
  const amountMinor = isDifference ? (order.priceDifference?.amount ?? 0) : order.payment.price.amount;

  const alreadyPaid =
    (errors.pay instanceof ApiError && errors.pay.errorCode === ERRORS.ORDER_ALREADY_PAID.errorCode) ||
    (!isAwaitingPayment(order.status) && order.paymentStatus === PAYMENT_STATUS.PAID && state?.outcome !== 'succeeded');
  const isHeld = state?.outcome === 'held' || order.status === ORDER_STATUS.WAITLISTED;
  const closed =
    state?.outcome !== 'succeeded' &&
    !isHeld &&
    !alreadyPaid &&
    ((order.status === ORDER_STATUS.WAIT_PAYMENT && left === 0) || !isAwaitingPayment(order.status));
  const stage: SummaryStage = state?.outcome === 'succeeded' || alreadyPaid ? 'paid' : isHeld ? 'held' : 'due';
  const payable = stage === 'due' && !closed && order.channel !== 'app';

  const mm = String(Math.floor(left / 60)).padStart(2, '0');
  const ss = String(left % 60).padStart(2, '0');
  const failedCode = state?.outcome === 'failed' ? state.errorCode : null;

  let body: React.ReactNode;
  if (state?.outcome === 'succeeded') body = <Succeeded order={order} />;
  else if (isHeld) body = <Succeeded order={order} held />;
  else if (order.channel === 'app')
    body = (
      <Result
        status="info"
        title={errorText(ERRORS.PAY_IN_APP.errorCode)}
        extra={
          <Link to={paths.download()}>
            <Button type="primary">{t('getApp')}</Button>
          </Link>
        }
        data-testid="pay-in-app"
      />
    );
  else if (alreadyPaid)
    body = (
      <Result
        status="warning"
        title={errorText(ERRORS.ORDER_ALREADY_PAID.errorCode)}
        extra={
          <Link to={paths.order(order.id)}>
            <Button type="primary">{t('viewOrder')}</Button>
          </Link>
        }
        data-testid="already-paid"
      />
    );
  else if (closed)
    body = (
      <Result
        status="warning"
        title={t('closed.title')}
        subTitle={t('closed.text')}
        extra={
          <Link to={paths.order(order.id)}>
            <Button type="primary">{t('viewOrder')}</Button>
          </Link>
        }
        data-testid="payment-closed"
      />
    );
  else if (state?.outcome === 'action' && state.qrCode) body = <WechatQr value={state.qrCode} />;
  else if (state?.outcome === 'processing' || state?.outcome === 'action')
    body = (
      <Result
        status="info"
        title={t('processing')}
        icon={<Skeleton.Avatar active />}
        data-testid="payment-processing"
      />
    );
  else
    body = (
      <>
        {/* A payment that failed (a card declined, a 3-D Secure check not passed) says so first. */}
        {failedCode ? <Alert type="error" showIcon title={errorText(failedCode)} data-testid="payment-error" /> : null}
        <Card title={t('method.title')} className={styles.card}>
          {isWaitlist ? (
            <Alert
              type="info"
              showIcon
              className={styles.alert}
              title={t('waitlist.noteTitle')}
              description={t('waitlist.note')}
              data-testid="waitlist-card-only"
            />
          ) : null}
          <MethodChoice
            apps={p.apps}
            value={method}
            onChange={p.choose}
            savedCards={p.savedCards}
            walletBalance={wallet.data?.balance.amount}
            walletOff={isWaitlist}
          />
          {p.methodMissing ? (
            <Alert
              type="error"
              showIcon
              title={errorText(ERRORS.PAYMENT_METHOD_REQUIRED.errorCode)}
              className={styles.alert}
              data-testid="method-required"
            />
          ) : null}
          {method === 'card' && p.stripe ? <StripeCardForm {...p.stripe} /> : null}
          {method === 'card' && !p.stripe ? <CardForm form={p.form} disabled={p.submitting} typed={p.typed} /> : null}
          {savedCard ? (
            <CardAgain
              form={p.cvcForm}
              card={savedCard}
              disabled={p.submitting}
              testId="saved-card-form"
              stripe={p.stripeCvc}
            />
          ) : null}
        </Card>
        <FormError error={errors.pay} className={styles.alert} />
        {errors.savedToken &&
        !(
          errors.savedToken instanceof ApiError && errors.savedToken.errorCode === ERRORS.CARD_CVC_INVALID.errorCode
        ) ? (
          <FormError error={errors.savedToken} className={styles.alert} />
        ) : null}
        {errors.tokenize && cardFieldOf(errors.tokenize) === undefined ? (
          <FormError error={errors.tokenize} className={styles.alert} />
        ) : null}
      </>
    );

  return (
    <main className={styles.page} data-testid="payment-page">
      <h1 className={styles.title}>{isDifference ? t('titleDifference') : t('title')}</h1>
      <div className={styles.layout}>
        <div className={styles.main}>
          {body}
          {payable ? (
            <PayBar
              amountMinor={amountMinor}
              isDifference={isDifference}
              label={isWaitlist ? t('waitlist.pay') : t('pay')}
              onPay={p.submit}
              note={method === 'alipay' ? t('alipaySecure') : method === 'wechat' ? t('wechatSecure') : t('secure')}
              submitting={p.submitting}
              busy={state?.outcome === 'processing' || state?.outcome === 'action'}
            />
          ) : null}
        </div>
        <aside className={styles.side}>
          <PaymentSummary
            order={order}
            amountMinor={amountMinor}
            isDifference={isDifference}
            stage={stage}
            method={
              method === null || !method.startsWith('saved:')
                ? (method as 'alipay' | 'wechat' | 'card' | 'wallet' | null)
                : 'saved'
            }
            state={state ?? null}
            countdown={order.status === ORDER_STATUS.WAIT_PAYMENT && stage === 'due' ? `${mm}:${ss}` : null}
          />
        </aside>
      </div>
    </main>
  );
}

/**
 * The note that card details go to the processor, and the Pay button; on a phone the button sits in a
 * bar held at the bottom of the screen with the amount beside it, wherever the form is scrolled.
 */
function PayBar(p: {
  amountMinor: number;
  isDifference: boolean;
  label: string;
  onPay: () => void;
  /** What reaches whom: card details the processor, an Alipay payment Alipay's own page. */
  note: string;
  submitting: boolean;
  busy: boolean;
}) {
  const amountLabel = useAmountLabel('due', p.isDifference);
  if (p.busy) return null;
  return (
    <div className={styles.submitRow}>
      <p className={styles.secure}>{p.note}</p>
      <div className={styles.payBar} data-testid="pay-bar">
        <div className={styles.barTotal}>
          <span className={styles.barLabel}>{amountLabel}</span>
          <Charge amountMinor={p.amountMinor} testId="pay-bar-total" />
        </div>
        <Button type="primary" size="large" onClick={p.onPay} loading={p.submitting} data-testid="pay-submit">
          {p.label}
        </Button>
      </div>
    </div>
  );
}
