import { Form, type FormRule, Input, type InputProps, Space } from 'antd';
import { AreaCodeSelect } from '../../../shared/ui/area-code-select';

export type AreaCodeFieldProps = {
  name: string;
  label: string;
  rules: FormRule[];
  country: string;
  onCountryChange: (country: string) => void;
  /** Whether the area code shows in front (a mobile number); the field keeps its place and focus as it comes and goes. */
  withAreaCode?: boolean;
  validateTrigger?: string[];
  input: Pick<InputProps, 'size' | 'inputMode' | 'autoComplete' | 'placeholder'>;
};

/** A form field with its area code in front (spec §3), the field named by its label. */
export function AreaCodeField({
  name,
  label,
  rules,
  country,
  onCountryChange,
  withAreaCode = true,
  validateTrigger,
  input,
}: AreaCodeFieldProps) {
  return (
    <Form.Item label={label}>
      <Space.Compact block>
        {withAreaCode ? (
          <AreaCodeSelect key="area" compact size={input.size} value={country} onChange={onCountryChange} />
        ) : null}
        <Form.Item key="field" name={name} noStyle rules={rules} {...(validateTrigger ? { validateTrigger } : {})}>
          <Input {...input} aria-label={label} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
