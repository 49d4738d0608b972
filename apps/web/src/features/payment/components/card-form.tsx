import {
  type BillingAddressInput,
  type CardBrand,
  cardBrandOf,
  checkCardNumber,
  cvcLengthOf,
  cvcValid,
  expiryValid,
  formatCardNumber,
  type TokenizeCardInput,
  todayIso,
} from '@junction/domain';
import { Col, Form, type FormInstance, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { revalidateShownErrors } from '../../../shared/lib/revalidate-shown';
import { CountrySelect } from '../../../shared/ui/country-select';
import styles from './payment.module.css';

export type CardFormValues = {
  number: string;
  expMonth?: number;
  expYear?: number;
  name: string;
  cvc: string;
  billing: BillingAddressInput;
};

const BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export const brandName = (brand: CardBrand) => BRAND_NAMES[brand];

export function toTokenizeInput(values: CardFormValues): TokenizeCardInput {
  return {
    number: values.number,
    expMonth: values.expMonth ?? 0,
    expYear: values.expYear ?? 0,
    name: values.name,
    cvc: values.cvc,
    billing: values.billing,
  };
}

/**
 * The card form (spec §3 wallet card fields, §5 card rules): number with its brand detected as it is
 * typed, expiry, name, security code and billing address; each error beside its field. Its values go to
 * the card processor only.
 */
export function CardForm({ form, disabled }: { form: FormInstance<CardFormValues>; disabled: boolean }) {
  const { t } = useTranslation('payment');
  const number = Form.useWatch('number', form) ?? '';
  const brand = cardBrandOf(number);
  const thisYear = Number(todayIso().slice(0, 4));
  const required = { required: true, message: t('card.errors.required') };

  return (
    <Form<CardFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={disabled}
      className={styles.cardForm}
      initialValues={{ billing: { country: 'CN', line2: '' } }}
      onValuesChange={revalidateShownErrors(form)}
      data-testid="card-form"
    >
      <Form.Item
        label={t('card.number')}
        name="number"
        normalize={(v: string) => formatCardNumber(v)}
        validateTrigger="onBlur"
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const checked = checkCardNumber(value ?? '');
              if (checked.ok) return;
              throw new Error(
                t(checked.reason === 'required' ? 'card.errors.required' : `card.errors.${checked.reason}`),
              );
            },
          },
        ]}
      >
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="0000 0000 0000 0000"
          maxLength={23}
          suffix={
            <span className={styles.brand} data-testid="card-brand">
              {brand ? brandName(brand) : ''}
            </span>
          }
          data-testid="card-number"
        />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={12} md={6}>
          <Form.Item label={t('card.expMonth')} name="expMonth" rules={[required]}>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder="MM"
              options={Array.from({ length: 12 }, (_, i) => ({ value: i + 1, label: String(i + 1).padStart(2, '0') }))}
              data-testid="card-exp-month"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            label={t('card.expYear')}
            name="expYear"
            dependencies={['expMonth']}
            rules={[
              required,
              {
                validator: async (_rule, year: number | undefined) => {
                  const month = form.getFieldValue('expMonth') as number | undefined;
                  if (year === undefined || month === undefined) return;
                  if (!expiryValid(month, year, todayIso())) throw new Error(t('card.errors.expired'));
                },
              },
            ]}
          >
            <Select
              showSearch
              optionFilterProp="label"
              placeholder="YYYY"
              options={Array.from({ length: 16 }, (_, i) => ({ value: thisYear + i, label: String(thisYear + i) }))}
              data-testid="card-exp-year"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={t('card.cvc')}
            name="cvc"
            validateTrigger="onBlur"
            rules={[
              required,
              {
                validator: async (_rule, value: string | undefined) => {
                  if (!value) return;
                  if (!cvcValid(value, brand)) throw new Error(t('card.errors.cvc', { count: cvcLengthOf(brand) }));
                },
              },
            ]}
          >
            <Input.Password
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={cvcLengthOf(brand)}
              placeholder={brand === 'amex' ? '1234' : '123'}
              visibilityToggle={false}
              data-testid="card-cvc"
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('card.name')} name="name" rules={[{ ...required, whitespace: true }]}>
        <Input autoComplete="cc-name" placeholder={t('card.namePlaceholder')} data-testid="card-name" />
      </Form.Item>

      <div className={styles.billingTitle}>{t('card.billing')}</div>
      <Form.Item label={t('card.line1')} name={['billing', 'line1']} rules={[{ ...required, whitespace: true }]}>
        <Input autoComplete="address-line1" data-testid="billing-line1" />
      </Form.Item>
      <Form.Item label={t('card.line2')} name={['billing', 'line2']}>
        <Input autoComplete="address-line2" placeholder={t('card.optional')} data-testid="billing-line2" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item label={t('card.city')} name={['billing', 'city']} rules={[{ ...required, whitespace: true }]}>
            <Input autoComplete="address-level2" data-testid="billing-city" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('card.region')} name={['billing', 'region']} rules={[{ ...required, whitespace: true }]}>
            <Input autoComplete="address-level1" data-testid="billing-region" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label={t('card.country')} name={['billing', 'country']} rules={[required]}>
            <CountrySelect data-testid="billing-country" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            label={t('card.zip')}
            name={['billing', 'zip']}
            rules={[
              { ...required, whitespace: true },
              { max: 16, message: t('card.errors.zip') },
            ]}
          >
            <Input autoComplete="postal-code" data-testid="billing-zip" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        label={t('card.phone')}
        name={['billing', 'phone']}
        rules={[required, { pattern: /^\+?[\d\s-]{4,24}$/, message: t('card.errors.phone') }]}
      >
        <Input autoComplete="tel" inputMode="tel" placeholder="+86 138 0013 8000" data-testid="billing-phone" />
      </Form.Item>
    </Form>
  );
}
