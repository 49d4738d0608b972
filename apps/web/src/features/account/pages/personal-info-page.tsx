import { App, Button, DatePicker, Form, Input, Radio, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../shared/auth/auth-context';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { FormError } from '../../../shared/ui/form-error';
import { useUpdateProfile } from '../api/profile';
import styles from './account.module.css';

type Values = { name?: string; nickname?: string; gender?: 0 | 1; birthday?: Dayjs | null };

export function PersonalInfoPage() {
  const { t } = useTranslation('account');
  useDocumentTitle(t('profile.title'));
  const { user } = useAuth();
  const { message } = App.useApp();
  const update = useUpdateProfile();
  if (!user) return null;
  const info = user.info;

  const save = (values: Values) =>
    update.mutate(
      {
        name: values.name ?? '',
        nickname: values.nickname ?? '',
        gender: values.gender ?? null,
        birthday: values.birthday ? values.birthday.format('YYYY-MM-DD') : null,
      },
      { onSuccess: () => message.success(t('profile.saved')) },
    );

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
        <FormError error={update.error} className={styles.formError} />
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t('profile.save')}
        </Button>
      </Form>
    </section>
  );
}
