import { MailOutlined } from '@ant-design/icons';
import { Alert, Button, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { authApi } from '../../../shared/auth/auth-api';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import styles from '../components/forms.module.css';
import { useErrorMessage } from '../lib/errors';

/** After e-mail registration: check the mailbox, with a resend. Without an e-mail it goes home (spec §2). */
export function PendingVerificationPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('pending.title'));
  const [params] = useSearchParams();
  const email = params.get('email');
  const { language } = usePreferences();
  const errorMessage = useErrorMessage();
  const [notice, setNotice] = useState<{ type: 'success' | 'error'; text: string }>();
  const [isSending, setIsSending] = useState(false);
  if (!email) return <Navigate to="/" replace />;

  const resend = async () => {
    setIsSending(true);
    try {
      await authApi.resendActivation(email, language);
      setNotice({ type: 'success', text: t('pending.resent') });
    } catch (err) {
      setNotice({ type: 'error', text: errorMessage(err) });
    } finally {
      setIsSending(false);
    }
  };

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
              <Button onClick={resend} loading={isSending}>
                {t('pending.resend')}
              </Button>
              {notice ? <Alert style={{ marginTop: 16 }} type={notice.type} showIcon message={notice.text} /> : null}
            </>
          }
        />
      </section>
    </div>
  );
}
