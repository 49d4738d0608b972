import { DEFAULT_COUNTRY, identityOf } from '@junction/domain';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../shared/api/api-client';
import { authApi } from '../../../shared/auth/auth-api';
import { useAuth } from '../../../shared/auth/auth-context';
import { useErrorMessage } from '../lib/errors';
import { accountRules } from '../lib/rules';
import { AccountField } from './account-field';
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
  const { completeSignIn } = useAuth();
  const errorMessage = useErrorMessage();
  const rules = accountRules(t);
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [mode, setMode] = useState<'password' | 'code'>('password');
  const [error, setError] = useState<string>();
  const [isLoading, setIsLoading] = useState(false);
  const account = Form.useWatch('account', form) ?? '';
  const identity = identityOf(account);
  const linkTarget = linksInNewTab ? { target: '_blank', rel: 'noopener' } : {};

  const submit = async (values: Values) => {
    setIsLoading(true);
    setError(undefined);
    try {
      const user = await authApi.login({
        username: values.account.trim(),
        identity,
        ...(identity === 'mobile' ? { district: country } : {}),
        ...(mode === 'password' ? { password: values.password } : { code: values.code }),
      });
      completeSignIn(user);
      onSuccess();
    } catch (err) {
      // Spec §8: 1409 (already signed in) fetches the current user and counts as success.
      if (err instanceof ApiError && err.errorCode === 1409) {
        completeSignIn(await authApi.currentUser());
        onSuccess();
      } else {
        setError(errorMessage(err));
      }
    } finally {
      setIsLoading(false);
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      onFinishFailed={() => setIsLoading(false)}
      className={styles.form}
      data-testid="login-form"
    >
      <AccountField identity={identity} country={country} onCountryChange={setCountry} />
      {mode === 'password' ? (
        <Form.Item name="password" label={t('login.password')} rules={[rules.required]}>
          <Input.Password size="large" autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} />
        </Form.Item>
      ) : (
        <CodeField
          purpose="login"
          onError={setError}
          target={() => {
            const value = (form.getFieldValue('account') as string | undefined)?.trim() ?? '';
            return value ? { type: identityOf(value), target: value, country } : null;
          }}
        />
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
      {error ? <Alert type="error" showIcon message={error} className={styles.error} data-testid="form-error" /> : null}
      <Button type="primary" htmlType="submit" size="large" block loading={isLoading}>
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
