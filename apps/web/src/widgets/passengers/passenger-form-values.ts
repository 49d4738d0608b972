import { DOCUMENT_TYPE_LETTERS, type DocumentType, type Passenger } from '@junction/domain';
import dayjs, { type Dayjs } from 'dayjs';
import { DEFAULT_AREA_CODE } from '../../shared/ui/area-code-select';
import type { SavePassengerBody } from './api/passengers';

export type DocumentValues = {
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

export const today = () => dayjs().format('YYYY-MM-DD');
/** A new document row starts as the type most travellers have and have not added yet. */
const ADD_ORDER: readonly DocumentType[] = ['B', 'A', ...DOCUMENT_TYPE_LETTERS.filter((l) => l !== 'A' && l !== 'B')];
const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** The type a new document row starts as: the first of the usual order the traveller has not added. */
export const nextDocumentType = (documents: readonly (DocumentValues | undefined)[]) =>
  ADD_ORDER.find((l) => !documents.some((d) => d?.type === l));

export function initialValues(passenger: Passenger | undefined): PassengerFormValues {
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

export function toBody(values: PassengerFormValues, id: string | undefined): SavePassengerBody {
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
export const namePath = (field: string) => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
