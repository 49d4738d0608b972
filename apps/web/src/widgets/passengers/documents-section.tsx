import { DeleteOutlined, InfoCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { DOCUMENT_TYPE_LETTERS } from '@junction/domain';
import { Button, Col, DatePicker, Form, type FormInstance, Input, Row, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../shared/ui/country-select';
import { useFittedPopup } from '../../shared/ui/fitted-popup';
import { type DocumentValues, nextDocumentType, type PassengerFormValues } from './passenger-form-values';
import styles from './passengers.module.css';
import type { PassengerFormRules } from './use-passenger-form';

type Option = { value: string; label: string; disabled: boolean };

type Props = {
  form: FormInstance<PassengerFormValues>;
  rules: PassengerFormRules;
  documents: readonly (DocumentValues | undefined)[];
  typeOptions: (index: number) => Option[];
};

/** The travel documents of the traveller form: one row a document, a saved number kept when left blank. */
export function DocumentsSection({ form, rules, documents, typeOptions }: Props) {
  const { t } = useTranslation('passengers');
  const typePopup = useFittedPopup(360);
  return (
    <section className={styles.formSection}>
      <h3>{t('form.documents')}</h3>
      <p className={styles.hint}>
        <InfoCircleOutlined /> {t('form.documentsHint')}
      </p>
      <Form.List name="documents" rules={[rules.someDocument]}>
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
                      <Form.Item name={[field.name, 'type']} label={t('form.type')} rules={[rules.required()]}>
                        <Select
                          options={typeOptions(index)}
                          placeholder={t('form.typePlaceholder')}
                          {...typePopup}
                          data-testid="document-type"
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} sm={14}>
                      <Form.Item
                        name={[field.name, 'number']}
                        label={t('form.number')}
                        extra={keeps ? t('form.numberKeep', { masked: doc.masked }) : undefined}
                        rules={[...(keeps ? [] : [rules.required()]), rules.documentNumber(field.name)]}
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
                          rules={[rules.required()]}
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
                onClick={() => add({ type: nextDocumentType(documents) })}
                data-testid="add-document"
              >
                {t('form.addDocument')}
              </Button>
            ) : null}
          </>
        )}
      </Form.List>
    </section>
  );
}
