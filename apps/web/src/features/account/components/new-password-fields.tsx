import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountRules } from '../lib/rules';

export type NewPasswordFieldsProps = {
  name: string;
  label: string;
  confirmLabel: string;
  size?: 'large' | 'middle';
};

/** A new password with its rule hint, and the confirmation that must match it (spec §5). */
export function NewPasswordFields({ name, label, confirmLabel, size = 'large' }: NewPasswordFieldsProps) {
  const { t } = useTranslation('account');
  const rules = accountRules(t);
  return (
    <>
      {/* Spec §5: the password rule runs when the field is left, not at every keystroke. */}
      <Form.Item
        name={name}
        label={label}
        extra={t('register.passwordHint')}
        rules={[rules.password]}
        validateTrigger={['onBlur', 'onSubmit']}
      >
        <Input.Password size={size} autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label={confirmLabel} dependencies={[name]} rules={[rules.confirm(name)]}>
        <Input.Password size={size} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
