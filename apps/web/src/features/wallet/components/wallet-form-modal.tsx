import { type ButtonProps, Form, type FormInstance, type FormProps, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { revalidateShownErrors } from '../../../shared/lib/revalidate-shown';

export type WalletFormModalProps<V> = {
  open: boolean;
  title: string;
  okText: string;
  okButtonProps: ButtonProps;
  /** While the card or the money is on its way: OK turns into a spinner. */
  pending: boolean;
  width: number;
  form: FormInstance<V>;
  initialValues: FormProps<V>['initialValues'];
  onFinish: (values: V) => void;
  testId: string;
  /** Told once the form has forgotten what was typed, for the dialog to forget its own errors and close. */
  onClose: () => void;
  /** What stands above the form. */
  intro?: ReactNode;
  children: ReactNode;
};

/**
 * A wallet dialog around one form (saving a card, topping up): OK submits the form, a field showing an
 * error checks itself again as it is corrected, and cancelling forgets everything typed.
 */
export function WalletFormModal<V>(p: WalletFormModalProps<V>) {
  const { t } = useTranslation('wallet');
  const close = () => {
    p.form.resetFields();
    p.onClose();
  };
  return (
    <Modal
      open={p.open}
      title={p.title}
      onCancel={close}
      onOk={() => p.form.submit()}
      okText={p.okText}
      cancelText={t('card.cancel')}
      confirmLoading={p.pending}
      okButtonProps={p.okButtonProps}
      width={p.width}
      destroyOnHidden
    >
      {p.intro}
      <Form<V>
        form={p.form}
        layout="vertical"
        requiredMark={false}
        onFinish={p.onFinish}
        initialValues={p.initialValues}
        onValuesChange={revalidateShownErrors(p.form)}
        data-testid={p.testId}
      >
        {p.children}
      </Form>
    </Modal>
  );
}
