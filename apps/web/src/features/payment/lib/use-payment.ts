import { ERRORS, type Order, type PaymentState, type SavedCard } from '@junction/domain';
import { Form } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../shared/api/api-error';
import { useErrorText } from '../../../shared/lib/error-text';
import { CARD_FIELD_OF, type CardValues, toTokenizeInput } from '../../../shared/ui/card/card-fields';
import { useSavedCards, useSavedCardToken } from '../../../shared/wallet/api/saved-cards';
import { usePaymentState, usePayOrder, useTokenizeCard } from '../api/payment';
import type { Method } from '../components/method-choice';
import { type KeptCard, keptCard } from './kept-card';

const fresh = () => crypto.randomUUID();

/**
 * The payment page's state: the method chosen, the forms, the calls to the processor and to our API,
 * and where the attempt stands. Before the card's issuer checks 3-D Secure on its own page, the choice
 * and the card typed are kept (`keptCard`); when the check fails and the page comes back, they are
 * there again: the same card, to be charged with its security code typed again, or another one with
 * the name and billing address already filled in.
 */
export function usePayment(order: Order, returningAttempt: string | null) {
  const errorText = useErrorText();
  const [form] = Form.useForm<CardValues>();
  const [cvcForm] = Form.useForm<{ cvc: string }>();
  const [method, setMethod] = useState<Method | null>(null);
  const [kept, setKept] = useState<KeptCard['card'] | null>(null);
  const [typed, setTyped] = useState<Pick<CardValues, 'name' | 'billing'> | undefined>(undefined);
  const savedCards = (useSavedCards().data?.items ?? []).filter((c) => !c.expired);
  const savedCard: SavedCard | undefined = method?.startsWith('saved:')
    ? savedCards.find((c) => `saved:${c.id}` === method)
    : undefined;
  const savedToken = useSavedCardToken();
  const [methodMissing, setMethodMissing] = useState(false);
  const [outcome, setOutcome] = useState<PaymentState | null>(null);
  const tokenize = useTokenizeCard();
  const pay = usePayOrder();
  // The attempt to ask about: one whose answer is pending, or the one the 3-D Secure page came back from.
  const asked = outcome ? (outcome.outcome === 'processing' ? outcome.attemptId : null) : returningAttempt;
  const returning = usePaymentState(order.id, asked);
  const submitting = tokenize.isPending || savedToken.isPending || pay.isPending;
  const redirecting = useRef(false);
  const state = outcome?.outcome === 'processing' ? (returning.data ?? outcome) : (outcome ?? returning.data);

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
    setKept(found.card ?? null);
    if (found.card) setTyped({ name: found.card.name, billing: found.card.billing });
  }, [returning.data, returningAttempt, outcome, order.id]);

  const choose = (next: Method) => {
    setMethod(next);
    setMethodMissing(false);
  };
  const otherCard = () => {
    setKept(null);
    cvcForm.resetFields();
    savedToken.reset();
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
    if (method === 'wallet') {
      keptCard.forget(order.id);
      const paid = await pay
        .mutateAsync({ body: { orderId: order.id, method: { kind: 'wallet' } }, key: fresh() })
        .catch(() => undefined);
      if (paid) setOutcome(paid);
      return;
    }
    const again = savedCard ? { token: savedCard.token } : method === 'card' && kept ? kept : null;
    if (again) {
      // A card the processor knows: its token and the security code typed again make a token that pays once.
      const code = await cvcForm.validateFields().catch(() => undefined);
      if (!code) return;
      savedToken.reset();
      const once = await savedToken.mutateAsync({ token: again.token, cvc: code.cvc }).catch(() => undefined);
      if (!once) return;
      const body = savedCard
        ? { orderId: order.id, method: { kind: 'savedCard' as const, cardId: savedCard.id, token: once.token } }
        : { orderId: order.id, method: { kind: 'card' as const, token: once.token } };
      await payWith(body, { method, ...(kept && !savedCard ? { card: kept } : {}) });
      return;
    }
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    tokenize.reset();
    const card = await tokenize.mutateAsync(toTokenizeInput(values)).catch(() => undefined);
    if (!card) return;
    await payWith(
      { orderId: order.id, method: { kind: 'card', token: card.token } },
      { method: 'card', card: { ...card, name: values.name, billing: values.billing } },
    );
  };

  // Card errors the processor found are shown beside their field.
  useEffect(() => {
    const e = tokenize.error;
    if (!(e instanceof ApiError)) return;
    const field = CARD_FIELD_OF[e.errorCode];
    if (field) form.setFields([{ name: field, errors: [errorText(e)] }]);
  }, [tokenize.error, form, errorText]);

  // A security code the processor or the card's issuer refused is shown beside the code typed again.
  useEffect(() => {
    const e = pay.error ?? savedToken.error;
    if (!(e instanceof ApiError)) return;
    if (e.errorCode === ERRORS.CARD_CVC_INCORRECT.errorCode || e.errorCode === ERRORS.CARD_CVC_INVALID.errorCode)
      cvcForm.setFields([{ name: 'cvc', errors: [errorText(e)] }]);
    // The processor no longer knows the kept card: it is typed again.
    if (e.errorCode === ERRORS.CARD_TOKEN_INVALID.errorCode && !savedCard) setKept(null);
  }, [pay.error, savedToken.error, cvcForm, errorText, savedCard]);

  return {
    form,
    cvcForm,
    method,
    choose,
    kept,
    typed,
    otherCard,
    savedCards,
    savedCard,
    methodMissing,
    state,
    submit,
    submitting,
    errors: { pay: pay.error, savedToken: savedToken.error, tokenize: tokenize.error },
  };
}
