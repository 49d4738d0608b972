import { type Identity, identityOf } from '@junction/domain';
import { Form, type FormInstance, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { AreaCodeSelect } from '../../../shared/ui/area-code-select';
import { accountRules } from '../lib/rules';

export type AccountFieldProps = {
  /** Mobile or e-mail, as the typed value says (spec §4); the area code shows for mobile only. */
  identity: Identity;
  country: string;
  onCountryChange: (country: string) => void;
};

/** "Mobile number or e-mail" with its area-code select, checked on blur by the rules of spec §5. */
export function AccountField({ identity, country, onCountryChange }: AccountFieldProps) {
  const { t } = useTranslation('account');
  const rules = accountRules(t);
  // The area code comes in front of a mobile number as it is typed; the keys keep the field itself (and its
  // focus) in place when it does.
  return (
    <Form.Item label={t('login.account')}>
      <Space.Compact block>
        {identity === 'mobile' ? (
          <AreaCodeSelect key="area" compact size="large" value={country} onChange={onCountryChange} />
        ) : null}
        <Form.Item
          key="account"
          name="account"
          noStyle
          rules={[rules.account(() => country)]}
          validateTrigger={['onBlur', 'onSubmit']}
        >
          <Input
            size="large"
            autoComplete="username"
            placeholder={t('login.accountPlaceholder')}
            aria-label={t('login.account')}
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}

/**
 * Where a code goes for the account typed in the form's AccountField, read when the code is asked for: the
 * mobile number with its area code, or the e-mail; none while the field is empty.
 */
export const accountCodeTarget = (form: FormInstance, country: string) => () => {
  const value = (form.getFieldValue('account') as string | undefined)?.trim() ?? '';
  return value ? { type: identityOf(value), target: value, country } : null;
};
