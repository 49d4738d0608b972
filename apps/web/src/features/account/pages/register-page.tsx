import { DEFAULT_COUNTRY, type Identity } from '@junction/domain';
import { Button, Checkbox, Form, Input, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { FormError } from '../../../shared/ui/form-error';
import { showSuccessToast } from '../../../shared/ui/toast';
import { useRegister } from '../api/register';
import { AgreementLinks } from '../components/agreement-links';
import { AreaCodeField } from '../components/area-code-field';
import { CodeField } from '../components/code-field';
import styles from '../components/forms.module.css';
import { NewPasswordFields } from '../components/new-password-fields';
import { accountRules } from '../lib/rules';

type Values = { target: string; code?: string; password: string; confirm: string; agree: boolean };

export function RegisterPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('register.submit'));
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { language } = usePreferences();
  const register = useRegister();
  const rules = accountRules(t);
  const [type, setType] = useState<Identity>('mobile');
  const [country, setCountry] = useState(DEFAULT_COUNTRY);
  const [codeError, setCodeError] = useState<unknown>(null);

  const submit = (values: Values) => {
    setCodeError(null);
    register.mutate(
      {
        type,
        target: values.target.trim(),
        ...(type === 'mobile' ? { country } : {}),
        password: values.password,
        ...(values.code ? { code: values.code } : {}),
        language,
      },
      {
        onSuccess: (result) => {
          if ('pending' in result) navigate(`/pending-verification?email=${encodeURIComponent(result.email)}`);
          else {
            showSuccessToast(t('register.done'));
            navigate('/');
          }
        },
      },
    );
  };

  return (
    <div className={styles.authPage}>
      <section className={styles.card}>
        <h1>{t('register.title')}</h1>
        <p className={styles.cardSubtitle}>{t('register.subtitle')}</p>
        <Tabs
          activeKey={type}
          onChange={(key) => {
            setType(key as Identity);
            setCodeError(null);
            register.reset();
            form.resetFields(['target', 'code']);
          }}
          items={[
            { key: 'mobile', label: t('register.byMobile') },
            { key: 'email', label: t('register.byEmail') },
          ]}
        />
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="register-form">
          {type === 'mobile' ? (
            <AreaCodeField
              name="target"
              label={t('register.mobile')}
              rules={[rules.mobile(() => country)]}
              country={country}
              onCountryChange={setCountry}
              input={{
                size: 'large',
                inputMode: 'tel',
                autoComplete: 'tel-national',
                placeholder: t('register.mobilePlaceholder'),
              }}
            />
          ) : (
            <Form.Item name="target" label={t('register.email')} rules={[rules.required, rules.email]}>
              <Input size="large" type="email" autoComplete="email" placeholder={t('register.emailPlaceholder')} />
            </Form.Item>
          )}
          <CodeField
            purpose="register"
            isRequired={type === 'mobile'}
            extra={type === 'email' ? t('register.emailCodeHint') : undefined}
            onError={setCodeError}
            target={() => {
              const target = (form.getFieldValue('target') as string | undefined)?.trim();
              return target ? { type, target, ...(type === 'mobile' ? { country } : {}) } : null;
            }}
          />
          <NewPasswordFields name="password" label={t('register.password')} confirmLabel={t('register.confirm')} />

          <Form.Item
            name="agree"
            valuePropName="checked"
            rules={[
              {
                validator: async (_, v) => {
                  if (!v) throw new Error(t('register.agreeRequired'));
                },
              },
            ]}
          >
            <Checkbox>
              <AgreementLinks i18nKey="register.agree" />
            </Checkbox>
          </Form.Item>
          <FormError error={codeError ?? register.error} className={styles.error} />
          <Button type="primary" htmlType="submit" size="large" block loading={register.isPending}>
            {t('register.submit')}
          </Button>
          <p className={styles.switch}>
            {t('register.haveAccount')} <Link to="/login">{t('register.login')}</Link>
          </p>
        </Form>
      </section>
    </div>
  );
}
