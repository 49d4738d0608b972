import { Form, type FormInstance } from 'antd';
import { revalidateShownErrors } from '../../../shared/lib/revalidate-shown';
import { CARD_INITIAL_VALUES, CardFields, type CardValues } from '../../../shared/ui/card/card-fields';
import styles from './payment.module.css';

/**
 * The new card an order is paid with: the shared card fields in the payment page's form, starting with
 * `typed` (what the traveller typed before a failed 3-D Secure check: the name and billing address).
 */
export function CardForm({
  form,
  disabled,
  typed,
}: {
  form: FormInstance<CardValues>;
  disabled: boolean;
  typed?: Pick<CardValues, 'name' | 'billing'>;
}) {
  return (
    <Form<CardValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={disabled}
      className={styles.cardForm}
      initialValues={typed ? { ...CARD_INITIAL_VALUES, ...typed } : CARD_INITIAL_VALUES}
      onValuesChange={revalidateShownErrors(form)}
      data-testid="card-form"
    >
      <CardFields />
    </Form>
  );
}
