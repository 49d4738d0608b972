import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarOutlined } from '../../../../shared/ui/light/icons';
import type { FareCalendarProps } from './fare-calendar';
import styles from './fare-calendar.module.css';

// The month of fares loads with its first opening, never with the first page.
const FareCalendar = lazy(() => import('./fare-calendar').then((m) => ({ default: m.FareCalendar })));

/** Under the date field: a button opening the month of fares of the route (and the round-trip grid). */
export function FareCalendarToggle(props: Omit<FareCalendarProps, 'onClose'>) {
  const { t } = useTranslation('search-form');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div className={styles.toggleRow}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={isOpen}
        onClick={() => setIsOpen((open) => !open)}
        data-testid="fare-calendar-open"
      >
        <CalendarOutlined aria-hidden="true" /> {t('fares.open')}
      </button>
      {isOpen ? (
        <Suspense fallback={<p className={styles.loading}>{t('fares.loading')}</p>}>
          <FareCalendar {...props} onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
