import { MailOutlined } from '@ant-design/icons';
import { Alert, Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { FormError } from '../../../shared/ui/form-error';
import { useResendActivation } from '../api/register';
import styles from '../components/forms.module.css';

/** After e-mail registration: check the mailbox, with a resend. Without an e-mail it goes home (spec §2). */
export function PendingVerificationPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('pending.title'));
  const [params] = useSearchParams();
  const email = params.get('email');
  const { language } = usePreferences();
  const resend = useResendActivation();
  if (!email) return <Navigate to="/" replace />;

  return (
    <div className={styles.authPage}>
      <section className={styles.card}>
        <Result
          icon={<MailOutlined style={{ color: 'var(--j-primary)' }} />}
          title={t('pending.title')}
          subTitle={t('pending.text', { email })}
          extra={
            <>
              <p>{t('pending.notReceived')}</p>
              <Button onClick={() => resend.mutate({ email, language })} loading={resend.isPending}>
                {t('pending.resend')}
              </Button>
              {resend.isSuccess ? (
                <Alert style={{ marginTop: 16 }} type="success" showIcon title={t('pending.resent')} />
              ) : null}
              <FormError error={resend.error} className={styles.error} />
            </>
          }
        />
      </section>
    </div>
  );
}
