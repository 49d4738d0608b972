import { type CardBrand, cvcLengthOf, cvcValid } from '@junction/domain';
import { Form, type FormInstance, Input } from 'antd';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { brandName } from '../../../shared/ui/card/brand-mark';
import type { MountedCard, StripeSettings } from '../../../shared/ui/card/stripe-card';
import { StripeField } from '../../../shared/ui/card/stripe-field';
import styles from './payment.module.css';

/**
 * A saved card charged again: its brand, last four and name, and its security code typed again, which
 * goes to the processor alone and is never kept (with Stripe, in Stripe's own security-code field).
 */
export function CardAgain(p: {
  form: FormInstance<{ cvc: string }>;
  card: { brand: CardBrand; last4: string; name: string };
  disabled: boolean;
  testId: string;
  stripe?: { settings: StripeSettings; mounted: RefObject<MountedCard | null>; error: string | null } | null;
}) {
  const { t } = useTranslation('payment');
  const tCard = useTranslation('card').t;
  const { brand } = p.card;
  return (
    <Form
      form={p.form}
      layout="vertical"
      requiredMark={false}
      disabled={p.disabled}
      className={styles.cardForm}
      data-testid={p.testId}
    >
      <p className={styles.savedAs}>
        {t('saved.payingWith', { card: `${brandName(brand)} •••• ${p.card.last4}`, name: p.card.name })}
      </p>
      {p.stripe ? (
        <StripeField {...p.stripe} kind="cardCvc" label={tCard('cvc')} testId="stripe-cvc" />
      ) : (
        <Form.Item
          label={tCard('cvc')}
          name="cvc"
          extra={t('saved.cvcHint')}
          validateTrigger="onBlur"
          rules={[
            { required: true, message: tCard('errors.required') },
            {
              validator: async (_rule, value: string | undefined) => {
                if (value && !cvcValid(value, brand))
                  throw new Error(tCard('errors.cvc', { count: cvcLengthOf(brand) }));
              },
            },
          ]}
        >
          <Input.Password
            className={styles.cvcInput}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={cvcLengthOf(brand)}
            placeholder={brand === 'amex' ? '1234' : '123'}
            visibilityToggle={false}
            data-testid="saved-cvc"
          />
        </Form.Item>
      )}
    </Form>
  );
}
