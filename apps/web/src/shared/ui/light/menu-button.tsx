import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import styles from './light.module.css';
import { Popup } from './popup';

export type MenuItem =
  | { key: string; label: ReactNode; icon?: ReactNode; selected?: boolean }
  | { key: string; divider: true };

export type MenuButtonProps = {
  items: MenuItem[];
  onSelect: (key: string) => void;
  align?: 'left' | 'right' | 'center';
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
  children: ReactNode;
};

const isItem = (item: MenuItem): item is Extract<MenuItem, { label: ReactNode }> => !('divider' in item);

/**
 * A button that opens a menu of actions (the WAI-ARIA menu button): arrow keys move between the items,
 * Enter or a click chooses one, Escape or a click elsewhere closes it and gives the focus back.
 */
export function MenuButton({
  items,
  onSelect,
  align = 'center',
  className,
  'aria-label': ariaLabel,
  'data-testid': testId,
  children,
}: MenuButtonProps) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [isOpen, setIsOpen] = useState(false);

  const focusItem = (index: number) => {
    const all = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    all[(index + all.length) % all.length]?.focus();
  };
  const choose = (key: string) => {
    setIsOpen(false);
    button.current?.focus();
    onSelect(key);
  };
  const onListKey = (event: KeyboardEvent) => {
    const all = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') focusItem(at + 1);
    else if (event.key === 'ArrowUp') focusItem(at - 1);
    else if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(-1);
    else if (event.key === 'Tab') setIsOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? id : undefined}
        aria-label={ariaLabel}
        data-testid={testId}
        onClick={() => setIsOpen((open) => !open)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          setIsOpen(true);
          requestAnimationFrame(() => focusItem(event.key === 'ArrowDown' ? 0 : -1));
        }}
      >
        {children}
      </button>
      {isOpen ? (
        <Popup anchor={button} align={align} onClose={() => setIsOpen(false)} className={styles.menuPopup}>
          <div ref={list} id={id} role="menu" className={styles.menu} onKeyDown={onListKey}>
            {items.map((item) =>
              isItem(item) ? (
                <div
                  key={item.key}
                  role="menuitem"
                  tabIndex={-1}
                  className={styles.menuItem}
                  aria-current={item.selected || undefined}
                  onClick={() => choose(item.key)}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter' && event.key !== ' ') return;
                    event.preventDefault();
                    choose(item.key);
                  }}
                >
                  {item.icon ? <span className={styles.menuIcon}>{item.icon}</span> : null}
                  <span className={styles.menuLabel}>{item.label}</span>
                </div>
              ) : (
                <hr key={item.key} className={styles.menuDivider} />
              ),
            )}
          </div>
        </Popup>
      ) : null}
    </>
  );
}
