import { DEFAULT_COUNTRY, ERRORS, identityOf } from '@junction/domain';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '../../../shared/ui/form-error';
import { useLogin } from '../api/sign-in';
import { accountRules } from '../lib/rules';
import { AccountField, accountCodeTarget } from './account-field';
import { AgreementLinks } from './agreement-links';
import { CodeField } from './code-field';
import styles from './forms.module.css';

type Values = { account: string; password?: string; code?: string };

export type LoginFormProps = {
  /** Called after a successful sign-in; the caller decides where to go. */
  onSuccess: () => void;
  /** In the modal, register and forgot-password open in a new tab (spec §2). */
  linksInNewTab?: boolean;
};

/**
 * Sign-in with mobile or e-mail and a password or a code. The account type follows what is typed:
 * anything but digits means e-mail (spec §4); the area code shows for mobile numbers only.
 */
export function LoginForm({ onSuccess, linksInNewTab = false }: LoginFormProps) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<Values>();
  const signIn = useLogin();
  const rules = accountRules(t);
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [codeError, setCodeError] = useState<unknown>(null);
  const account = Form.useWatch('account', form) ?? '';
  const identity = identityOf(account);
  const linkTarget = linksInNewTab ? { target: '_blank', rel: 'noopener' } : {};

  const submit = (values: Values) => {
    setCodeError(null);
    signIn.mutate(
      {
        username: values.account.trim(),
        identity,
        ...(identity === 'mobile' ? { district: country } : {}),
        ...(mode === 'password' ? { password: values.password } : { code: values.code }),
      },
      { onSuccess: () => onSuccess() },
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      className={styles.form}
      data-testid="login-form"
    >
      <AccountField identity={identity} country={country} onCountryChange={setCountry} />
      {mode === 'password' ? (
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[rules.required]}
          validateTrigger={['onBlur', 'onSubmit']}
        >
          <Input.Password size="large" autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} />
        </Form.Item>
      ) : (
        <CodeField purpose="login" onError={setCodeError} target={accountCodeTarget(form, country)} />
      )}
      <div className={styles.row}>
        <Button
          type="link"
          className={styles.inlineLink}
          onClick={() => setMode(mode === 'password' ? 'code' : 'password')}
        >
          {mode === 'password' ? t('login.withCode') : t('login.withPassword')}
        </Button>
        <Link to="/reset" {...linkTarget}>
          {t('login.forgot')}
        </Link>
      </div>
      {/* Spec §8: a sign-in failure without a more specific code reads as 1001. */}
      <FormError
        error={codeError ?? signIn.error}
        fallbackCode={ERRORS.LOGIN_FAILED.errorCode}
        className={styles.error}
      />
      <Button type="primary" htmlType="submit" size="large" block loading={signIn.isPending}>
        {t('login.submit')}
      </Button>
      <p className={styles.switch}>
        {t('login.noAccount')}{' '}
        <Link to="/register" {...linkTarget}>
          {t('login.register')}
        </Link>
      </p>
      <p className={styles.legal}>
        <AgreementLinks i18nKey="login.agreement" />
      </p>
    </Form>
  );
}
