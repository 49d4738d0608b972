import { ERRORS, type Order, type PaymentState, type SavedCard } from '@junction/domain';
import { Form } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/api-error';
import { useErrorText } from '../../../shared/lib/error-text';
import { payDevice } from '../../../shared/lib/pay-device';
import { type CardValues, cardFieldOf, toTokenizeInput } from '../../../shared/ui/card/card-fields';
import { useStripeCard } from '../../../shared/ui/card/stripe-card';
import { useSavedCards, useSavedCardToken } from '../../../widgets/wallet/api/saved-cards';
import { usePaymentMethods, usePaymentState, usePayOrder, useTokenizeCard } from '../api/payment';
import type { Method } from '../components/method-choice';
import { type KeptCard, keptCard } from './kept-card';

const fresh = () => crypto.randomUUID();

/** Errors about a saved card's security code, shown beside its field: wrong, malformed, or the card locked. */
const CVC_ERRORS: readonly number[] = [
  ERRORS.CARD_CVC_INCORRECT.errorCode,
  ERRORS.CARD_CVC_INVALID.errorCode,
  ERRORS.CARD_LOCKED.errorCode,
];

/**
 * The payment page's state: the method chosen, the forms, the calls to the processor and to our API,
 * and where the attempt stands. Before the card's issuer checks 3-D Secure on its own page, the choice
 * and what was typed are kept (`keptCard`); when the check fails and the page comes back, they are
 * there again: the saved card chosen, or a new card's form with the name and billing address already
 * filled in (the number and security code are typed again: the processor pays a saved card of the
 * account only, never a card by a token the browser held).
 */
export function usePayment(order: Order, returningAttempt: string | null) {
  const errorText = useErrorText();
  const [form] = Form.useForm<CardValues>();
  const [cvcForm] = Form.useForm<{ cvc: string }>();
  const [method, setMethod] = useState<Method | null>(null);
  const [typed, setTyped] = useState<Pick<CardValues, 'name' | 'billing'> | undefined>(undefined);
  const offered = usePaymentMethods();
  const apps = (offered.data?.methods ?? []).filter((m) => m === 'alipay' || m === 'wechat');
  const cards = useSavedCards();
  const refetchCards = cards.refetch;
  const savedCards = (cards.data?.items ?? []).filter((c) => !c.expired);
  const savedCard: SavedCard | undefined = method?.startsWith('saved:')
    ? savedCards.find((c) => `saved:${c.id}` === method)
    : undefined;
  const savedToken = useSavedCardToken();
  const [methodMissing, setMethodMissing] = useState(false);
  const [outcome, setOutcome] = useState<PaymentState | null>(null);
  const tokenize = useTokenizeCard();
  const stripe = offered.data?.stripe;
  const stripeCard = useStripeCard();
  const stripeCvc = useStripeCard();
  const pay = usePayOrder();
  // The attempt to ask about: one whose answer is pending (or whose QR code waits to be scanned), or the
  // one the 3-D Secure page or the app's page came back from.
  const waiting = outcome?.outcome === 'processing' || Boolean(outcome?.qrCode);
  const asked = outcome ? (waiting ? outcome.attemptId : null) : returningAttempt;
  const returning = usePaymentState(order.id, asked);
  const submitting =
    tokenize.isPending || savedToken.isPending || pay.isPending || stripeCard.pending || stripeCvc.pending;
  const redirecting = useRef(false);
  const state = waiting ? (returning.data ?? outcome) : (outcome ?? returning.data);

  useEffect(() => {
    if (state?.outcome === 'action' && state.actionUrl && !redirecting.current) {
      redirecting.current = true;
      window.location.assign(state.actionUrl);
    }
    if (state?.outcome === 'succeeded' || state?.outcome === 'held') keptCard.forget(order.id);
  }, [state, order.id]);

  // Back from a failed 3-D Secure check: what was chosen and typed comes back.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current || outcome || !returningAttempt || returning.data?.outcome !== 'failed') return;
    restored.current = true;
    const found = keptCard.read(order.id);
    if (!found) return;
    setMethod(found.method);
    if (found.typed) setTyped(found.typed);
  }, [returning.data, returningAttempt, outcome, order.id]);

  const choose = (next: Method) => {
    setMethod(next);
    setMethodMissing(false);
  };
  /** Pays with a token; before the issuer's 3-D Secure page opens, keeps what it needs to come back to. */
  const payWith = async (body: Parameters<typeof pay.mutateAsync>[0]['body'], keep: KeptCard) => {
    const answer = await pay.mutateAsync({ body, key: fresh() }).catch(() => undefined);
    if (answer?.outcome === 'action') keptCard.save(order.id, keep);
    if (answer) setOutcome(answer);
  };

  const submit = async () => {
    if (!method) {
      setMethodMissing(true);
      return;
    }
    pay.reset();
    if (method === 'alipay' || method === 'wechat') {
      // The app's own page takes the payment (a desktop's cashier, or on a phone the page that opens the
      // app), or on a desktop WeChat Pay's QR code shown here.
      keptCard.forget(order.id);
      const body = { orderId: order.id, method: { kind: method, device: payDevice() } };
      const started = await pay.mutateAsync({ body, key: fresh() }).catch(() => undefined);
      if (started) setOutcome(started);
      return;
    }
    if (method === 'wallet') {
      keptCard.forget(order.id);
      const paid = await pay
        .mutateAsync({ body: { orderId: order.id, method: { kind: 'wallet' } }, key: fresh() })
        .catch(() => undefined);
      if (paid) setOutcome(paid);
      return;
    }
    if (savedCard && stripe) {
      // The security code typed again in Stripe's field goes to Stripe, which answers its token.
      const cvcToken = await stripeCvc.cvcToken();
      if (cvcToken)
        await payWith({ orderId: order.id, method: { kind: 'savedCard', cardId: savedCard.id, cvcToken } }, { method });
      return;
    }
    if (savedCard) {
      // The security code typed again goes to the processor alone; our API gets its token and the card's id.
      const typed = await cvcForm.validateFields().catch(() => undefined);
      if (!typed) return;
      savedToken.reset();
      const code = await savedToken.mutateAsync({ cvc: typed.cvc }).catch(() => undefined);
      if (!code) return;
      await payWith(
        { orderId: order.id, method: { kind: 'savedCard', cardId: savedCard.id, cvcToken: code.token } },
        { method },
      );
      return;
    }
    if (stripe) {
      // Stripe's own fields: the card goes to Stripe, which answers a token.
      const token = await stripeCard.tokenize();
      if (token) await payWith({ orderId: order.id, method: { kind: 'card', token } }, { method: 'card' });
      return;
    }
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    tokenize.reset();
    const card = await tokenize.mutateAsync(toTokenizeInput(values)).catch(() => undefined);
    if (!card) return;
    await payWith(
      { orderId: order.id, method: { kind: 'card', token: card.token } },
      { method: 'card', typed: { name: values.name, billing: values.billing } },
    );
  };

  // Card errors the processor found are shown beside their field.
  useEffect(() => {
    const e = tokenize.error;
    const field = cardFieldOf(e);
    if (field) form.setFields([{ name: field, errors: [errorText(e)] }]);
  }, [tokenize.error, form, errorText]);

  // A security code the processor or the card's issuer refused, or a card locked after three wrong ones, is
  // shown beside the saved card's code field; a wrong code or a lock is read again on the card's list.
  useEffect(() => {
    const e = pay.error ?? savedToken.error;
    if (!(e instanceof ApiError)) return;
    if (CVC_ERRORS.includes(e.errorCode)) cvcForm.setFields([{ name: 'cvc', errors: [errorText(e)] }]);
    if (e.errorCode === ERRORS.CARD_CVC_INCORRECT.errorCode || e.errorCode === ERRORS.CARD_LOCKED.errorCode)
      void refetchCards();
  }, [pay.error, savedToken.error, cvcForm, errorText, refetchCards]);

  return {
    apps,
    form,
    cvcForm,
    method,
    choose,
    typed,
    savedCards,
    savedCard,
    methodMissing,
    state,
    submit,
    submitting,
    stripe: stripe ? { settings: stripe, mounted: stripeCard.mounted, error: stripeCard.error } : null,
    stripeCvc: stripe ? { settings: stripe, mounted: stripeCvc.mounted, error: stripeCvc.error } : null,
    errors: { pay: pay.error, savedToken: savedToken.error, tokenize: tokenize.error },
  };
}
