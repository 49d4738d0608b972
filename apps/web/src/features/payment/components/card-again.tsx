import { type CardBrand, cvcLengthOf, cvcValid } from '@junction/domain';
import { Form, type FormInstance, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { brandName } from '../../../shared/ui/card/brand-mark';
import styles from './payment.module.css';

/**
 * A saved card charged again: its brand, last four and name, and its security code typed again, which
 * goes to the processor alone and is never kept.
 */
export function CardAgain(p: {
  form: FormInstance<{ cvc: string }>;
  card: { brand: CardBrand; last4: string; name: string };
  disabled: boolean;
  testId: string;
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
      <Form.Item
        label={tCard('cvc')}
        name="cvc"
        extra={t('saved.cvcHint')}
        validateTrigger="onBlur"
        rules={[
          { required: true, message: tCard('errors.required') },
          {
            validator: async (_rule, value: string | undefined) => {
              if (value && !cvcValid(value, brand)) throw new Error(tCard('errors.cvc', { count: cvcLengthOf(brand) }));
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
    </Form>
  );
}
