import { InfoCircleOutlined } from '@ant-design/icons';
import { isChineseName, isEmail, isEnglishName, type NameRequirement, type Passenger } from '@junction/domain';
import { Button, Col, DatePicker, Form, Input, Radio, Row, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { AreaCodeSelect } from '../../shared/ui/area-code-select';
import { CountrySelect } from '../../shared/ui/country-select';
import { FormError } from '../../shared/ui/form-error';
import { DocumentsSection } from './documents-section';
import { initialValues, type PassengerFormValues } from './passenger-form-values';
import styles from './passengers.module.css';
import { usePassengerForm } from './use-passenger-form';

export type { PassengerFormValues } from './passenger-form-values';

export type PassengerFormProps = {
  /** The traveller to edit; a new one without. */
  passenger?: Passenger;
  /** Which names the route needs (spec §5); "at least one" by default. */
  nameRequirement?: NameRequirement;
  /** The rail contact rule of a rail booking (6003, 6004). */
  railContact?: 'mobile' | 'mobileOrEmail';
  onSaved: (passenger: Passenger) => void;
  onCancel: () => void;
  /** Told when the form first holds unsaved edits, and when it no longer does. */
  onDirtyChange?: (dirty: boolean) => void;
};

const upperCase = (value: string) => value.toUpperCase();

/** One part of the traveller's name in Latin letters, as the passport prints it: in capitals as it is typed. */
function EnglishNameField(p: {
  name: 'surname' | 'givenNames' | 'middleName';
  label: string;
  placeholder?: string;
  rules: Rule[];
}) {
  return (
    <Col xs={24} sm={8}>
      <Form.Item name={p.name} label={p.label} rules={p.rules} normalize={upperCase}>
        <Input placeholder={p.placeholder} maxLength={40} autoComplete="off" />
      </Form.Item>
    </Col>
  );
}

/**
 * The traveller form of spec §3: names, personal details, contact and travel documents, checked by the
 * domain's rules of spec §5 as the traveller types and again before saving. Used by the account's
 * traveller page and, for a new traveller, by the picker of the booking page.
 */
export function PassengerForm({
  passenger,
  nameRequirement = 'either',
  railContact,
  onSaved,
  onCancel,
  onDirtyChange,
}: PassengerFormProps) {
  const { t } = useTranslation('passengers');
  const { form, save, rules, documents, hasIdFacts, submit, onValuesChange, typeOptions } = usePassengerForm({
    passenger,
    nameRequirement,
    railContact,
    onSaved,
    onDirtyChange,
  });
  const { check, required, nameRequired } = rules;
  const englishName = check((v) => (isEnglishName(v) ? null : 'ENGLISH_NAME_INVALID'));

  return (
    <Form<PassengerFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initialValues(passenger)}
      onFinish={submit}
      onValuesChange={onValuesChange}
      scrollToFirstError={{ block: 'center' }}
      className={styles.form}
      data-testid="passenger-form"
    >
      <section className={styles.formSection}>
        <h3>{t('form.names')}</h3>
        <p className={styles.hint} data-testid="name-hint">
          <InfoCircleOutlined /> {t(`form.hint.${nameRequirement}`)}
        </p>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="chineseName"
              label={t('form.chineseName')}
              rules={[...nameRequired('chinese'), check((v) => (isChineseName(v) ? null : 'CHINESE_NAME_INVALID'))]}
            >
              <Input placeholder={t('form.chineseNamePlaceholder')} maxLength={40} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <EnglishNameField
            name="surname"
            label={t('form.surname')}
            placeholder={t('form.surnamePlaceholder')}
            rules={[...nameRequired('english'), englishName]}
          />
          <EnglishNameField
            name="givenNames"
            label={t('form.givenNames')}
            placeholder={t('form.givenNamesPlaceholder')}
            rules={[...nameRequired('english'), englishName]}
          />
          <EnglishNameField name="middleName" label={t('form.middleName')} rules={[englishName]} />
        </Row>
      </section>

      <DocumentsSection form={form} rules={rules} documents={documents} typeOptions={typeOptions} />

      <section className={styles.formSection}>
        <h3>{t('form.personal')}</h3>
        <Row gutter={16}>
          <Col xs={24} sm={8}>
            <Form.Item
              name="gender"
              label={t('form.gender')}
              rules={[required()]}
              extra={hasIdFacts ? t('form.fromDocument') : undefined}
            >
              <Radio.Group optionType="button" buttonStyle="solid" disabled={hasIdFacts}>
                <Radio value="MALE">{t('gender.MALE')}</Radio>
                <Radio value="FEMALE">{t('gender.FEMALE')}</Radio>
              </Radio.Group>
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="birthDate" label={t('form.birthDate')} rules={[required()]}>
              <DatePicker
                style={{ width: '100%' }}
                disabled={hasIdFacts}
                disabledDate={(d) => d.isAfter(dayjs())}
                placeholder={t('form.birthDatePlaceholder')}
                data-testid="birth-date"
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item name="nationality" label={t('form.nationality')} rules={[required()]}>
              <CountrySelect placeholder={t('form.countryPlaceholder')} data-testid="nationality" />
            </Form.Item>
          </Col>
        </Row>
      </section>

      <section className={styles.formSection}>
        <h3>{t('form.contact')}</h3>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('form.phone')} required={railContact === 'mobile'}>
              <Space.Compact block>
                <Form.Item name="phoneCountry" noStyle>
                  <AreaCodeSelect />
                </Form.Item>
                <Form.Item name="phone" noStyle dependencies={['phoneCountry']} rules={[rules.phone]}>
                  <Input
                    placeholder={t('form.phonePlaceholder')}
                    inputMode="tel"
                    maxLength={20}
                    aria-label={t('form.phone')}
                    autoComplete="off"
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="email"
              label={t('form.email')}
              rules={[check((v) => (isEmail(v.trim()) ? null : 'PASSENGER_EMAIL_INVALID'))]}
            >
              <Input placeholder="name@example.com" maxLength={254} inputMode="email" autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
      </section>

      <FormError error={save.error} className={styles.formError} />
      <div className={styles.formActions}>
        <Button onClick={onCancel}>{t('form.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="save-passenger">
          {t('form.save')}
        </Button>
      </div>
    </Form>
  );
}
