import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import styles from '../components/forms.module.css';
import { LoginForm } from '../components/login-form';
import { goAfterSignIn } from '../lib/redirect';

export function LoginPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('login.submit'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <div className={styles.authPage}>
      <section className={styles.card}>
        <h1>{t('login.title')}</h1>
        <p className={styles.cardSubtitle}>{t('login.subtitle')}</p>
        <LoginForm
          onSuccess={() =>
            goAfterSignIn(navigate, {
              redirect: params.get('redirect') ?? undefined,
              blank: params.get('blank') === '1',
              refresh: params.get('refresh') === '1',
            })
          }
        />
      </section>
    </div>
  );
}
