import type { CurrentUser } from '@junction/domain';
import { CONTACT_NAME_MAX, type ContactField, type ContactInput, type ContactProblem } from '@junction/domain/phone';
import { Form, Input } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../shared/lib/error-text';
import { AreaCodeSelect } from '../../../shared/ui/area-code-select';
import styles from './orders.module.css';

export const RAIL_AREAS = ['CN', 'HK', 'MO', 'TW'] as const;

export type Contact = ContactInput;

/**
 * The contact a booking starts with: the account's own name and e-mail as the account keeps them. The
 * mobile number starts empty: the account shows its number masked (`139****4146`), and a masked value
 * is never put into a form.
 */
export function initialContact(user: CurrentUser | null, rail: boolean): Contact {
  const area = user?.info.mobileCountry ?? 'CN';
  return {
    name: user?.info.name ?? user?.info.nickname ?? '',
    phoneCountry: rail && !(RAIL_AREAS as readonly string[]).includes(area) ? 'CN' : area,
    phone: '',
    email: user?.info.email ?? '',
  };
}

export type ContactFormProps = {
  contact: Contact;
  onChange: (c: Contact) => void;
  rail: boolean;
  /** What is wrong, field by field (the domain's rules, or the server's refusal of the order). */
  problems: ContactProblem[];
  /** Show every field's problem, not only those of fields the traveller has left. */
  showAll: boolean;
};

/** The order's contact on step 1: each field says what is wrong with it once left, or when Continue is pressed. */
export function ContactForm({ contact, onChange, rail, problems, showAll }: ContactFormProps) {
  const { t } = useTranslation('orders');
  const errorText = useErrorText();
  const [left, setLeft] = useState<Partial<Record<ContactField, boolean>>>({});
  const status = (field: ContactField) => {
    const problem = problems.find((p) => p.field === field);
    if (!problem || !(showAll || left[field])) return {};
    return {
      validateStatus: 'error' as const,
      help: <span data-testid={`contact-${field}-error`}>{errorText(problem.error)}</span>,
    };
  };
  const leave = (field: ContactField) => () => setLeft((l) => ({ ...l, [field]: true }));
  // Each label names its field for assistive technology: the phone's, the number beside its area code.
  const ids = `contact-${useId()}`;
  return (
    <Form layout="vertical" className={styles.contactForm} component="div">
      <Form.Item label={t('booking.contact.name')} htmlFor={`${ids}-name`} required {...status('name')}>
        <Input
          id={`${ids}-name`}
          value={contact.name}
          maxLength={CONTACT_NAME_MAX}
          autoComplete="name"
          onChange={(e) => onChange({ ...contact, name: e.target.value })}
          onBlur={leave('name')}
          data-testid="contact-name"
        />
      </Form.Item>
      <Form.Item
        label={t('booking.contact.phone')}
        htmlFor={`${ids}-phone`}
        required
        extra={rail ? t('booking.contact.railHint') : undefined}
        {...status('phone')}
      >
        <div className={styles.phoneRow}>
          <AreaCodeSelect
            value={contact.phoneCountry}
            allowed={rail ? RAIL_AREAS : undefined}
            onChange={(code) => onChange({ ...contact, phoneCountry: code })}
          />
          <Input
            id={`${ids}-phone`}
            value={contact.phone}
            inputMode="tel"
            autoComplete="tel-national"
            onChange={(e) => onChange({ ...contact, phone: e.target.value })}
            onBlur={leave('phone')}
            data-testid="contact-phone"
          />
        </div>
      </Form.Item>
      <Form.Item label={t('booking.contact.email')} htmlFor={`${ids}-email`} required {...status('email')}>
        <Input
          id={`${ids}-email`}
          value={contact.email}
          inputMode="email"
          autoComplete="email"
          onChange={(e) => onChange({ ...contact, email: e.target.value })}
          onBlur={leave('email')}
          data-testid="contact-email"
        />
      </Form.Item>
    </Form>
  );
}
