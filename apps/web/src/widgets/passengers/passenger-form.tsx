import { DeleteOutlined, InfoCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  checkPassenger,
  DOCUMENT_TYPE_LETTERS,
  type DocumentType,
  documentFacts,
  documentNumberError,
  type ErrorName,
  isChineseName,
  isDocumentType,
  isEmail,
  isEnglishName,
  type NameRequirement,
  type Passenger,
  type PassengerIssue,
} from '@junction/domain';
import { normalizeMobile } from '@junction/domain/phone';
import { Button, Col, DatePicker, Form, Input, Radio, Row, Select, Space } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { useErrorText } from '../../shared/lib/error-text';
import { AreaCodeSelect, DEFAULT_AREA_CODE } from '../../shared/ui/area-code-select';
import { CountrySelect } from '../../shared/ui/country-select';
import { FormError } from '../../shared/ui/form-error';
import { type SavePassengerBody, useSavePassenger } from './api/passengers';
import styles from './passengers.module.css';

type DocumentValues = {
  id?: string;
  type?: DocumentType;
  number?: string;
  expiryDate?: Dayjs | null;
  issuingCountry?: string | null;
  /** The saved number, masked: left blank, the number field keeps it. */
  masked?: string;
  /** The type the saved number belongs to. */
  savedType?: DocumentType;
};

export type PassengerFormValues = {
  chineseName?: string;
  surname?: string;
  givenNames?: string;
  middleName?: string;
  gender?: 'MALE' | 'FEMALE';
  birthDate?: Dayjs | null;
  nationality?: string;
  phoneCountry?: string;
  phone?: string;
  email?: string;
  documents: DocumentValues[];
};

const today = () => dayjs().format('YYYY-MM-DD');
/** A new document row starts as the type most travellers have and have not added yet. */
const ADD_ORDER: readonly DocumentType[] = ['B', 'A', ...DOCUMENT_TYPE_LETTERS.filter((l) => l !== 'A' && l !== 'B')];
const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

function initialValues(passenger: Passenger | undefined): PassengerFormValues {
  if (!passenger) {
    return { nationality: 'CN', phoneCountry: DEFAULT_AREA_CODE, documents: [{ type: 'B' }] };
  }
  return {
    chineseName: passenger.chineseName ?? '',
    surname: passenger.surname ?? '',
    givenNames: passenger.givenNames ?? '',
    middleName: passenger.middleName ?? '',
    gender: passenger.gender,
    birthDate: dayjs(passenger.birthDate),
    nationality: passenger.nationality,
    phoneCountry: passenger.phoneCountry ?? DEFAULT_AREA_CODE,
    phone: passenger.phone ?? '',
    email: passenger.email ?? '',
    documents: passenger.documents.map((d) => ({
      id: d.id,
      type: d.type,
      savedType: d.type,
      masked: d.numberMasked,
      number: '',
      expiryDate: d.expiryDate ? dayjs(d.expiryDate) : null,
      issuingCountry: d.issuingCountry,
    })),
  };
}

function toBody(values: PassengerFormValues, id: string | undefined): SavePassengerBody {
  return {
    ...(id ? { id } : {}),
    chineseName: orNull(values.chineseName),
    surname: orNull(values.surname),
    givenNames: orNull(values.givenNames),
    middleName: orNull(values.middleName),
    gender: values.gender ?? null,
    birthDate: values.birthDate ? values.birthDate.format('YYYY-MM-DD') : null,
    nationality: values.nationality ?? null,
    phoneCountry: values.phoneCountry ?? null,
    phone: orNull(values.phone),
    email: orNull(values.email),
    documents: (values.documents ?? []).map((d) => ({
      ...(d.id ? { id: d.id } : {}),
      type: d.type ?? '',
      ...(d.number?.trim() ? { number: d.number } : {}),
      expiryDate: d.expiryDate ? d.expiryDate.format('YYYY-MM-DD') : null,
      issuingCountry: d.type === 'A' ? (d.issuingCountry ?? null) : null,
    })),
  };
}

/** `documents.1.number` as the form names it. */
const namePath = (field: string) => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));

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
  const errorText = useErrorText();
  const [form] = Form.useForm<PassengerFormValues>();
  const save = useSavePassenger();
  const documents = Form.useWatch('documents', form) ?? [];
  // A document that states date of birth and gender (typed now, or saved and kept) decides them.
  const stated: readonly DocumentType[] = ['B', 'C', 'I', 'L'];
  const hasIdFacts = documents.some((d, i) => {
    if (d?.type && d.number) return documentFacts(d.type, d.number, today()) !== null;
    const kept = form.getFieldValue(['documents', i]) as DocumentValues | undefined;
    return Boolean(kept?.masked && kept.savedType === d?.type && d?.type && stated.includes(d.type));
  });

  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  const fail = (error: ErrorName) => Promise.reject(new Error(errorText(error)));
  const check =
    (test: (value: string) => ErrorName | null): Rule =>
    () => ({
      validator: (_, value: string | undefined) => {
        const error = value?.trim() ? test(value) : null;
        return error ? fail(error) : Promise.resolve();
      },
    });
  const required = (): Rule => ({ required: true, message: errorText('FIELD_REQUIRED') });
  const nameRequired = (which: 'chinese' | 'english'): Rule[] =>
    nameRequirement === which || nameRequirement === 'both' ? [required()] : [];

  const showIssues = (issues: readonly PassengerIssue[]) => {
    const byField = new Map<string, string[]>();
    for (const issue of issues) byField.set(issue.field, [...(byField.get(issue.field) ?? []), errorText(issue.error)]);
    form.setFields([...byField].map(([field, errors]) => ({ name: namePath(field) as never, errors })));
    const first = issues[0];
    if (first) form.scrollToField(namePath(first.field) as never, { block: 'center' });
  };

  const submit = () => {
    // The whole store: the ids of saved documents belong to no field, so the submitted values lack them.
    const body = toBody(form.getFieldsValue(true) as PassengerFormValues, passenger?.id);
    const saved = new Map(passenger?.documents.map((d) => [d.id, d.type]) ?? []);
    const checked = checkPassenger(
      { ...body, railContact },
      { normalizePhone: normalizeMobile, saved, today: today() },
    );
    const issues = checked.ok ? [] : [...checked.issues];
    if (nameRequirement === 'english' && !body.surname) issues.push({ field: 'surname', error: 'FIELD_REQUIRED' });
    if (nameRequirement !== 'english' && nameRequirement !== 'either' && !body.chineseName) {
      issues.push({ field: 'chineseName', error: 'FIELD_REQUIRED' });
    }
    if (issues.length > 0) return showIssues(issues);
    save.mutate(
      { ...body, ...(railContact ? { railContact } : {}) },
      {
        onSuccess: (result) => {
          onDirtyChange?.(false);
          onSaved(result);
        },
        onError: (err) => {
          const issues = err instanceof ApiError ? err.body.params?.issues : undefined;
          if (Array.isArray(issues)) showIssues(issues as PassengerIssue[]);
        },
      },
    );
  };

  const onValuesChange = (changed: Partial<PassengerFormValues>, all: PassengerFormValues) => {
    onDirtyChange?.(true);
    if (!changed.documents) return;
    // An ID card or residence permit states the date of birth and gender: fill them in from it.
    for (const d of all.documents ?? []) {
      const facts = d?.type && d.number ? documentFacts(d.type, d.number, today()) : null;
      if (facts) {
        form.setFieldsValue({ birthDate: dayjs(facts.birthDate), gender: facts.gender });
        form.setFields([
          { name: 'birthDate', errors: [] },
          { name: 'gender', errors: [] },
        ]);
        break;
      }
    }
  };

  const typeOptions = (index: number) =>
    DOCUMENT_TYPE_LETTERS.map((type) => ({
      value: type,
      label: t(`documentTypes.${type}`),
      disabled: documents.some((d, i) => i !== index && d?.type === type),
    }));

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
          <Col xs={24} sm={8}>
            <Form.Item
              name="surname"
              label={t('form.surname')}
              rules={[...nameRequired('english'), check((v) => (isEnglishName(v) ? null : 'ENGLISH_NAME_INVALID'))]}
              normalize={(v: string) => v.toUpperCase()}
            >
              <Input placeholder={t('form.surnamePlaceholder')} maxLength={40} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="givenNames"
              label={t('form.givenNames')}
              rules={[...nameRequired('english'), check((v) => (isEnglishName(v) ? null : 'ENGLISH_NAME_INVALID'))]}
              normalize={(v: string) => v.toUpperCase()}
            >
              <Input placeholder={t('form.givenNamesPlaceholder')} maxLength={40} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={8}>
            <Form.Item
              name="middleName"
              label={t('form.middleName')}
              rules={[check((v) => (isEnglishName(v) ? null : 'ENGLISH_NAME_INVALID'))]}
              normalize={(v: string) => v.toUpperCase()}
            >
              <Input maxLength={40} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
      </section>

      <section className={styles.formSection}>
        <h3>{t('form.documents')}</h3>
        <p className={styles.hint}>
          <InfoCircleOutlined /> {t('form.documentsHint')}
        </p>
        <Form.List
          name="documents"
          rules={[
            {
              validator: (_, value: unknown[] | undefined) =>
                value && value.length > 0 ? Promise.resolve() : fail('DOCUMENT_REQUIRED'),
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, index) => {
                // The store keeps what no field shows (the masked number, the saved type).
                const doc = form.getFieldValue(['documents', field.name]) as DocumentValues | undefined;
                const keeps = doc?.masked && doc.savedType === doc.type;
                return (
                  <div key={field.key} className={styles.documentRow} data-testid="document-row">
                    <Row gutter={16}>
                      <Col xs={24} sm={10}>
                        <Form.Item name={[field.name, 'type']} label={t('form.type')} rules={[required()]}>
                          <Select
                            options={typeOptions(index)}
                            placeholder={t('form.typePlaceholder')}
                            popupMatchSelectWidth={360}
                            data-testid="document-type"
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={24} sm={14}>
                        <Form.Item
                          name={[field.name, 'number']}
                          label={t('form.number')}
                          extra={keeps ? t('form.numberKeep', { masked: doc.masked }) : undefined}
                          rules={[
                            ...(keeps ? [] : [required()]),
                            () => ({
                              validator: (_, value: string | undefined) => {
                                const type = form.getFieldValue(['documents', field.name, 'type']) as unknown;
                                const country = form.getFieldValue(['documents', field.name, 'issuingCountry']) as
                                  | string
                                  | undefined;
                                if (!value?.trim() || !isDocumentType(type)) return Promise.resolve();
                                if (type === 'A' && !country) return Promise.resolve();
                                const error = documentNumberError(type, value, country ?? null, today());
                                return error ? fail(error) : Promise.resolve();
                              },
                            }),
                          ]}
                        >
                          <Input
                            placeholder={keeps ? doc.masked : t('form.numberPlaceholder')}
                            maxLength={40}
                            autoComplete="off"
                            data-testid="document-number"
                          />
                        </Form.Item>
                      </Col>
                    </Row>
                    <Row gutter={16}>
                      <Col xs={24} sm={10}>
                        <Form.Item name={[field.name, 'expiryDate']} label={t('form.expiryDate')}>
                          <DatePicker
                            style={{ width: '100%' }}
                            placeholder={t('form.expiryPlaceholder')}
                            disabledDate={(d) => !d.isAfter(dayjs(), 'day')}
                            data-testid="document-expiry"
                          />
                        </Form.Item>
                      </Col>
                      {doc?.type === 'A' ? (
                        <Col xs={24} sm={14}>
                          <Form.Item
                            name={[field.name, 'issuingCountry']}
                            label={t('form.issuingCountry')}
                            rules={[required()]}
                          >
                            <CountrySelect placeholder={t('form.countryPlaceholder')} data-testid="document-country" />
                          </Form.Item>
                        </Col>
                      ) : null}
                    </Row>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      className={styles.removeDocument}
                      onClick={() => remove(field.name)}
                      aria-label={t('form.removeDocument')}
                      title={t('form.removeDocument')}
                      data-testid="remove-document"
                    />
                  </div>
                );
              })}
              <div className={styles.listError}>
                <Form.ErrorList errors={errors} />
              </div>
              {fields.length < DOCUMENT_TYPE_LETTERS.length ? (
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  onClick={() => add({ type: ADD_ORDER.find((l) => !documents.some((d) => d?.type === l)) })}
                  data-testid="add-document"
                >
                  {t('form.addDocument')}
                </Button>
              ) : null}
            </>
          )}
        </Form.List>
      </section>

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
                <Form.Item
                  name="phone"
                  noStyle
                  dependencies={['phoneCountry']}
                  rules={[
                    () => ({
                      validator: (_, value: string | undefined) => {
                        const country = (form.getFieldValue('phoneCountry') as string | undefined) ?? DEFAULT_AREA_CODE;
                        if (!value?.trim() || normalizeMobile(value.trim(), country)) return Promise.resolve();
                        return fail('PASSENGER_PHONE_INVALID');
                      },
                    }),
                  ]}
                >
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
