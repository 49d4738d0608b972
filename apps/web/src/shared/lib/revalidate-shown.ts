import type { FormInstance } from 'antd';

type NamePath = (string | number)[];

/** The paths of the fields a change touched, one level of nesting deep (`billing.city`). */
function changedPaths(changed: Record<string, unknown>): NamePath[] {
  return Object.entries(changed).flatMap(([key, value]) =>
    value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value).map((sub) => [key, sub]) : [[key]],
  );
}

/**
 * Fields check themselves when left; one that already shows an error checks again as it is corrected, so
 * the message goes as soon as the value is right. Pass as a form's `onValuesChange`.
 */
export function revalidateShownErrors<T>(form: FormInstance<T>) {
  return (changed: Record<string, unknown>) => {
    const shown = changedPaths(changed).filter((path) => form.getFieldError(path as never).length > 0);
    if (shown.length > 0) form.validateFields(shown as never).catch(() => undefined);
  };
}
