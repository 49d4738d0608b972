import {
  type CardBrand,
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
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../shared/ui/country-select';
import { BrandMark } from './brand-mark';
import styles from './wallet.module.css';

/** A card as the wallet's forms take it (spec §3 wallet card fields). */
export type CardFieldValues = {
  number: string;
  expMonth: number;
  expYear: number;
  name: string;
  cvc: string;
  line1: string;
  line2?: string;
  city: string;
  region: string;
  country: string;
  zip: string;
  phone: string;
};

/** Errors of the processor's tokenisation that belong to one field of the card. */
export const CARD_FIELD_OF: Record<number, keyof CardFieldValues> = {
  [ERRORS.CARD_NUMBER_INVALID.errorCode]: 'number',
  [ERRORS.CARD_EXPIRY_INVALID.errorCode]: 'expMonth',
  [ERRORS.CARD_CVC_INVALID.errorCode]: 'cvc',
};

/** What goes to the processor's tokenisation endpoint (never to our API). */
export function toCard(v: CardFieldValues): TokenizeCardInput {
  return {
    number: v.number,
    expMonth: v.expMonth,
    expYear: v.expYear,
    name: v.name,
    cvc: v.cvc,
    billing: {
      line1: v.line1,
      line2: v.line2 ?? '',
      city: v.city,
      region: v.region,
      country: v.country,
      zip: v.zip,
      phone: v.phone,
    },
  };
}

/**
 * The fields of a card, inside the caller's form: number with its brand told by prefix and length and
 * a Luhn check, expiry, security code, name on card, and the billing address with its phone.
 */
export function CardFields({
  brand,
  onBrand,
}: {
  brand: CardBrand | null;
  onBrand: (brand: CardBrand | null) => void;
}) {
  const { t } = useTranslation('wallet');
  const year = Number(todayIso().slice(0, 4));
  const required = { required: true, message: t('card.required') };
  return (
    <>
      <Form.Item
        className={styles.wide}
        name="number"
        label={t('card.number')}
        validateTrigger="onBlur"
        normalize={(value: string) => formatCardNumber(value ?? '')}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const check = checkCardNumber(value ?? '');
              if (!check.ok) throw new Error(t(`card.numberErrors.${check.reason}`));
            },
          },
        ]}
      >
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="0000 0000 0000 0000"
          onChange={(e) => onBrand(cardBrandOf(e.target.value))}
          suffix={
            brand ? <BrandMark brand={brand} small /> : <span className={styles.brandHint}>{t('card.brands')}</span>
          }
          data-testid="card-number"
        />
      </Form.Item>
      <Form.Item label={t('card.expiry')} required className={styles.expiry}>
        <div className={styles.expiryRow}>
          <Form.Item name="expMonth" noStyle rules={[required]}>
            <Select
              showSearch
              placeholder={t('card.month')}
              options={Array.from({ length: 12 }, (_, i) => ({
                value: i + 1,
                label: String(i + 1).padStart(2, '0'),
              }))}
              data-testid="card-month"
              aria-label={t('card.month')}
            />
          </Form.Item>
          <Form.Item
            name="expYear"
            noStyle
            dependencies={['expMonth']}
            rules={[
              required,
              ({ getFieldValue }) => ({
                validator: async (_, value: number | undefined) => {
                  const month = getFieldValue('expMonth') as number | undefined;
                  if (value && month && !expiryValid(month, value, todayIso())) throw new Error(t('card.expired'));
                },
              }),
            ]}
          >
            <Select
              showSearch
              placeholder={t('card.year')}
              options={Array.from({ length: 16 }, (_, i) => ({ value: year + i, label: String(year + i) }))}
              data-testid="card-year"
              aria-label={t('card.year')}
            />
          </Form.Item>
        </div>
      </Form.Item>
      <Form.Item
        name="cvc"
        label={t('card.cvc')}
        validateTrigger="onBlur"
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (!cvcValid(value ?? '', brand)) throw new Error(t('card.cvcError', { count: cvcLengthOf(brand) }));
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
      <Form.Item className={styles.wide} name="name" label={t('card.name')} rules={[required, { max: 80 }]}>
        <Input autoComplete="cc-name" placeholder={t('card.namePlaceholder')} data-testid="card-name" />
      </Form.Item>

      <h3 className={styles.formSection}>{t('card.billing')}</h3>
      <Form.Item className={styles.wide} name="line1" label={t('card.line1')} rules={[required, { max: 100 }]}>
        <Input autoComplete="address-line1" data-testid="billing-line1" />
      </Form.Item>
      <Form.Item className={styles.wide} name="line2" label={t('card.line2')} rules={[{ max: 100 }]}>
        <Input autoComplete="address-line2" placeholder={t('card.optional')} data-testid="billing-line2" />
      </Form.Item>
      <Form.Item name="city" label={t('card.city')} rules={[required, { max: 60 }]}>
        <Input autoComplete="address-level2" data-testid="billing-city" />
      </Form.Item>
      <Form.Item name="region" label={t('card.region')} rules={[required, { max: 60 }]}>
        <Input autoComplete="address-level1" data-testid="billing-region" />
      </Form.Item>
      <Form.Item name="country" label={t('card.country')} rules={[required]}>
        <CountrySelect data-testid="billing-country" aria-label={t('card.country')} />
      </Form.Item>
      <Form.Item name="zip" label={t('card.zip')} rules={[required, { max: 16 }]}>
        <Input autoComplete="postal-code" data-testid="billing-zip" />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('card.phone')}
        rules={[required, { pattern: /^\+?[\d\s-]{4,24}$/, message: t('card.phoneError') }]}
      >
        <Input autoComplete="tel" placeholder="+86 138 0013 8000" data-testid="billing-phone" />
      </Form.Item>
    </>
  );
}
