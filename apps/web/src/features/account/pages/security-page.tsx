import { DEFAULT_COUNTRY, type Identity } from '@junction/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi, authKeys } from '../../../shared/auth/auth-api';
import { useAuth } from '../../../shared/auth/auth-context';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { AreaCodeSelect } from '../../../shared/ui/area-code-select';
import { CodeField } from '../components/code-field';
import formStyles from '../components/forms.module.css';
import { NewPasswordFields } from '../components/new-password-fields';
import { useErrorMessage } from '../lib/errors';
import { accountRules } from '../lib/rules';
import styles from './account.module.css';

function ChangePassword() {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ current: string; next: string; confirm: string }>();
  const rules = accountRules(t);
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const [error, setError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  return (
    <Form
      form={form}
      layout="vertical"
      className={styles.narrow}
      requiredMark={false}
      data-testid="change-password-form"
      onFinish={async (v) => {
        setIsSaving(true);
        setError(undefined);
        try {
          await authApi.changePassword({ currentPassword: v.current, newPassword: v.next });
          form.resetFields();
          message.success(t('security.changed'));
        } catch (err) {
          setError(errorMessage(err));
        } finally {
          setIsSaving(false);
        }
      }}
    >
      <Form.Item name="current" label={t('security.current')} rules={[rules.required]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields
        name="next"
        label={t('security.newPassword')}
        confirmLabel={t('security.confirm')}
        size="middle"
      />

      {error ? <Alert type="error" showIcon message={error} className={formStyles.error} /> : null}
      <Button type="primary" htmlType="submit" loading={isSaving}>
        {t('security.change')}
      </Button>
    </Form>
  );
}

function BindDialog({ type, onClose }: { type: Identity; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ target: string; code: string }>();
  const rules = accountRules(t);
  const { completeSignIn } = useAuth();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [error, setError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  return (
    <Modal
      open
      title={t(type === 'mobile' ? 'security.bindMobileTitle' : 'security.bindEmailTitle')}
      onCancel={onClose}
      okText={t('security.bind')}
      confirmLoading={isSaving}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={async (v) => {
          setIsSaving(true);
          setError(undefined);
          try {
            completeSignIn(await authApi.bind({ type, target: v.target.trim(), country, code: v.code }));
            message.success(t('security.bound'));
            onClose();
          } catch (err) {
            setError(errorMessage(err));
          } finally {
            setIsSaving(false);
          }
        }}
      >
        {type === 'mobile' ? (
          <Form.Item name="target" label={t('register.mobile')} rules={[rules.mobile(() => country)]}>
            <Input inputMode="tel" addonBefore={<AreaCodeSelect value={country} onChange={setCountry} />} />
          </Form.Item>
        ) : (
          <Form.Item name="target" label={t('register.email')} rules={[rules.required, rules.email]}>
            <Input type="email" />
          </Form.Item>
        )}
        <CodeField
          purpose="bind"
          size="middle"
          onError={setError}
          target={() => {
            const target = (form.getFieldValue('target') as string | undefined)?.trim();
            return target ? { type, target, country } : null;
          }}
        />
        {error ? <Alert type="error" showIcon message={error} /> : null}
      </Form>
    </Modal>
  );
}

function OtherDevices() {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const sessions = useQuery({ queryKey: authKeys.sessions, queryFn: authApi.otherSessions });
  const others = sessions.data?.others ?? 0;
  return (
    <div className={styles.item}>
      <div>
        <h2>{t('security.devices')}</h2>
        <p data-testid="other-devices">
          {others > 0 ? t('security.devicesText', { count: others }) : t('security.devicesNone')}
        </p>
      </div>
      <Button
        disabled={others === 0}
        onClick={async () => {
          const { revoked } = await authApi.signOutOthers();
          message.success(t('security.signedOut', { count: revoked }));
          await queryClient.invalidateQueries({ queryKey: authKeys.sessions });
        }}
      >
        {t('security.signOutOthers')}
      </Button>
    </div>
  );
}

export function SecurityPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('security.title'));
  const { user } = useAuth();
  const [binding, setBinding] = useState<Identity | null>(null);
  if (!user) return null;
  return (
    <>
      <section className={styles.panel}>
        <h1>{t('security.title')}</h1>
        <p className={styles.lead}>{t('security.subtitle')}</p>
        <div className={styles.item}>
          <div>
            <h2>{t('security.mobile')}</h2>
            <p>
              <span className={styles.value}>{user.info.mobile ?? t('profile.notSet')}</span> ·{' '}
              {t('security.mobileText')}
            </p>
          </div>
          <Button onClick={() => setBinding('mobile')}>
            {user.info.mobile ? t('security.change_action') : t('security.bind')}
          </Button>
        </div>
        <div className={styles.item}>
          <div>
            <h2>{t('security.email')}</h2>
            <p>
              <span className={styles.value}>{user.info.email ?? t('profile.notSet')}</span> · {t('security.emailText')}
            </p>
          </div>
          <Button onClick={() => setBinding('email')}>
            {user.info.email ? t('security.change_action') : t('security.bind')}
          </Button>
        </div>
        <OtherDevices />
      </section>
      <section className={styles.panel}>
        <h2>{t('security.password')}</h2>
        <p className={styles.lead}>{t('security.passwordText')}</p>
        <ChangePassword />
      </section>
      {binding ? <BindDialog type={binding} onClose={() => setBinding(null)} /> : null}
    </>
  );
}
