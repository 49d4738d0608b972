import {
  checkPassenger,
  DOCUMENT_TYPE_LETTERS,
  type DocumentType,
  documentFacts,
  documentNumberError,
  type ErrorName,
  isDocumentType,
  type NameRequirement,
  type Passenger,
  type PassengerIssue,
} from '@junction/domain';
import { normalizeMobile } from '@junction/domain/phone';
import { Form, type FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { useErrorText } from '../../shared/lib/error-text';
import { DEFAULT_AREA_CODE } from '../../shared/ui/area-code-select';
import { useSavePassenger } from './api/passengers';
import { type DocumentValues, namePath, type PassengerFormValues, toBody, today } from './passenger-form-values';

/** Documents that state the date of birth and gender. */
const STATED: readonly DocumentType[] = ['B', 'C', 'I', 'L'];

/** The rules of the traveller form's fields, each answering in the site's language. */
function useRules(form: FormInstance<PassengerFormValues>, nameRequirement: NameRequirement) {
  const errorText = useErrorText();
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
  /** The number of the document in row `name`, checked against its type and issuing country. */
  const documentNumber =
    (name: number): Rule =>
    () => ({
      validator: (_, value: string | undefined) => {
        const type = form.getFieldValue(['documents', name, 'type']) as unknown;
        const country = form.getFieldValue(['documents', name, 'issuingCountry']) as string | undefined;
        if (!value?.trim() || !isDocumentType(type)) return Promise.resolve();
        if (type === 'A' && !country) return Promise.resolve();
        const error = documentNumberError(type, value, country ?? null, today());
        return error ? fail(error) : Promise.resolve();
      },
    });
  const phone: Rule = () => ({
    validator: (_, value: string | undefined) => {
      const country = (form.getFieldValue('phoneCountry') as string | undefined) ?? DEFAULT_AREA_CODE;
      if (!value?.trim() || normalizeMobile(value.trim(), country)) return Promise.resolve();
      return fail('PASSENGER_PHONE_INVALID');
    },
  });
  const someDocument = {
    validator: (_, value: unknown[] | undefined) =>
      value && value.length > 0 ? Promise.resolve() : fail('DOCUMENT_REQUIRED'),
  } satisfies Rule;
  return { check, required, nameRequired, documentNumber, phone, someDocument };
}

export type PassengerFormRules = ReturnType<typeof useRules>;

export type UsePassengerFormOptions = {
  passenger?: Passenger;
  nameRequirement: NameRequirement;
  railContact?: 'mobile' | 'mobileOrEmail';
  onSaved: (passenger: Passenger) => void;
  onDirtyChange?: (dirty: boolean) => void;
};

/**
 * The traveller form's state: the rules of spec §5 as the traveller types, the facts an ID card states,
 * and saving, with the server's issues shown on their fields.
 */
export function usePassengerForm({
  passenger,
  nameRequirement,
  railContact,
  onSaved,
  onDirtyChange,
}: UsePassengerFormOptions) {
  const { t } = useTranslation('passengers');
  const errorText = useErrorText();
  const [form] = Form.useForm<PassengerFormValues>();
  const save = useSavePassenger();
  const rules = useRules(form, nameRequirement);
  const documents = Form.useWatch('documents', form) ?? [];
  // A document that states date of birth and gender (typed now, or saved and kept) decides them.
  const hasIdFacts = documents.some((d, i) => {
    if (d?.type && d.number) return documentFacts(d.type, d.number, today()) !== null;
    const kept = form.getFieldValue(['documents', i]) as DocumentValues | undefined;
    return Boolean(kept?.masked && kept.savedType === d?.type && d?.type && STATED.includes(d.type));
  });

  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

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

  return { form, save, rules, documents, hasIdFacts, submit, onValuesChange, typeOptions };
}
