import type { ReactNode } from 'react';
import styles from './search-form.module.css';

type FieldShellProps = { label: string; htmlFor: string; error?: string; children: ReactNode; testId?: string };

/** A labelled form field with its message underneath, as the place pickers lay theirs out. */
export function FieldShell({ label, htmlFor, error, children, testId }: FieldShellProps) {
  return (
    <div className={styles.field} data-testid={testId}>
      <label className={styles.label} htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      {error ? (
        <div className={styles.error} role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
