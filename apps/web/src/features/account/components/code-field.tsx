import type { CodePurpose, Identity } from '@junction/domain';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { accountRules } from '../lib/rules';
import { CodeButton } from './code-button';
import styles from './forms.module.css';

export type CodeFieldProps = {
  purpose: CodePurpose;
  /** Where the code goes, read when the button is pressed. */
  target: () => { type: Identity; target: string; country?: string } | null;
  /** A refused code request, for the form to show under its fields. */
  onError: (error: unknown) => void;
  isRequired?: boolean;
  extra?: string;
  size?: 'large' | 'middle';
};

/** The six-digit code input with its "Get code" button and countdown. */
export function CodeField({ purpose, target, onError, isRequired = true, extra, size = 'large' }: CodeFieldProps) {
  const { t } = useTranslation('account');
  const rules = accountRules(t);
  return (
    <Form.Item label={t('login.code')} required={isRequired} extra={extra}>
      <div className={styles.codeRow}>
        <Form.Item name="code" noStyle rules={isRequired ? [rules.required, rules.code] : [rules.code]}>
          <Input
            size={size}
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            placeholder={t('login.codePlaceholder')}
            aria-label={t('login.code')}
          />
        </Form.Item>
        <CodeButton purpose={purpose} onError={onError} target={target} />
      </div>
    </Form.Item>
  );
}
