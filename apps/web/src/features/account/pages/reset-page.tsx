import { DEFAULT_COUNTRY, identityOf } from '@junction/domain';
import { Button, Form, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { FormError } from '../../../shared/ui/form-error';
import { useResetPassword } from '../api/password';
import { AccountField, accountCodeTarget } from '../components/account-field';
import { CodeField } from '../components/code-field';
import styles from '../components/forms.module.css';
import { NewPasswordFields } from '../components/new-password-fields';

type Values = { account: string; code: string; password: string; confirm: string };

export function ResetPasswordPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('reset.title'));
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [codeError, setCodeError] = useState<unknown>(null);
  const account = Form.useWatch('account', form) ?? '';
  const identity = identityOf(account);

  const submit = (values: Values) => {
    setCodeError(null);
    reset.mutate({
      type: identity,
      target: values.account.trim(),
      ...(identity === 'mobile' ? { country } : {}),
      code: values.code,
      password: values.password,
    });
  };

  return (
    <div className={styles.authPage}>
      <section className={styles.card}>
        {reset.isSuccess ? (
          <Result
            status="success"
            title={t('reset.done')}
            extra={
              <Link to="/login">
                <Button type="primary">{t('reset.back')}</Button>
              </Link>
            }
          />
        ) : (
          <>
            <h1>{t('reset.title')}</h1>
            <p className={styles.cardSubtitle}>{t('reset.subtitle')}</p>
            <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="reset-form">
              <AccountField identity={identity} country={country} onCountryChange={setCountry} />
              <CodeField purpose="reset" onError={setCodeError} target={accountCodeTarget(form, country)} />
              <NewPasswordFields name="password" label={t('reset.newPassword')} confirmLabel={t('reset.confirm')} />

              <FormError error={codeError ?? reset.error} className={styles.error} />
              <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
                {t('reset.submit')}
              </Button>
              <p className={styles.switch}>
                <Link to="/login">{t('reset.back')}</Link>
              </p>
            </Form>
          </>
        )}
      </section>
    </div>
  );
}
