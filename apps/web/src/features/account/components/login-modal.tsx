import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../shared/auth/auth-context';
import { goAfterSignIn } from '../lib/redirect';
import { LoginForm } from './login-form';

/** Spec §2: the login dialog is 400 wide. */
export const LOGIN_MODAL_WIDTH = 400;

/** The global login dialog, opened by a 401 or by a page that needs a signed-in traveller. */
export function LoginModal() {
  const { t } = useTranslation('account');
  const { loginRequest, closeLogin } = useAuth();
  const navigate = useNavigate();
  return (
    <Modal
      open={loginRequest !== null}
      onCancel={closeLogin}
      footer={null}
      width={LOGIN_MODAL_WIDTH}
      title={t('login.title')}
      destroyOnHidden
      centered
      data-testid="login-modal"
    >
      <LoginForm
        linksInNewTab
        onSuccess={() => {
          const request = loginRequest ?? {};
          closeLogin();
          // Spec §2: the redirect, a reload with the refresh flag, and otherwise the home page.
          goAfterSignIn(navigate, request);
        }}
      />
    </Modal>
  );
}
