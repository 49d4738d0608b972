import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './light.module.css';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: 'default' | 'primary' | 'text' | 'link';
  size?: 'default' | 'large';
  shape?: 'default' | 'circle';
  icon?: ReactNode;
  'data-testid'?: string;
};

/** A button that looks like Ant Design's, for the parts of the first page that load none of Ant Design. */
export function Button({
  variant = 'default',
  size = 'default',
  shape = 'default',
  icon,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = [
    styles.button,
    variant !== 'default' ? styles[variant] : '',
    size === 'large' ? styles.large : '',
    shape === 'circle' ? styles.circle : '',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} {...rest}>
      {icon}
      {children}
    </button>
  );
}
