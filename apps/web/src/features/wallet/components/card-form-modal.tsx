import { LockOutlined } from '@ant-design/icons';
import { type ButtonProps, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../shared/lib/error-text';
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
import { WalletFormModal } from './wallet-form-modal';

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

  return (
    <WalletFormModal
      open={open}
      title={t('card.addTitle')}
      okText={t('card.save')}
      okButtonProps={{ 'data-testid': 'card-save' } as ButtonProps}
      pending={add.isPending || stripeCard.pending}
      width={720}
      form={form}
      initialValues={CARD_INITIAL_VALUES}
      onFinish={submit}
      testId="card-form"
      onClose={() => {
        add.reset();
        onClose();
      }}
      intro={
        <p className={styles.secureNote}>
          <LockOutlined /> {t('card.secure')}
        </p>
      }
    >
      <CardFields stripe={stripe ? <StripeCardField settings={stripe} card={stripeCard} /> : undefined} />
      <Form.Item name="description" label={t('card.description')} rules={[{ max: 60 }]}>
        <Input placeholder={t('card.descriptionPlaceholder')} data-testid="card-description" />
      </Form.Item>
      <FormError error={add.error} />
    </WalletFormModal>
  );
}
