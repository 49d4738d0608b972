import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useErrorText } from '../../../shared/lib/error-text';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useVerifyEmail } from '../api/register';
import styles from '../components/forms.module.css';

/** The e-mail activation link: activates the account and signs the traveller in. */
export function VerifyPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('verify.working'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const errorText = useErrorText();
  const verify = useVerifyEmail();
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
            subTitle={errorText(verify.error)}
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
