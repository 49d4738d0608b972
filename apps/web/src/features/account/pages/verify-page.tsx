import { ERRORS } from '@junction/domain';
import { Button, Form, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error';
import { useErrorText } from '../../../shared/lib/error-text';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { FormError } from '../../../shared/ui/form-error';
import { useVerifyEmail } from '../api/register';
import styles from '../components/forms.module.css';
import { NewPasswordFields } from '../components/new-password-fields';

const needsPassword = (error: unknown): boolean =>
  error instanceof ApiError && error.errorCode === ERRORS.ACTIVATION_PASSWORD_REQUIRED.errorCode;

/**
 * The e-mail activation link: activates the account and signs the traveller in. Opened in another browser
 * than the one that registered, it asks the mailbox owner to choose the password first.
 */
export function VerifyPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('verify.working'));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const errorText = useErrorText();
  const verify = useVerifyEmail();
  const setPassword = useVerifyEmail();
  const { mutate } = verify;
  useEffect(() => mutate({ token }), [mutate, token]);

  const asksPassword = verify.isError && needsPassword(verify.error);
  // A password the rules refuse stays on the form; a link that died meanwhile ends it.
  const linkDead = setPassword.isError && !isFormError(setPassword.error);

  return (
    <div className={styles.authPage}>
      <section className={styles.card} data-testid="verify-result">
        {verify.isSuccess || setPassword.isSuccess ? (
          <Result
            status="success"
            title={t('verify.done')}
            extra={
              <Link to="/">
                <Button type="primary">{t('verify.continue')}</Button>
              </Link>
            }
          />
        ) : verify.isPending || verify.isIdle ? (
          <Result icon={<Spin size="large" />} title={t('verify.working')} />
        ) : asksPassword && !linkDead ? (
          <>
            <h1>{t('verify.setTitle')}</h1>
            <p className={styles.cardSubtitle}>{t('verify.setText')}</p>
            <Form
              layout="vertical"
              requiredMark={false}
              data-testid="verify-password-form"
              onFinish={(values: { password: string }) => setPassword.mutate({ token, password: values.password })}
            >
              <NewPasswordFields
                name="password"
                label={t('verify.setPassword')}
                confirmLabel={t('verify.setConfirm')}
              />
              <FormError error={setPassword.error} className={styles.error} />
              <Button type="primary" htmlType="submit" size="large" block loading={setPassword.isPending}>
                {t('verify.setSubmit')}
              </Button>
            </Form>
          </>
        ) : (
          <Result
            status="warning"
            title={t('verify.failed')}
            subTitle={errorText(linkDead ? setPassword.error : verify.error)}
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

/** A refusal of the chosen password (too weak) stays on the form; a dead link does not. */
function isFormError(error: unknown): boolean {
  return error instanceof ApiError && error.errorCode === ERRORS.VALIDATION_FAILED.errorCode;
}
