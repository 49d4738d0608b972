import { CalendarOutlined } from '@ant-design/icons';
import type { HolidayCalendar } from '@junction/domain';
import { addDays, nameIn } from '@junction/domain';
import { DatePicker, type DatePickerProps, Grid } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHolidayCalendar } from '../../../../shared/api/reference';
import { usePreferences } from '../../../../shared/lib/preferences';
import { FieldShell } from './field-shell';
import styles from './search-form.module.css';

const ISO = 'YYYY-MM-DD';
type CellRender = NonNullable<DatePickerProps['cellRender']>;

/**
 * Day cells with the holiday calendar: a holiday's name on its first day, and 休/班 marks. Days that
 * cannot be picked say so to assistive technology too.
 */
function useCalendarCells(isDisabled: (d: Dayjs) => boolean): CellRender {
  const calendar = useHolidayCalendar();
  const { t } = useTranslation('search-form');
  const { language } = usePreferences();
  return useCallback<CellRender>(
    (current, info) => {
      if (info.type !== 'date' || !dayjs.isDayjs(current)) return info.originNode;
      const iso = current.format(ISO);
      const day = calendar?.days[iso];
      const name = day ? nameIn(day, language) : '';
      const isFirstDay = day?.type === 'holiday' && !isSameHoliday(calendar, addDays(iso, -1), day.key);
      return (
        <div
          className={`${info.prefixCls}-cell-inner ${styles.dayCell}`}
          data-holiday={day?.type}
          title={day ? name : undefined}
          aria-disabled={isDisabled(current) || undefined}
        >
          <span className={styles.dayNumber}>{current.date()}</span>
          {day ? (
            <span className={day.type === 'holiday' ? styles.offMark : styles.workMark} aria-hidden="true">
              {t(day.type === 'holiday' ? 'calendar.off' : 'calendar.work')}
            </span>
          ) : null}
          {isFirstDay ? (
            <span className={styles.holidayName}>
              {t(`calendar.holidays.${day.key}` as 'calendar.holidays.newYear', { defaultValue: name })}
            </span>
          ) : null}
        </div>
      );
    },
    [calendar, t, language, isDisabled],
  );
}

const isSameHoliday = (calendar: HolidayCalendar | undefined, iso: string, key: string) => {
  const other = calendar?.days[iso];
  return other?.type === 'holiday' && other.key === key;
};

function CalendarLegend() {
  const { t } = useTranslation('search-form');
  return (
    <div className={styles.legend}>
      <span>
        <span className={styles.offMarkInline}>{t('calendar.off')}</span> {t('calendar.offLegend')}
      </span>
      <span>
        <span className={styles.workMarkInline}>{t('calendar.work')}</span> {t('calendar.workLegend')}
      </span>
    </div>
  );
}

/** Short dates in the UI language, with the year only when it is not this year. */
function useDateFormat(): (d: Dayjs) => string {
  const { t } = useTranslation('search-form');
  const thisYear = dayjs().year();
  return (d) => d.format(d.year() === thisYear ? t('dates.format') : t('dates.formatWithYear'));
}

/** Dates from `min` to `max` ('yyyy-mm-dd') can be picked; the rest are greyed out. */
function useOutside(min: string, max: string): (d: Dayjs) => boolean {
  return useCallback(
    (d: Dayjs) => {
      const iso = d.format(ISO);
      return iso < min || iso > max;
    },
    [min, max],
  );
}

export type DateFieldProps = {
  id: string;
  label: string;
  value?: string;
  onChange: (date: string | undefined) => void;
  min: string;
  max: string;
  error?: string;
  placeholder?: string;
  'data-testid'?: string;
  /** Opens the calendar at once (its light stand-in was clicked while this loaded). */
  autoOpen?: boolean;
};

export function DateField({
  id,
  label,
  value,
  onChange,
  min,
  max,
  error,
  placeholder,
  'data-testid': testId,
  autoOpen = false,
}: DateFieldProps) {
  const { t } = useTranslation('search-form');
  const [isOpen, setIsOpen] = useState(autoOpen);
  const isOutside = useOutside(min, max);
  const cellRender = useCalendarCells(isOutside);
  const format = useDateFormat();
  return (
    <FieldShell label={label} htmlFor={id} error={error}>
      <DatePicker
        id={id}
        className={styles.picker}
        size="large"
        open={isOpen}
        onOpenChange={setIsOpen}
        autoFocus={autoOpen}
        value={value ? dayjs(value) : null}
        onChange={(d) => onChange(d ? d.format(ISO) : undefined)}
        disabledDate={isOutside}
        defaultPickerValue={dayjs(value ?? min)}
        cellRender={cellRender}
        format={format}
        placeholder={placeholder ?? t('dates.departurePlaceholder')}
        allowClear={false}
        inputReadOnly
        suffixIcon={<CalendarOutlined />}
        status={error ? 'error' : undefined}
        renderExtraFooter={() => <CalendarLegend />}
        classNames={{ popup: { root: styles.calendar } }}
        data-testid={testId}
      />
    </FieldShell>
  );
}

export type DateRangeFieldProps = {
  id: string;
  value: [string | undefined, string | undefined];
  onChange: (range: [string | undefined, string | undefined]) => void;
  min: string;
  max: string;
  error?: string;
  /** Opens the calendar at once (its light stand-in was clicked while this loaded). */
  autoOpen?: boolean;
};

/**
 * The round trip's departure and return in one picker (the spec's dateRange pair). A phone has no
 * room for two months side by side, so there it is two single pickers.
 */
export function DateRangeField({ id, value, onChange, min, max, error, autoOpen = false }: DateRangeFieldProps) {
  const { t } = useTranslation('search-form');
  const [isOpen, setIsOpen] = useState(autoOpen);
  const isOutside = useOutside(min, max);
  const cellRender = useCalendarCells(isOutside);
  const format = useDateFormat();
  const isPhone = Grid.useBreakpoint().xs === true;
  const [from, to] = value;
  if (isPhone) {
    return (
      <div className={styles.datepair} data-testid="date-range">
        <DateField
          id={id}
          label={t('dates.departure')}
          value={from}
          onChange={(d) => onChange([d, d && to && to < d ? d : to])}
          min={min}
          max={max}
          error={error}
          autoOpen={autoOpen}
        />
        <DateField
          id={`${id}-return`}
          label={t('dates.return')}
          placeholder={t('dates.returnPlaceholder')}
          value={to}
          onChange={(d) => onChange([from, d])}
          min={from ?? min}
          max={max}
        />
      </div>
    );
  }
  return (
    <FieldShell label={t('dates.range')} htmlFor={id} error={error} testId="date-range">
      <DatePicker.RangePicker
        id={{ start: id }}
        className={styles.picker}
        size="large"
        open={isOpen}
        onOpenChange={setIsOpen}
        autoFocus={autoOpen}
        value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
        onChange={(range) => onChange([range?.[0]?.format(ISO), range?.[1]?.format(ISO)])}
        disabledDate={isOutside}
        defaultPickerValue={[dayjs(from ?? min), dayjs(to ?? from ?? min)]}
        cellRender={cellRender}
        format={format}
        placeholder={[t('dates.departurePlaceholder'), t('dates.returnPlaceholder')]}
        allowClear={false}
        allowEmpty={[false, false]}
        inputReadOnly
        suffixIcon={<CalendarOutlined />}
        status={error ? 'error' : undefined}
        renderExtraFooter={() => <CalendarLegend />}
        classNames={{ popup: { root: styles.calendar } }}
      />
    </FieldShell>
  );
}
