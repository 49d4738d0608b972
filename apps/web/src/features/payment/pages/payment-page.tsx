import {
  type Currency,
  convertMoney,
  cvcLengthOf,
  cvcValid,
  ERRORS,
  isAwaitingPayment,
  ORDER_STATUS,
  type Order,
  type PaymentState,
  type SavedCard,
} from '@junction/domain';
import { Alert, Button, Card, Form, Input, Radio, Result, Skeleton } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { useCurrencyTable } from '../../../shared/api/reference';
import { useErrorText } from '../../../shared/lib/error-text';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useSecondsUntil } from '../../../shared/lib/use-seconds-until';
import { paths } from '../../../shared/paths';
import { brandName } from '../../../shared/ui/card/brand-mark';
import { CARD_FIELD_OF, type CardValues, toTokenizeInput } from '../../../shared/ui/card/card-fields';
import { FormError } from '../../../shared/ui/form-error';
import { useFormatMoney } from '../../../shared/ui/price';
import { RecordGate } from '../../../shared/ui/record-gate';
import { useSavedCards, useSavedCardToken } from '../../../shared/wallet/api/saved-cards';
import { useWalletBalance } from '../../../shared/wallet/api/wallet-balance';
import { usePayableOrder, usePaymentState, usePayOrder, useTokenizeCard } from '../api/payment';
import { CardForm } from '../components/card-form';
import styles from '../components/payment.module.css';

/** A new card, the wallet's balance, or one of the wallet's saved cards (`saved:<id>`). */
type Method = 'card' | 'wallet' | `saved:${string}`;

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

/** The charge in CNY (what the card is charged), with the display currency beside it, rounded up (spec §9). */
function Charge({ amountMinor }: { amountMinor: number }) {
  const { currency } = usePreferences();
  const table = useCurrencyTable().data;
  const format = useFormatMoney();
  const cny = { amountMinor, currency: 'CNY' as const };
  const shown = currency !== 'CNY' && table ? convertMoney(cny, currency as Currency, table.rates.rates) : undefined;
  return (
    <span className={styles.charge}>
      <strong data-testid="charge-cny">{format(cny)}</strong>
      {shown ? (
        <span className={styles.converted} data-testid="charge-display">
          ≈ {format(shown)}
        </span>
      ) : null}
    </span>
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
  const tCard = useTranslation('card').t;
  const { language } = usePreferences();
  const errorText = useErrorText();
  const [form] = Form.useForm<CardValues>();
  const [cvcForm] = Form.useForm<{ cvc: string }>();
  const [method, setMethod] = useState<Method | null>(null);
  const wallet = useWalletBalance();
  const savedCards = (useSavedCards().data?.items ?? []).filter((c) => !c.expired);
  const savedCard: SavedCard | undefined = method?.startsWith('saved:')
    ? savedCards.find((c) => `saved:${c.id}` === method)
    : undefined;
  const savedToken = useSavedCardToken();
  const formatMoney = useFormatMoney();
  const [methodMissing, setMethodMissing] = useState(false);
  const [outcome, setOutcome] = useState<PaymentState | null>(null);
  const tokenize = useTokenizeCard();
  const pay = usePayOrder();
  // The attempt to ask about: one whose answer is pending, or the one the 3-D Secure page came back from.
  const asked = outcome ? (outcome.outcome === 'processing' ? outcome.attemptId : null) : returningAttempt;
  const returning = usePaymentState(order.id, asked);
  const left = useSecondsUntil(order.payment.deadline);
  const submitting = tokenize.isPending || savedToken.isPending || pay.isPending;
  const redirecting = useRef(false);

  // A waiting-list order: the card is authorised and the amount held, never the wallet (6208).
  const isWaitlist = order.waitlist?.status === 'awaiting_hold';
  const isDifference = order.status === ORDER_STATUS.PRICE_DIFFERENCE_DUE && order.priceDifference !== null;
  const amountMinor = isDifference ? (order.priceDifference?.amount ?? 0) : order.payment.price.amount;
  const state = outcome?.outcome === 'processing' ? (returning.data ?? outcome) : (outcome ?? returning.data);

  useEffect(() => {
    if (state?.outcome === 'action' && state.actionUrl && !redirecting.current) {
      redirecting.current = true;
      window.location.assign(state.actionUrl);
    }
  }, [state]);

  const alreadyPaid =
    (pay.error instanceof ApiError && pay.error.errorCode === ERRORS.ORDER_ALREADY_PAID.errorCode) ||
    (!isAwaitingPayment(order.status) && order.paymentStatus === 2 && state?.outcome !== 'succeeded');
  const isHeld = state?.outcome === 'held' || order.status === ORDER_STATUS.WAITLISTED;
  const closed =
    state?.outcome !== 'succeeded' &&
    !isHeld &&
    !alreadyPaid &&
    ((order.status === ORDER_STATUS.WAIT_PAYMENT && left === 0) || !isAwaitingPayment(order.status));

  const submit = async () => {
    if (!method) {
      setMethodMissing(true);
      return;
    }
    if (method === 'wallet') {
      pay.reset();
      const paid = await pay
        .mutateAsync({ body: { orderId: order.id, method: { kind: 'wallet' } }, key: crypto.randomUUID() })
        .catch(() => undefined);
      if (paid) setOutcome(paid);
      return;
    }
    if (savedCard) {
      // The saved card's token and the security code typed again go to the processor for a token that pays once.
      const typed = await cvcForm.validateFields().catch(() => undefined);
      if (!typed) return;
      savedToken.reset();
      pay.reset();
      const fresh = await savedToken.mutateAsync({ token: savedCard.token, cvc: typed.cvc }).catch(() => undefined);
      if (!fresh) return;
      const paid = await pay
        .mutateAsync({
          body: { orderId: order.id, method: { kind: 'savedCard', cardId: savedCard.id, token: fresh.token } },
          key: crypto.randomUUID(),
        })
        .catch(() => undefined);
      if (paid) setOutcome(paid);
      return;
    }
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    tokenize.reset();
    pay.reset();
    const card = await tokenize.mutateAsync(toTokenizeInput(values)).catch(() => undefined);
    if (!card) return;
    const answer = await pay
      .mutateAsync({
        body: { orderId: order.id, method: { kind: 'card', token: card.token } },
        key: crypto.randomUUID(),
      })
      .catch(() => undefined);
    if (answer) setOutcome(answer);
  };

  // Card errors the processor found are shown beside their field.
  useEffect(() => {
    const e = tokenize.error;
    if (!(e instanceof ApiError)) return;
    const field = CARD_FIELD_OF[e.errorCode];
    if (field) form.setFields([{ name: field, errors: [errorText(e)] }]);
  }, [tokenize.error, form, errorText]);

  // A security code the processor or the card's issuer refused is shown beside the saved card's code field.
  useEffect(() => {
    const e = pay.error ?? savedToken.error;
    if (!(e instanceof ApiError)) return;
    if (e.errorCode === ERRORS.CARD_CVC_INCORRECT.errorCode || e.errorCode === ERRORS.CARD_CVC_INVALID.errorCode)
      cvcForm.setFields([{ name: 'cvc', errors: [errorText(e)] }]);
  }, [pay.error, savedToken.error, cvcForm, errorText]);

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
          <Radio.Group
            value={method}
            onChange={(e) => {
              setMethod(e.target.value);
              setMethodMissing(false);
            }}
            className={styles.methods}
            data-testid="payment-methods"
          >
            {savedCards.map((c) => (
              <Radio.Button
                key={c.id}
                value={`saved:${c.id}`}
                className={styles.method}
                data-testid="method-saved-card"
              >
                <span className={styles.methodName}>
                  {brandName(c.brand)} •••• {c.last4}
                </span>
                <span className={styles.methodHint}>
                  {[
                    c.description,
                    t('saved.expires', {
                      date: `${String(c.expMonth).padStart(2, '0')}/${String(c.expYear).slice(-2)}`,
                    }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </Radio.Button>
            ))}
            <Radio.Button value="card" className={styles.method} data-testid="method-card">
              <span className={styles.methodName}>{t('method.card')}</span>
              <span className={styles.methodHint}>{t('method.cardHint')}</span>
            </Radio.Button>
            <Radio.Button value="wallet" className={styles.method} disabled={isWaitlist} data-testid="method-wallet">
              <span className={styles.methodName}>{t('method.wallet')}</span>
              <span className={styles.methodHint} data-testid="wallet-available">
                {isWaitlist
                  ? t('waitlist.walletOff')
                  : wallet.data
                    ? t('method.walletHint', {
                        balance: formatMoney({ amountMinor: wallet.data.balance.amount, currency: 'CNY' }),
                      })
                    : ''}
              </span>
            </Radio.Button>
          </Radio.Group>
          {methodMissing ? (
            <Alert
              type="error"
              showIcon
              title={errorText(ERRORS.PAYMENT_METHOD_REQUIRED.errorCode)}
              className={styles.alert}
              data-testid="method-required"
            />
          ) : null}
          {method === 'card' ? <CardForm form={form} disabled={submitting} /> : null}
          {savedCard ? (
            <Form
              form={cvcForm}
              layout="vertical"
              requiredMark={false}
              disabled={submitting}
              className={styles.cardForm}
              data-testid="saved-card-form"
            >
              <p className={styles.savedAs}>
                {t('saved.payingWith', {
                  card: `${brandName(savedCard.brand)} •••• ${savedCard.last4}`,
                  name: savedCard.name,
                })}
              </p>
              <Form.Item
                label={tCard('cvc')}
                name="cvc"
                extra={t('saved.cvcHint')}
                validateTrigger="onBlur"
                rules={[
                  { required: true, message: tCard('errors.required') },
                  {
                    validator: async (_rule, value: string | undefined) => {
                      if (value && !cvcValid(value, savedCard.brand))
                        throw new Error(tCard('errors.cvc', { count: cvcLengthOf(savedCard.brand) }));
                    },
                  },
                ]}
              >
                <Input.Password
                  className={styles.cvcInput}
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={cvcLengthOf(savedCard.brand)}
                  placeholder={savedCard.brand === 'amex' ? '1234' : '123'}
                  visibilityToggle={false}
                  data-testid="saved-cvc"
                />
              </Form.Item>
            </Form>
          ) : null}
        </Card>
        {failedCode ? (
          <Alert
            type="error"
            showIcon
            title={errorText(failedCode)}
            className={styles.alert}
            data-testid="payment-error"
          />
        ) : null}
        <FormError error={pay.error} className={styles.alert} />
        {savedToken.error &&
        !(savedToken.error instanceof ApiError && savedToken.error.errorCode === ERRORS.CARD_CVC_INVALID.errorCode) ? (
          <FormError error={savedToken.error} className={styles.alert} />
        ) : null}
        {tokenize.error &&
        !(tokenize.error instanceof ApiError && CARD_FIELD_OF[tokenize.error.errorCode] !== undefined) ? (
          <FormError error={tokenize.error} className={styles.alert} />
        ) : null}
        <div className={styles.submitRow}>
          <p className={styles.secure}>{t('secure')}</p>
          <Button type="primary" size="large" onClick={submit} loading={submitting} data-testid="pay-submit">
            {isWaitlist ? t('waitlist.pay') : t('pay')}
          </Button>
        </div>
      </>
    );

  return (
    <main className={styles.page} data-testid="payment-page">
      <h1 className={styles.title}>{isDifference ? t('titleDifference') : t('title')}</h1>
      <div className={styles.layout}>
        <div className={styles.main}>{body}</div>
        <aside className={styles.side}>
          <Card className={styles.summary}>
            <div className={styles.route}>
              {order.places.from[language]} → {order.places.to[language]}
            </div>
            <div className={styles.muted}>
              {t('orderNumber')} {order.orderNumber}
            </div>
            <div className={styles.amountLabel}>{isDifference ? t('difference') : t('total')}</div>
            <Charge amountMinor={amountMinor} />
            <div className={styles.muted}>{t('chargedInCny')}</div>
            {order.status === ORDER_STATUS.WAIT_PAYMENT && state?.outcome !== 'succeeded' ? (
              <div className={styles.timer}>
                <span className={styles.muted}>{t('payWithin')}</span>
                <strong className={styles.countdown} data-testid="payment-countdown">
                  {mm}:{ss}
                </strong>
              </div>
            ) : null}
          </Card>
          {state?.card ? (
            <p className={styles.muted}>
              {brandName(state.card.brand)} •••• {state.card.last4}
            </p>
          ) : null}
        </aside>
      </div>
    </main>
  );
}
