import { useMutation } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { authApi } from '../../../shared/auth/auth-api';
import { useAuth } from '../../../shared/auth/auth-context';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import styles from '../components/forms.module.css';
import { useErrorMessage } from '../lib/errors';

/** The e-mail activation link: activates the account and signs the traveller in. */
export function VerifyPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('verify.working'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { completeSignIn } = useAuth();
  const errorMessage = useErrorMessage();
  const verify = useMutation({
    mutationFn: authApi.verifyEmail,
    onSuccess: completeSignIn,
    meta: { silent: true },
  });
  const { mutate } = verify;
  useEffect(() => mutate(token), [mutate, token]);

  return (
    <div className={styles.authPage}>
      <section className={styles.card} data-testid="verify-result">
        {verify.isPending || verify.isIdle ? (
          <Result icon={<Spin size="large" />} title={t('verify.working')} />
        ) : verify.isSuccess ? (
          <Result
            status="success"
            title={t('verify.done')}
            extra={
              <Link to="/">
                <Button type="primary">{t('verify.continue')}</Button>
              </Link>
            }
          />
        ) : (
          <Result
            status="warning"
            title={t('verify.failed')}
            subTitle={errorMessage(verify.error)}
            extra={
              <Link to="/login">
                <Button>{t('verify.login')}</Button>
              </Link>
            }
          />
        )}
      </section>
    </div>
  );
}
