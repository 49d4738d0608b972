import {
  CABINS,
  type ErrorName,
  MAX_FLEX_DAYS,
  MAX_MULTI_CITY_LEGS,
  packSearchLink,
  SEARCH_MODES,
  type SearchMode,
  TRIP_TYPES,
} from '@junction/domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../../../shared/lib/error-text';
import { paths } from '../../../../shared/paths';
import { Button } from '../../../../shared/ui/light/button';
import {
  CalendarOutlined,
  CloseCircleFilled,
  CloseOutlined,
  DownOutlined,
  PlusOutlined,
  SearchOutlined,
} from '../../../../shared/ui/light/icons';
import type { PickedPlace } from '../../../../widgets/place-picker/place-picker';
import { ModeIcon } from '../mode-icon';
import { loadAntdFields } from './antd-fields';
import { DateInput, DateRangeInput } from './date-inputs';
import { PlaceFields } from './place-fields';
import {
  checkDraft,
  defaultDraft,
  type FieldProblem,
  type LegDraft,
  type LegProblems,
  lastOnSaleIso,
  legsInUse,
  loadLastSearch,
  type SearchDraft,
  saveLastSearch,
  toCriteria,
  todayIso,
  withNewLeg,
  withTripType,
} from './search-draft';
import styles from './search-form.module.css';
import { TravellersField } from './travellers-field';

const TRIP_TYPE_VALUES = [TRIP_TYPES.ONE_WAY, TRIP_TYPES.ROUND_TRIP, TRIP_TYPES.MULTI_CITY] as const;
const FLEX_VALUES = Array.from({ length: MAX_FLEX_DAYS + 1 }, (_, i) => i);
/** Date problems shown as soon as they arise, not only after a search attempt. */
const LIVE_PROBLEMS: readonly FieldProblem[] = ['LEG_ORDER', 'RETURN_BEFORE_DEPARTURE'];

const MODE_ICONS: Record<SearchMode, Array<'air' | 'train'>> = {
  all: ['air', 'train'],
  flight: ['air'],
  train: ['train'],
};

/** Where a search goes: the results page reads the packed criteria from `s`. */

export type SearchFormProps = {
  /** The form's first state; otherwise the last search on this device, otherwise a fresh form. */
  initial?: SearchDraft;
};

/**
 * The home page's search form (spec §2, §3, §5): trip type, places with swap, dates with
 * flexibility, travellers, cabin and transport mode. A valid search is remembered on this device and
 * opens the results page.
 */
export function SearchForm({ initial }: SearchFormProps) {
  const { t } = useTranslation('search-form');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const id = useId();
  const [draft, setDraft] = useState<SearchDraft>(() => initial ?? loadLastSearch() ?? defaultDraft());
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const today = todayIso();
  const lastOnSale = lastOnSaleIso(today);
  const problems = checkDraft(draft, today);
  const isMultiCity = draft.type === TRIP_TYPES.MULTI_CITY;
  const legs = legsInUse(draft);

  const describe = (p: FieldProblem | undefined): string | undefined => {
    if (!p) return undefined;
    switch (p) {
      case 'FROM_REQUIRED':
        return t('problems.fromRequired');
      case 'TO_REQUIRED':
        return t('problems.toRequired');
      case 'DATE_REQUIRED':
        return t('problems.dateRequired');
      case 'RETURN_REQUIRED':
        return t('problems.returnRequired');
      default:
        return errorText(p);
    }
  };
  const shown = (p: FieldProblem | undefined) =>
    p && (wasSubmitted || LIVE_PROBLEMS.includes(p)) ? describe(p) : undefined;
  const legProblems = (i: number): LegProblems => problems?.legs[i] ?? {};

  const update = (patch: Partial<SearchDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const updateLeg = (index: number, patch: Partial<LegDraft>) =>
    setDraft((d) => ({ ...d, legs: d.legs.map((leg, i) => (i === index ? { ...leg, ...patch } : leg)) }));
  const removeLeg = (index: number) => setDraft((d) => ({ ...d, legs: d.legs.filter((_, i) => i !== index) }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setWasSubmitted(true);
    if (checkDraft(draft, today)) return;
    saveLastSearch(draft);
    navigate(paths.searchResults(packSearchLink(toCriteria(draft))));
  };

  const places = (leg: LegDraft, index: number) => {
    const p = legProblems(index);
    const fromError = shown(p.from);
    const toError = shown(p.to);
    return (
      <div className={styles.places} data-from-error={Boolean(fromError)} data-to-error={Boolean(toError)}>
        <PlaceFields
          from={leg.from}
          to={leg.to}
          onChange={({ from, to }: { from?: PickedPlace; to?: PickedPlace }) => updateLeg(index, { from, to })}
        />
        {fromError || toError ? (
          <div className={styles.pairErrors}>
            <span className={styles.error} role="alert" data-testid={`leg-${index}-from-error`}>
              {fromError}
            </span>
            <span className={styles.error} role="alert" data-testid={`leg-${index}-to-error`}>
              {toError}
            </span>
          </div>
        ) : null}
      </div>
    );
  };

  const travellers = (
    <TravellersField
      id={`${id}-travellers`}
      value={{ adults: draft.adults, children: draft.children, infants: draft.infants }}
      onChange={(next) =>
        setDraft((d) => ({ ...d, ...next({ adults: d.adults, children: d.children, infants: d.infants }) }))
      }
      error={wasSubmitted && problems?.travellers ? describe(problems.travellers) : undefined}
    />
  );
  const submit = (
    <Button
      variant="primary"
      type="submit"
      size="large"
      icon={<SearchOutlined aria-hidden="true" />}
      className={styles.submit}
      data-testid="search-submit"
    >
      {t('submit')}
    </Button>
  );
  const formProblem: ErrorName | undefined = wasSubmitted ? problems?.form : undefined;
  const first = draft.legs[0] as LegDraft;

  return (
    <form
      className={styles.form}
      onSubmit={handleSubmit}
      noValidate
      aria-label={t('label')}
      // The pickers and calendars load as the traveller comes to the form (see antd-fields.ts).
      onPointerEnter={() => void loadAntdFields()}
      onFocus={() => void loadAntdFields()}
      data-testid="search-form"
    >
      <div className={styles.toolbar}>
        <div className={styles.tripType} role="radiogroup" aria-label={t('tripType.label')} data-testid="trip-type">
          {TRIP_TYPE_VALUES.map((v) => (
            <label key={v} className={styles.radio}>
              <input
                type="radio"
                name={`${id}-trip-type`}
                value={v}
                checked={draft.type === v}
                onChange={() => setDraft((d) => withTripType(d, v, today))}
              />
              <span>{t(`tripType.${v}`)}</span>
            </label>
          ))}
        </div>
        <div className={styles.options}>
          <span className={styles.optionSelect}>
            <span aria-hidden="true">{t(`cabin.${draft.cabin}`)}</span>
            <select
              value={draft.cabin}
              onChange={(e) => update({ cabin: e.target.value as SearchDraft['cabin'] })}
              aria-label={t('cabin.label')}
              data-testid="cabin-select"
            >
              {CABINS.map((c) => (
                <option key={c} value={c}>
                  {t(`cabin.${c}`)}
                </option>
              ))}
            </select>
            <DownOutlined className={styles.optionArrow} aria-hidden="true" />
          </span>
          <span className={styles.optionSelect}>
            <CalendarOutlined className={styles.optionIcon} aria-hidden="true" />
            <span aria-hidden="true">{t(`flex.${draft.flexDays}` as 'flex.0')}</span>
            <select
              value={draft.flexDays}
              onChange={(e) => update({ flexDays: Number(e.target.value) })}
              aria-label={t('flex.label')}
              data-testid="flex-select"
            >
              {FLEX_VALUES.map((n) => (
                <option key={n} value={n}>
                  {t(`flex.${n}` as 'flex.0')}
                </option>
              ))}
            </select>
            <DownOutlined className={styles.optionArrow} aria-hidden="true" />
          </span>
        </div>
        <div className={styles.mode} role="radiogroup" aria-label={t('mode.label')} data-testid="mode">
          {SEARCH_MODES.map((m) => (
            <label key={m} className={styles.modeItem}>
              <input
                type="radio"
                name={`${id}-mode`}
                value={m}
                checked={draft.mode === m}
                onChange={() => update({ mode: m })}
              />
              <span className={styles.modeOption}>
                <span className={styles.modeIcons} aria-hidden="true">
                  {MODE_ICONS[m].map((icon) => (
                    <ModeIcon key={icon} mode={icon} />
                  ))}
                </span>
                {t(`mode.${m}`)}
              </span>
            </label>
          ))}
        </div>
      </div>

      {isMultiCity ? (
        <>
          <ol className={styles.legs}>
            {legs.map((leg, i) => {
              const previous = legs[i - 1]?.date;
              const min = previous && previous > today ? previous : today;
              return (
                <li key={leg.id} className={styles.legRow} data-testid={`leg-${i}`}>
                  <span className={styles.legNumber}>{t('legs.title', { number: i + 1 })}</span>
                  {places(leg, i)}
                  <DateInput
                    id={`${id}-date-${i}`}
                    label={t('dates.departure')}
                    value={leg.date}
                    onChange={(date) => updateLeg(i, { date })}
                    min={min}
                    max={lastOnSale}
                    error={shown(legProblems(i).date)}
                    data-testid={`leg-${i}-date`}
                  />
                  <Button
                    variant="text"
                    shape="circle"
                    className={styles.removeLeg}
                    icon={<CloseOutlined />}
                    aria-label={t('legs.remove', { number: i + 1 })}
                    disabled={legs.length <= 2}
                    onClick={() => removeLeg(i)}
                    data-testid={`leg-${i}-remove`}
                  />
                </li>
              );
            })}
          </ol>
          <div className={styles.multiFooter}>
            <div className={styles.addLeg}>
              <Button
                icon={<PlusOutlined aria-hidden="true" />}
                onClick={() => setDraft((d) => withNewLeg(d, today))}
                disabled={legs.length >= MAX_MULTI_CITY_LEGS}
                data-testid="add-leg"
              >
                {t('legs.add')}
              </Button>
              <span className={styles.hint}>{t('legs.limit', { count: MAX_MULTI_CITY_LEGS })}</span>
            </div>
            {travellers}
            {submit}
          </div>
        </>
      ) : (
        <div
          className={`${styles.row} ${draft.type === TRIP_TYPES.ROUND_TRIP ? styles.rowRound : ''}`}
          data-testid="leg-0"
        >
          {places(first, 0)}
          {draft.type === TRIP_TYPES.ROUND_TRIP ? (
            <DateRangeInput
              id={`${id}-dates`}
              value={[first.date, draft.returnDate]}
              onChange={([date, returnDate]) =>
                setDraft((d) => ({ ...d, returnDate, legs: d.legs.map((l, i) => (i === 0 ? { ...l, date } : l)) }))
              }
              min={today}
              max={lastOnSale}
              error={shown(legProblems(0).date)}
            />
          ) : (
            <DateInput
              id={`${id}-date-0`}
              label={t('dates.departure')}
              value={first.date}
              onChange={(date) => updateLeg(0, { date })}
              min={today}
              max={lastOnSale}
              error={shown(legProblems(0).date)}
              data-testid="leg-0-date"
            />
          )}
          {travellers}
          {submit}
        </div>
      )}
      {formProblem ? (
        <div className={styles.formAlert} role="alert">
          <CloseCircleFilled className={styles.formAlertIcon} aria-hidden="true" />
          {describe(formProblem)}
        </div>
      ) : null}
    </form>
  );
}
