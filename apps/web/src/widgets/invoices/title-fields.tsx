import { isCreditCode, normalizeCreditCode } from '@junction/domain';
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';

/** The fields of an invoice title: personal or company, the name, and for a company its credit code checked as typed. */
export function TitleFields() {
  const { t } = useTranslation('invoices');
  const kind = Form.useWatch('kind');
  return (
    <>
      <Form.Item name="kind" label={t('form.kind')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'personal', label: t('form.personal') },
            { value: 'company', label: t('form.company') },
          ]}
          data-testid="title-kind"
        />
      </Form.Item>
      <Form.Item
        name="name"
        label={kind === 'company' ? t('form.companyName') : t('form.name')}
        rules={[{ required: true, whitespace: true, message: t('form.nameRequired') }]}
      >
        <Input maxLength={100} placeholder={t('form.namePlaceholder')} data-testid="title-name" />
      </Form.Item>
      {kind === 'company' ? (
        <Form.Item
          name="creditCode"
          label={t('form.creditCode')}
          normalize={(v: string) => normalizeCreditCode(v ?? '')}
          rules={[
            { required: true, message: t('form.creditCodeRequired') },
            {
              validator: (_, v: string | undefined) =>
                !v || isCreditCode(v) ? Promise.resolve() : Promise.reject(new Error(t('form.creditCodeInvalid'))),
            },
          ]}
        >
          <Input maxLength={24} placeholder={t('form.creditCodePlaceholder')} data-testid="title-code" />
        </Form.Item>
      ) : null}
    </>
  );
}
