import type { FacetOption } from '@junction/domain';
import { Checkbox, Slider } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './filters-panel.module.css';

export type FilterSectionProps = { title: string; children: ReactNode; testId?: string };

export function FilterSection({ title, children, testId }: FilterSectionProps) {
  return (
    <section className={styles.section} data-testid={testId}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

export type CheckboxListProps = {
  options: readonly FacetOption[];
  excluded: readonly string[];
  label: (value: string) => string;
  onToggle: (value: string, isTicked: boolean) => void;
  /** Ticks this option alone; offered when there is more than one. */
  onOnly?: (value: string) => void;
  testId?: string;
};

/** Options ticked by default, each with how many results it would show. */
export function CheckboxList({ options, excluded, label, onToggle, onOnly, testId }: CheckboxListProps) {
  const { t } = useTranslation('results');
  return (
    <ul className={styles.options} data-testid={testId}>
      {options.map(({ value, count }) => {
        const isTicked = !excluded.includes(value);
        const text = label(value);
        return (
          <li key={value} className={styles.option} data-option={value}>
            <Checkbox
              checked={isTicked}
              disabled={count === 0 && isTicked}
              onChange={(e) => onToggle(value, e.target.checked)}
              className={styles.checkbox}
            >
              <span className={styles.optionLabel} title={text}>
                {text}
              </span>
            </Checkbox>
            {onOnly && options.length > 1 ? (
              <button
                type="button"
                className={styles.only}
                onClick={() => onOnly(value)}
                aria-label={`${t('filters.only')} ${text}`}
              >
                {t('filters.only')}
              </button>
            ) : null}
            <span className={styles.count}>{count}</span>
          </li>
        );
      })}
    </ul>
  );
}

export type RangeSliderProps = {
  min: number;
  max: number;
  step: number;
  value: readonly [number, number] | null;
  format: (value: number) => string;
  /** The label of the chosen span, e.g. "06:00 – 12:00". */
  describe: (from: string, to: string) => string;
  onCommit: (value: [number, number] | null) => void;
  ariaLabel: string;
  testId?: string;
};

/** A two-handle slider that filters when released; the full span means no filter. */
export function RangeSlider({
  min,
  max,
  step,
  value,
  format,
  describe,
  onCommit,
  ariaLabel,
  testId,
}: RangeSliderProps) {
  const { t } = useTranslation('results');
  const [draft, setDraft] = useState<[number, number]>([value?.[0] ?? min, value?.[1] ?? max]);
  useEffect(() => setDraft([value?.[0] ?? min, value?.[1] ?? max]), [value, min, max]);
  return (
    <div className={styles.slider} data-testid={testId}>
      <p className={styles.sliderValue}>{describe(format(draft[0]), format(draft[1]))}</p>
      <Slider
        range
        min={min}
        max={max}
        step={step}
        value={draft}
        onChange={(v) => setDraft([v[0] ?? min, v[1] ?? max])}
        onChangeComplete={(v) => {
          const from = v[0] ?? min;
          const to = v[1] ?? max;
          onCommit(from <= min && to >= max ? null : [from, to]);
        }}
        tooltip={{ formatter: (v) => (v === undefined ? '' : format(v)) }}
        ariaLabelForHandle={[t('filters.rangeFrom', { label: ariaLabel }), t('filters.rangeTo', { label: ariaLabel })]}
      />
    </div>
  );
}

export type MaxSliderProps = {
  min: number;
  max: number;
  step: number;
  value: number | null;
  format: (value: number) => string;
  onCommit: (value: number | null) => void;
  ariaLabel: string;
  testId?: string;
};

/** A one-handle "up to" slider; the top end means no filter. */
export function MaxSlider({ min, max, step, value, format, onCommit, ariaLabel, testId }: MaxSliderProps) {
  const [draft, setDraft] = useState(value ?? max);
  useEffect(() => setDraft(value ?? max), [value, max]);
  return (
    <div className={styles.slider} data-testid={testId}>
      <p className={styles.sliderValue}>{format(draft)}</p>
      <Slider
        min={min}
        max={max}
        step={step}
        value={draft}
        onChange={setDraft}
        onChangeComplete={(v) => onCommit(v >= max ? null : v)}
        tooltip={{ formatter: (v) => (v === undefined ? '' : format(v)) }}
        ariaLabelForHandle={ariaLabel}
      />
    </div>
  );
}
