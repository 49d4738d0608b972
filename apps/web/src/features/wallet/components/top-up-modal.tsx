import type { SavedCard, TopUpState } from '@junction/domain';
import { Alert, type ButtonProps, Form, InputNumber, Modal, Radio } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../shared/ui/form-error';
import { useFormatMoney } from '../../../shared/ui/price';
import { useTopUp } from '../api/wallet';
import { BrandMark } from './brand-mark';
import styles from './wallet.module.css';

export type TopUpModalProps = {
  open: boolean;
  cards: SavedCard[];
  minMinor: number;
  maxMinor: number;
  onClose: () => void;
  /** The top-up as the processor left it: succeeded, failed, waiting for 3-D Secure, or processing. */
  onDone: (state: TopUpState) => void;
};

type Values = { cardId: string; amount: number };
const PRESETS = [50_000, 100_000, 200_000, 500_000];

/** Tops up the balance from a saved card; one Idempotency-Key per top-up confirmed, kept across retries. */
export function TopUpModal({ open, cards, minMinor, maxMinor, onClose, onDone }: TopUpModalProps) {
  const { t } = useTranslation('wallet');
  const format = useFormatMoney();
  const [form] = Form.useForm<Values>();
  const topUp = useTopUp();
  const key = useRef<{ body: string; key: string } | null>(null);
  const [declined, setDeclined] = useState<number | null>(null);
  const usable = cards.filter((c) => !c.expired);
  const yuan = (minor: number) => format({ amountMinor: minor, currency: 'CNY' });

  const submit = async (v: Values) => {
    setDeclined(null);
    const amount = Math.round(v.amount * 100);
    const body = JSON.stringify([v.cardId, amount]);
    // The same top-up sent again (a retry after a lost answer) keeps its key; a changed one gets a new key.
    if (key.current?.body !== body) key.current = { body, key: crypto.randomUUID() };
    const state = await topUp.mutateAsync({ cardId: v.cardId, amount, key: key.current.key }).catch(() => null);
    if (!state) return;
    if (state.outcome === 'failed') {
      key.current = null;
      setDeclined(state.errorCode);
      return;
    }
    key.current = null;
    form.resetFields();
    onDone(state);
  };

  const close = () => {
    form.resetFields();
    topUp.reset();
    setDeclined(null);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('topUp.title')}
      onCancel={close}
      onOk={() => form.submit()}
      okText={t('topUp.submit')}
      cancelText={t('card.cancel')}
      confirmLoading={topUp.isPending}
      okButtonProps={{ 'data-testid': 'top-up-submit', disabled: usable.length === 0 } as ButtonProps}
      width={560}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ cardId: usable[0]?.id }}
        data-testid="top-up-form"
      >
        <Form.Item
          name="amount"
          label={t('topUp.amount')}
          extra={t('topUp.limits', { min: yuan(minMinor), max: yuan(maxMinor) })}
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
        <Form.Item name="cardId" label={t('topUp.card')} rules={[{ required: true, message: t('topUp.noCard') }]}>
          <Radio.Group className={styles.cardChoices}>
            {usable.map((c) => (
              <Radio key={c.id} value={c.id} className={styles.cardChoice} data-testid="top-up-card">
                <BrandMark brand={c.brand} small /> <span className={styles.choiceNumber}>•••• {c.last4}</span>
                {c.description ? <span className={styles.choiceDescription}>{c.description}</span> : null}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {usable.length === 0 ? <Alert type="info" showIcon title={t('topUp.noCard')} /> : null}
        {declined !== null ? <FormError error={declined} /> : null}
        <FormError error={topUp.error} />
      </Form>
    </Modal>
  );
}
