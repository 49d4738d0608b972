import { cvcLengthOf, cvcValid, ERRORS, type SavedCard, type TopUpApp, type TopUpState } from '@junction/domain';
import { Alert, type ButtonProps, Checkbox, Form, Input, InputNumber, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../shared/lib/error-text';
import { usePreferences } from '../../../shared/lib/preferences';
import { BrandMark } from '../../../shared/ui/card/brand-mark';
import {
  CARD_INITIAL_VALUES,
  CardFields,
  type CardValues,
  cardFieldOf,
  toTokenizeInput,
} from '../../../shared/ui/card/card-fields';
import { type StripeSettings, useStripeCard } from '../../../shared/ui/card/stripe-card';
import { StripeCardField, StripeField } from '../../../shared/ui/card/stripe-field';
import { FormError } from '../../../shared/ui/form-error';
import { PAY_APP_MARKS } from '../../../shared/ui/pay-marks';
import { useFormatMoney } from '../../../shared/ui/price';
import { type TopUpRequest, useTopUp } from '../api/wallet';
import styles from './wallet.module.css';
import { WalletFormModal } from './wallet-form-modal';

export type TopUpModalProps = {
  open: boolean;
  /** The wallet apps configured (Alipay, WeChat Pay), offered before the cards. */
  apps: readonly TopUpApp[];
  cards: SavedCard[];
  /**
   * Whether a new card may still be saved (the wallet keeps ten). Saving is offered either way: a card
   * kept already is saved again, and a new one beyond the limit is refused while the top-up goes on.
   */
  canSave: boolean;
  minMinor: number;
  maxMinor: number;
  /** Which cap makes `maxMinor` lower than one top-up's own: the last 24 hours' or the balance's. */
  capped: 'daily' | 'balance' | null;
  /** Stripe's fields, when Stripe takes the cards: a saved card's code and a new card are typed in them. */
  stripe?: StripeSettings | undefined;
  onClose: () => void;
  /** The top-up as the processor left it: succeeded, failed, waiting for 3-D Secure, or processing. */
  onDone: (state: TopUpState) => void;
};

/** The card a top-up comes from: a saved card's id, or `new` for a card typed in. */
type Values = Partial<CardValues> & {
  amount: number;
  source: string;
  savedCvc?: string;
  save?: boolean;
  description?: string;
};
const PRESETS = [50_000, 100_000, 200_000, 500_000];
const NEW = 'new';

/**
 * Tops up the balance by Alipay or WeChat Pay (paid on the app's page or its QR code), from a saved card,
 * its security code typed again, or from a new card, saved to the wallet afterwards if the traveller ticks
 * it. Card details and codes go to the processor only.
 */
export function TopUpModal(props: TopUpModalProps) {
  const { open, apps, cards, canSave, minMinor, maxMinor, capped, stripe, onClose, onDone } = props;
  const { t } = useTranslation('wallet');
  const stripeCard = useStripeCard();
  const stripeCvc = useStripeCard();
  const errorText = useErrorText();
  const format = useFormatMoney();
  const [form] = Form.useForm<Values>();
  const topUp = useTopUp();
  const [declined, setDeclined] = useState<number | null>(null);
  const { language } = usePreferences();
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  // A card locked after wrong security codes stays in the list, not chosen, saying until when.
  const choices = cards.filter((c) => !c.expired);
  const usable = choices.filter((c) => c.lockedUntil === null);
  const first = apps[0] ?? usable[0]?.id ?? NEW;
  const source = Form.useWatch('source', form) ?? first;
  const app = apps.find((a) => a === source);
  const save = Form.useWatch('save', form) ?? false;
  const chosen = choices.find((c) => c.id === source);
  const saved = chosen?.lockedUntil === null ? chosen : undefined;
  const locked = chosen && chosen.lockedUntil !== null ? chosen : undefined;
  const yuan = (minor: number) => format({ amountMinor: minor, currency: 'CNY' });

  /** What is asked of the processor: with Stripe, its fields answer the code's or the card's token first. */
  const requestOf = async (v: Values, amount: number): Promise<TopUpRequest | null> => {
    const save = v.save ? { description: v.description ?? '' } : undefined;
    if (app) return { amount, app };
    if (saved && stripe) {
      const cvcToken = await stripeCvc.cvcToken();
      return cvcToken ? { amount, saved: { card: saved, cvcToken } } : null;
    }
    if (saved) return { amount, saved: { card: saved, cvc: v.savedCvc ?? '' } };
    if (stripe) {
      const cardToken = await stripeCard.tokenize();
      const billing = { ...(v.billing as CardValues['billing']), line2: v.billing?.line2 ?? '' };
      return cardToken ? { amount, cardToken, holder: { name: v.name ?? '', billing }, save } : null;
    }
    return { amount, card: toTokenizeInput(v as CardValues), save };
  };

  const submit = async (v: Values) => {
    if (locked) return;
    setDeclined(null);
    topUp.reset();
    const amount = Math.round(v.amount * 100);
    const request = await requestOf(v, amount);
    if (!request) return;
    const state = await topUp.mutateAsync(request).catch((e: unknown) => {
      const field = cardFieldOf(e);
      if (field) {
        topUp.reset();
        form.setFields([{ name: saved ? 'savedCvc' : field, errors: [errorText(e)] }]);
      }
      return null;
    });
    if (!state) return;
    if (state.outcome === 'failed') {
      setDeclined(state.errorCode);
      // The issuer found the security code typed again wrong: said beside the field too.
      if (saved && state.errorCode === ERRORS.CARD_CVC_INCORRECT.errorCode)
        form.setFields([{ name: 'savedCvc', errors: [errorText(state.errorCode)] }]);
      return;
    }
    form.resetFields();
    onDone(state);
  };

  const close = () => {
    topUp.reset();
    setDeclined(null);
    onClose();
  };

  return (
    <WalletFormModal
      open={open}
      title={t('topUp.title')}
      okText={t('topUp.submit')}
      okButtonProps={{ 'data-testid': 'top-up-submit', disabled: locked !== undefined } as ButtonProps}
      pending={topUp.isPending || stripeCard.pending || stripeCvc.pending}
      width={source === NEW ? 720 : 560}
      form={form}
      initialValues={{ ...CARD_INITIAL_VALUES, source: first, save: canSave }}
      onFinish={submit}
      testId="top-up-form"
      onClose={close}
    >
      <Form.Item
        name="amount"
        label={t('topUp.amount')}
        extra={[
          t('topUp.limits', { min: yuan(minMinor), max: yuan(maxMinor) }),
          capped ? t(capped === 'daily' ? 'topUp.cappedDaily' : 'topUp.cappedBalance') : '',
        ]
          .filter(Boolean)
          .join(' ')}
        rules={[
          { required: true, message: t('card.required') },
          {
            validator: async (_, value: number | null) => {
              if (value === null || value === undefined) return;
              const minor = Math.round(value * 100);
              if (minor < minMinor || minor > maxMinor || Math.abs(value * 100 - minor) > 1e-6)
                throw new Error(t('topUp.limits', { min: yuan(minMinor), max: yuan(maxMinor) }));
            },
          },
        ]}
      >
        <InputNumber<number>
          className={styles.amountInput}
          prefix="¥"
          min={0}
          precision={2}
          step={100}
          size="large"
          data-testid="top-up-amount"
        />
      </Form.Item>
      <div className={styles.presets}>
        {PRESETS.map((p) => (
          <button
            type="button"
            key={p}
            className={styles.preset}
            onClick={() => form.setFieldsValue({ amount: p / 100 })}
          >
            {yuan(p)}
          </button>
        ))}
      </div>
      <Form.Item name="source" label={t('topUp.card')}>
        <Radio.Group className={styles.cardChoices}>
          {apps.map((a) => {
            const Mark = PAY_APP_MARKS[a];
            return (
              <Radio key={a} value={a} className={styles.cardChoice} data-testid={`top-up-${a}`}>
                <Mark size={20} /> <span className={styles.choiceNumber}>{t(`topUp.apps.${a}`)}</span>
                <span className={styles.choiceDescription}>{t(`topUp.apps.${a}Hint`)}</span>
              </Radio>
            );
          })}
          {choices.map((c) => (
            <Radio
              key={c.id}
              value={c.id}
              disabled={c.lockedUntil !== null && c.id !== source}
              className={styles.cardChoice}
              data-testid="top-up-card"
            >
              <BrandMark brand={c.brand} small /> <span className={styles.choiceNumber}>•••• {c.last4}</span>
              {c.lockedUntil !== null ? (
                <span className={styles.choiceDescription} data-testid="top-up-card-locked">
                  {t('card.lockedTag', { time: dateTime.format(new Date(c.lockedUntil)) })}
                </span>
              ) : c.description ? (
                <span className={styles.choiceDescription}>{c.description}</span>
              ) : null}
            </Radio>
          ))}
          <Radio value={NEW} className={styles.cardChoice} data-testid="top-up-new-card">
            <span className={styles.choiceNumber}>{t('topUp.newCard')}</span>
          </Radio>
        </Radio.Group>
      </Form.Item>
      {app ? null : saved && stripe ? (
        <StripeField
          settings={stripe}
          mounted={stripeCvc.mounted}
          error={stripeCvc.error}
          kind="cardCvc"
          label={t('topUp.cvc', { card: `${saved.brand.toUpperCase()} •••• ${saved.last4}` })}
          testId="stripe-cvc"
        />
      ) : saved ? (
        <Form.Item
          name="savedCvc"
          label={t('topUp.cvc', { card: `${saved.brand.toUpperCase()} •••• ${saved.last4}` })}
          extra={t('topUp.cvcHint')}
          validateTrigger="onBlur"
          rules={[
            { required: true, message: t('card.required') },
            {
              validator: async (_, value: string | undefined) => {
                if (value && !cvcValid(value, saved.brand))
                  throw new Error(t('card.cvcError', { count: cvcLengthOf(saved.brand) }));
              },
            },
          ]}
        >
          <Input.Password
            className={styles.cvcInput}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={cvcLengthOf(saved.brand)}
            placeholder={'•'.repeat(cvcLengthOf(saved.brand))}
            visibilityToggle={false}
            data-testid="top-up-cvc"
          />
        </Form.Item>
      ) : locked ? (
        <Alert type="warning" showIcon title={errorText(ERRORS.CARD_LOCKED.errorCode)} data-testid="top-up-locked" />
      ) : (
        <div className={styles.formGrid}>
          <div className={styles.wide}>
            <CardFields stripe={stripe ? <StripeCardField settings={stripe} card={stripeCard} /> : undefined} />
          </div>
          <Form.Item name="save" valuePropName="checked" className={styles.wide}>
            <Checkbox data-testid="top-up-save">{t('topUp.save')}</Checkbox>
          </Form.Item>
          {canSave ? null : (
            <Alert
              className={styles.wide}
              type="info"
              showIcon
              title={t('topUp.saveFull')}
              data-testid="top-up-save-full"
            />
          )}
          {save ? (
            <Form.Item name="description" label={t('card.description')} rules={[{ max: 60 }]}>
              <Input placeholder={t('card.descriptionPlaceholder')} data-testid="card-description" />
            </Form.Item>
          ) : null}
        </div>
      )}
      {usable.length === 0 && source === NEW ? <Alert type="info" showIcon title={t('topUp.noCard')} /> : null}
      {declined !== null && !locked ? <FormError error={declined} /> : null}
      <FormError error={topUp.error} />
    </WalletFormModal>
  );
}
