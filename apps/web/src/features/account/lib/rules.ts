import { identityOf, isEmail, isStrongPassword } from '@junction/domain';
import { normalizeMobile } from '@junction/domain/phone';
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';

/** Form rules of spec §5, with its messages in the UI language. */
export function accountRules(t: TFunction<'account'>) {
  return {
    required: { required: true, message: t('validation.required') } satisfies FormRule,
    account: (country: () => string): FormRule => ({
      validateTrigger: 'onBlur',
      validator: async (_, value: string | undefined) => {
        const v = (value ?? '').trim();
        if (!v) throw new Error(t('validation.phoneOrEmail'));
        if (identityOf(v) === 'email' && !isEmail(v)) throw new Error(t('validation.email'));
        if (identityOf(v) === 'mobile' && !normalizeMobile(v, country())) throw new Error(t('validation.phone'));
      },
    }),
    mobile: (country: () => string): FormRule => ({
      validator: async (_, value: string | undefined) => {
        if (!value) throw new Error(t('validation.required'));
        if (!normalizeMobile(value, country())) throw new Error(t('validation.phone'));
      },
    }),
    email: { type: 'email', message: t('validation.email') } satisfies FormRule,
    password: {
      validator: async (_, value: string | undefined) => {
        if (!value) throw new Error(t('validation.required'));
        if (!isStrongPassword(value)) throw new Error(t('validation.password'));
      },
    } satisfies FormRule,
    code: { pattern: /^\d{6}$/, message: t('validation.code') } satisfies FormRule,
    confirm:
      (field: string): FormRule =>
      ({ getFieldValue }) => ({
        validator: async (_, value: unknown) => {
          if (!value) throw new Error(t('validation.required'));
          if (value !== getFieldValue(field)) throw new Error(t('validation.mismatch'));
        },
      }),
  };
}
