import { DEFAULT_COUNTRY, type Identity } from '@junction/domain';
import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../shared/auth/auth-context';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { FormError } from '../../../shared/ui/form-error';
import { useChangePassword } from '../api/password';
import { useBind } from '../api/profile';
import { useOtherSessions, useSignOutOthers } from '../api/sessions';
import { AreaCodeField } from '../components/area-code-field';
import { CodeField } from '../components/code-field';
import formStyles from '../components/forms.module.css';
import { NewPasswordFields } from '../components/new-password-fields';
import { accountRules } from '../lib/rules';
import styles from './account.module.css';

function ChangePassword() {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ current: string; next: string; confirm: string }>();
  const rules = accountRules(t);
  const { message } = App.useApp();
  const change = useChangePassword();
  return (
    <Form
      form={form}
      layout="vertical"
      className={styles.narrow}
      requiredMark={false}
      data-testid="change-password-form"
      onFinish={(v) =>
        change.mutate(
          { currentPassword: v.current, newPassword: v.next },
          {
            onSuccess: () => {
              form.resetFields();
              message.success(t('security.changed'));
            },
          },
        )
      }
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

      <FormError error={change.error} className={formStyles.error} />
      <Button type="primary" htmlType="submit" loading={change.isPending}>
        {t('security.change')}
      </Button>
    </Form>
  );
}

function BindDialog({ type, onClose }: { type: Identity; onClose: () => void }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ target: string; code: string }>();
  const rules = accountRules(t);
  const { message } = App.useApp();
  const bind = useBind();
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [codeError, setCodeError] = useState<unknown>(null);
  return (
    <Modal
      open
      title={t(type === 'mobile' ? 'security.bindMobileTitle' : 'security.bindEmailTitle')}
      onCancel={onClose}
      okText={t('security.bind')}
      confirmLoading={bind.isPending}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(v) => {
          setCodeError(null);
          bind.mutate(
            { type, target: v.target.trim(), country, code: v.code },
            {
              onSuccess: () => {
                message.success(t('security.bound'));
                onClose();
              },
            },
          );
        }}
      >
        {type === 'mobile' ? (
          <AreaCodeField
            name="target"
            label={t('register.mobile')}
            rules={[rules.mobile(() => country)]}
            country={country}
            onCountryChange={setCountry}
            input={{ inputMode: 'tel' }}
          />
        ) : (
          <Form.Item name="target" label={t('register.email')} rules={[rules.required, rules.email]}>
            <Input type="email" />
          </Form.Item>
        )}
        <CodeField
          purpose="bind"
          size="middle"
          onError={setCodeError}
          target={() => {
            const target = (form.getFieldValue('target') as string | undefined)?.trim();
            return target ? { type, target, country } : null;
          }}
        />
        <FormError error={codeError ?? bind.error} />
      </Form>
    </Modal>
  );
}

function OtherDevices() {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const sessions = useOtherSessions();
  const signOutOthers = useSignOutOthers();
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
        loading={signOutOthers.isPending}
        onClick={() =>
          signOutOthers.mutate(undefined, {
            onSuccess: ({ revoked }) => message.success(t('security.signedOut', { count: revoked })),
          })
        }
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
