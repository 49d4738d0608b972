import {
  type BillingAddressInput,
  cardBrandOf,
  checkCardNumber,
  cvcLengthOf,
  cvcValid,
  ERRORS,
  expiryValid,
  formatCardNumber,
  type TokenizeCardInput,
  todayIso,
} from '@junction/domain';
import { Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/api-error';
import { CountrySelect } from '../country-select';
import { BrandMark } from './brand-mark';
import styles from './card.module.css';

/** A new card as every card form takes it (spec §3 wallet card fields). */
export type CardValues = {
  number: string;
  expMonth?: number;
  expYear?: number;
  name: string;
  cvc: string;
  billing: BillingAddressInput;
};

/** The values a card form starts with. */
export const CARD_INITIAL_VALUES = { billing: { country: 'CN', line2: '' } } as const;

/** Errors of the processor's tokenisation that belong to one field of the card. */
export const CARD_FIELD_OF: Readonly<Record<number, 'number' | 'expYear' | 'cvc'>> = {
  [ERRORS.CARD_NUMBER_INVALID.errorCode]: 'number',
  [ERRORS.CARD_EXPIRY_INVALID.errorCode]: 'expYear',
  [ERRORS.CARD_CVC_INVALID.errorCode]: 'cvc',
};

/** The field of the card a failed call's error belongs to, shown beside it; none for any other error. */
export function cardFieldOf(error: unknown): 'number' | 'expYear' | 'cvc' | undefined {
  return error instanceof ApiError ? CARD_FIELD_OF[error.errorCode] : undefined;
}

/** What goes to the processor's tokenisation endpoint (never to our API). */
export function toTokenizeInput(values: CardValues): TokenizeCardInput {
  return {
    number: values.number,
    expMonth: values.expMonth ?? 0,
    expYear: values.expYear ?? 0,
    name: values.name,
    cvc: values.cvc,
    billing: { ...values.billing, line2: values.billing.line2 ?? '' },
  };
}

/**
 * The fields of a new card, inside the caller's antd form (spec §3 wallet card fields, §5 card rules):
 * number with its brand told by prefix and length and a Luhn check as it is typed, expiry, security code,
 * name on card, and the billing address with its phone; each error beside its field. Used wherever a card
 * is entered: paying an order, saving a card, topping up the wallet. With Stripe, its own card field
 * (`stripe`) takes the place of the number, expiry and security code.
 */
export function CardFields({ stripe }: { stripe?: ReactNode } = {}) {
  const { t } = useTranslation('card');
  const form = Form.useFormInstance<CardValues>();
  const number: string = Form.useWatch('number', form) ?? '';
  const brand = cardBrandOf(number);
  const thisYear = Number(todayIso().slice(0, 4));
  const required = { required: true, message: t('errors.required') };
  const text = (max: number) => [
    { ...required, whitespace: true },
    { max, message: t('errors.tooLong', { max }) },
  ];

  return (
    <div className={styles.grid}>
      {stripe ? (
        <div className={styles.wide}>{stripe}</div>
      ) : (
        <>
          <Form.Item
            className={styles.wide}
            name="number"
            label={t('number')}
            extra={<span data-testid="card-brands">{t('accepted')}</span>}
            validateTrigger="onBlur"
            normalize={(value: string) => formatCardNumber(value ?? '')}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  const checked = checkCardNumber(value ?? '');
                  if (!checked.ok) throw new Error(t(`errors.${checked.reason}`));
                },
              },
            ]}
          >
            <Input
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="0000 0000 0000 0000"
              maxLength={23}
              suffix={<span data-testid="card-brand">{brand ? <BrandMark brand={brand} small /> : null}</span>}
              data-testid="card-number"
            />
          </Form.Item>
          <Form.Item label={t('expiry')} required>
            <div className={styles.expiryRow}>
              <Form.Item name="expMonth" noStyle rules={[required]}>
                <Select
                  showSearch
                  optionFilterProp="label"
                  placeholder={t('month')}
                  options={Array.from({ length: 12 }, (_, i) => ({
                    value: i + 1,
                    label: String(i + 1).padStart(2, '0'),
                  }))}
                  aria-label={t('expMonth')}
                  data-testid="card-exp-month"
                />
              </Form.Item>
              <Form.Item
                name="expYear"
                noStyle
                dependencies={['expMonth']}
                rules={[
                  required,
                  {
                    validator: async (_rule, year: number | undefined) => {
                      const month = form.getFieldValue('expMonth') as number | undefined;
                      if (year === undefined || month === undefined) return;
                      if (!expiryValid(month, year, todayIso())) throw new Error(t('errors.expired'));
                    },
                  },
                ]}
              >
                <Select
                  showSearch
                  optionFilterProp="label"
                  placeholder={t('year')}
                  options={Array.from({ length: 16 }, (_, i) => ({ value: thisYear + i, label: String(thisYear + i) }))}
                  aria-label={t('expYear')}
                  data-testid="card-exp-year"
                />
              </Form.Item>
            </div>
          </Form.Item>
          <Form.Item
            name="cvc"
            label={t('cvc')}
            validateTrigger="onBlur"
            rules={[
              required,
              {
                validator: async (_rule, value: string | undefined) => {
                  if (!value) return;
                  if (!cvcValid(value, brand)) throw new Error(t('errors.cvc', { count: cvcLengthOf(brand) }));
                },
              },
            ]}
          >
            <Input.Password
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={cvcLengthOf(brand)}
              placeholder={'•'.repeat(cvcLengthOf(brand))}
              visibilityToggle={false}
              data-testid="card-cvc"
            />
          </Form.Item>
        </>
      )}
      <Form.Item className={styles.wide} name="name" label={t('name')} rules={text(80)}>
        <Input autoComplete="cc-name" placeholder={t('namePlaceholder')} data-testid="card-name" />
      </Form.Item>

      <h3 className={styles.section}>{t('billing')}</h3>
      <Form.Item className={styles.wide} name={['billing', 'line1']} label={t('line1')} rules={text(100)}>
        <Input autoComplete="address-line1" data-testid="billing-line1" />
      </Form.Item>
      <Form.Item
        className={styles.wide}
        name={['billing', 'line2']}
        label={t('line2')}
        rules={[{ max: 100, message: t('errors.tooLong', { max: 100 }) }]}
      >
        <Input autoComplete="address-line2" placeholder={t('optional')} data-testid="billing-line2" />
      </Form.Item>
      <Form.Item name={['billing', 'city']} label={t('city')} rules={text(60)}>
        <Input autoComplete="address-level2" data-testid="billing-city" />
      </Form.Item>
      <Form.Item name={['billing', 'region']} label={t('region')} rules={text(60)}>
        <Input autoComplete="address-level1" data-testid="billing-region" />
      </Form.Item>
      <Form.Item name={['billing', 'country']} label={t('country')} rules={[required]}>
        <CountrySelect data-testid="billing-country" aria-label={t('country')} />
      </Form.Item>
      <Form.Item name={['billing', 'zip']} label={t('zip')} rules={text(16)}>
        <Input autoComplete="postal-code" data-testid="billing-zip" />
      </Form.Item>
      <Form.Item
        className={styles.wide}
        name={['billing', 'phone']}
        label={t('phone')}
        rules={[required, { pattern: /^\+?[\d\s-]{4,24}$/, message: t('errors.phone') }]}
      >
        <Input autoComplete="tel" inputMode="tel" placeholder="+86 138 0013 8000" data-testid="billing-phone" />
      </Form.Item>
    </div>
  );
}
