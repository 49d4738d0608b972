import type { Language } from '@junction/domain';
import { dateTimeFormat } from '@junction/domain';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../../../shared/lib/preferences';
import { CalendarOutlined, SwapRightOutlined } from '../../../../shared/ui/light/icons';
import { loadAntdFields, useAntdFields } from './antd-fields';
import type { DateFieldProps, DateRangeFieldProps } from './date-fields';
import { FieldShell } from './field-shell';
import styles from './stand-ins.module.css';

/**
 * A day as the calendar field shows it ('ddd, MMM D' in English, 'M月D日 ddd' in Chinese, with the year
 * when it is not this year), written with the browser's own date names so the stand-in needs no date library.
 */
export function shortDate(iso: string, language: Language, thisYear = new Date().getFullYear()): string {
  const [y = 1970, m = 1, d = 1] = iso.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  const weekday = dateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(date);
  if (language === 'zh-CN') return `${y === thisYear ? '' : `${y}年`}${m}月${d}日 ${weekday}`;
  const month = dateTimeFormat('en', { month: 'short', timeZone: 'UTC' }).format(date);
  return `${weekday}, ${month} ${d}${y === thisYear ? '' : `, ${y}`}`;
}

/** Ant Design's calendars once loaded; until then `open`, which loads them and has the field open when they come. */
function useOpening() {
  const fields = useAntdFields();
  const [isOpening, setIsOpening] = useState(false);
  const open = () => {
    setIsOpening(true);
    void loadAntdFields();
  };
  return { fields, isOpening, open };
}

const opensOn = (event: KeyboardEvent) => event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown';

/** One calendar field (see DateField): a light stand-in until Ant Design's calendar loads, opened by a click. */
export function DateInput(props: DateFieldProps) {
  const { t } = useTranslation('search-form');
  const { language } = usePreferences();
  const { fields, isOpening, open } = useOpening();
  if (fields) return <fields.AntdDateField {...props} autoOpen={isOpening} />;
  const { id, label, value, error, placeholder, 'data-testid': testId } = props;
  return (
    <FieldShell label={label} htmlFor={id} error={error}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the input inside takes the focus and the keys */}
      <div
        className={`${styles.picker} ${error ? styles.pickerError : ''}`}
        onClick={open}
        onKeyDown={(event) => opensOn(event) && open()}
        data-testid={testId}
      >
        <input
          id={id}
          className={styles.pickerInput}
          readOnly
          value={value ? shortDate(value, language) : ''}
          placeholder={placeholder ?? t('dates.departurePlaceholder')}
          onFocus={() => void loadAntdFields()}
        />
        <CalendarOutlined className={styles.pickerIcon} aria-hidden="true" />
      </div>
    </FieldShell>
  );
}

/** The round trip's two days (see DateRangeField), light until Ant Design's range calendar loads. */
export function DateRangeInput(props: DateRangeFieldProps) {
  const { t } = useTranslation('search-form');
  const { language } = usePreferences();
  const { fields, isOpening, open } = useOpening();
  if (fields) return <fields.AntdDateRangeField {...props} autoOpen={isOpening} />;
  const { id, value, error } = props;
  const [from, to] = value;
  return (
    <FieldShell label={t('dates.range')} htmlFor={id} error={error} testId="date-range">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the inputs inside take the focus and the keys */}
      <div
        className={`${styles.picker} ${styles.range} ${error ? styles.pickerError : ''}`}
        onClick={open}
        onKeyDown={(event) => opensOn(event) && open()}
      >
        <input
          id={id}
          className={styles.pickerInput}
          readOnly
          value={from ? shortDate(from, language) : ''}
          placeholder={t('dates.departurePlaceholder')}
          onFocus={() => void loadAntdFields()}
        />
        <SwapRightOutlined className={styles.rangeSeparator} aria-hidden="true" />
        <input
          className={styles.pickerInput}
          readOnly
          value={to ? shortDate(to, language) : ''}
          placeholder={t('dates.returnPlaceholder')}
          aria-label={t('dates.return')}
          onFocus={() => void loadAntdFields()}
        />
        <CalendarOutlined className={styles.pickerIcon} aria-hidden="true" />
      </div>
    </FieldShell>
  );
}
