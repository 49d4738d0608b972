import { type Identity, identityOf } from '@junction/domain';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountRules } from '../lib/rules';
import { AreaCodeField } from './area-code-field';

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
  return (
    <AreaCodeField
      name="account"
      label={t('login.account')}
      rules={[rules.account(() => country)]}
      validateTrigger={['onBlur', 'onSubmit']}
      country={country}
      onCountryChange={onCountryChange}
      withAreaCode={identity === 'mobile'}
      input={{ size: 'large', autoComplete: 'username', placeholder: t('login.accountPlaceholder') }}
    />
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
