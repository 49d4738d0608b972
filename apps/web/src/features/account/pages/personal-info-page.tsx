import { App, Button, DatePicker, Form, Input, Radio, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../../shared/auth/auth-api';
import { useAuth } from '../../../shared/auth/auth-context';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useErrorMessage } from '../lib/errors';
import styles from './account.module.css';

type Values = { name?: string; nickname?: string; gender?: 0 | 1; birthday?: Dayjs | null };

export function PersonalInfoPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('profile.title'));
  const { user, completeSignIn } = useAuth();
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const [isSaving, setIsSaving] = useState(false);
  if (!user) return null;
  const info = user.info;

  const save = async (values: Values) => {
    setIsSaving(true);
    try {
      const updated = await authApi.updateProfile({
        name: values.name ?? '',
        nickname: values.nickname ?? '',
        gender: values.gender ?? null,
        birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : null,
      });
      completeSignIn(updated);
      message.success(t('profile.saved'));
    } catch (err) {
      message.error(errorMessage(err));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <section className={styles.panel}>
      <h1>{t('profile.title')}</h1>
      <p className={styles.lead}>{t('profile.subtitle')}</p>
      <Form<Values>
        layout="vertical"
        className={styles.narrow}
        initialValues={{
          name: info.name ?? '',
          nickname: info.nickname ?? '',
          gender: info.gender ?? undefined,
          birthday: info.birthday ? dayjs(info.birthday) : null,
        }}
        onFinish={save}
        data-testid="profile-form"
      >
        <Form.Item label={t('profile.mobile')}>
          <span className={styles.value}>{info.mobile ?? t('profile.notSet')}</span>
        </Form.Item>
        <Form.Item label={t('profile.email')}>
          <span className={styles.value}>{info.email ?? t('profile.notSet')}</span>{' '}
          {info.email && !info.emailVerified ? <Tag color="warning">{t('profile.unverified')}</Tag> : null}
        </Form.Item>
        <Form.Item name="name" label={t('profile.name')} rules={[{ max: 60 }]}>
          <Input placeholder={t('profile.namePlaceholder')} />
        </Form.Item>
        <Form.Item name="nickname" label={t('profile.nickname')} rules={[{ max: 30 }]}>
          <Input placeholder={t('profile.nicknamePlaceholder')} />
        </Form.Item>
        <Form.Item name="gender" label={t('profile.gender')}>
          <Radio.Group>
            <Radio value={0}>{t('profile.female')}</Radio>
            <Radio value={1}>{t('profile.male')}</Radio>
          </Radio.Group>
        </Form.Item>
        <Form.Item name="birthday" label={t('profile.birthday')}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs())} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isSaving}>
          {t('profile.save')}
        </Button>
      </Form>
    </section>
  );
}
