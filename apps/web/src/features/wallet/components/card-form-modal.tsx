import { LockOutlined } from '@ant-design/icons';
import { type ButtonProps, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../shared/lib/error-text';
import { revalidateShownErrors } from '../../../shared/lib/revalidate-shown';
import {
  CARD_INITIAL_VALUES,
  CardFields,
  type CardValues,
  cardFieldOf,
  toTokenizeInput,
} from '../../../shared/ui/card/card-fields';
import { type StripeSettings, useStripeCard } from '../../../shared/ui/card/stripe-card';
import { StripeCardField } from '../../../shared/ui/card/stripe-field';
import { FormError } from '../../../shared/ui/form-error';
import { useAddCard, useSetUpCard } from '../api/wallet';
import styles from './wallet.module.css';

type Values = CardValues & { description?: string };

export type CardFormModalProps = {
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
  /** Stripe's card field, when Stripe takes the cards: the card is set up at Stripe from it. */
  stripe?: StripeSettings | undefined;
};

/**
 * Adds a card to the wallet (spec §3 wallet card, §5 card rules): number with its brand told by prefix
 * and length and a Luhn check, expiry, name, security code, billing address, phone and a description.
 * The card goes to the processor's tokenisation (with Stripe, its own field confirms a setup at Stripe);
 * the security code is not kept anywhere.
 */
export function CardFormModal({ open, onClose, onSaved, stripe }: CardFormModalProps) {
  const { t } = useTranslation('wallet');
  const errorText = useErrorText();
  const [form] = Form.useForm<Values>();
  const typedAdd = useAddCard();
  const setUp = useSetUpCard();
  const add = stripe ? setUp : typedAdd;
  const stripeCard = useStripeCard();

  const submit = async (v: Values) => {
    add.reset();
    if (stripe) {
      const billing = { ...v.billing, line2: v.billing.line2 ?? '' };
      const card = { name: v.name, billing, description: v.description ?? '' };
      const saved = await setUp
        .mutateAsync({ card, confirm: (secret) => stripeCard.confirmSetup(secret, v.name) })
        .catch(() => null);
      if (!saved) return;
      form.resetFields();
      onSaved();
      return;
    }
    try {
      await typedAdd.mutateAsync({ card: toTokenizeInput(v), description: v.description ?? '' });
      form.resetFields();
      onSaved();
    } catch (e) {
      const field = cardFieldOf(e);
      if (field) {
        add.reset();
        form.setFields([{ name: field, errors: [errorText(e)] }]);
      }
    }
  };

  const close = () => {
    form.resetFields();
    add.reset();
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('card.addTitle')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('card.save')}
      cancelText={t('card.cancel')}
      confirmLoading={add.isPending || stripeCard.pending}
      okButtonProps={{ 'data-testid': 'card-save' } as ButtonProps}
      width={720}
      destroyOnHidden
    >
      <p className={styles.secureNote}>
        <LockOutlined /> {t('card.secure')}
      </p>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={CARD_INITIAL_VALUES}
        onValuesChange={revalidateShownErrors(form)}
        data-testid="card-form"
      >
        <CardFields stripe={stripe ? <StripeCardField settings={stripe} card={stripeCard} /> : undefined} />
        <Form.Item name="description" label={t('card.description')} rules={[{ max: 60 }]}>
          <Input placeholder={t('card.descriptionPlaceholder')} data-testid="card-description" />
        </Form.Item>
        <FormError error={add.error} />
      </Form>
    </Modal>
  );
}
