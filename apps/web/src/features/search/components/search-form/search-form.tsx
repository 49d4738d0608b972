import { MAX_MULTI_CITY_LEGS, TRIP_TYPES } from '@junction/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../shared/ui/light/button';
import { CloseCircleFilled, CloseOutlined, PlusOutlined, SearchOutlined } from '../../../../shared/ui/light/icons';
import type { PickedPlace } from '../../../../widgets/place-picker/place-picker';
import { loadAntdFields } from './antd-fields';
import { DateInput, DateRangeInput } from './date-inputs';
import { FareCalendarToggle } from './fare-calendar-toggle';
import { PlaceFields } from './place-fields';
import type { LegDraft, SearchDraft } from './search-draft';
import styles from './search-form.module.css';
import { SearchToolbar } from './search-toolbar';
import { TravellersField } from './travellers-field';
import { useSearchForm } from './use-search-form';

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
  const id = useId();
  const form = useSearchForm(initial);
  const { draft, today, lastOnSale, legs, shown, legProblems, updateLeg } = form;

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
      onChange={form.setParty}
      error={form.travellersError}
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
  const first = draft.legs[0] as LegDraft;

  return (
    <form
      className={styles.form}
      onSubmit={form.submit}
      noValidate
      aria-label={t('label')}
      // The pickers and calendars load as the traveller comes to the form (see antd-fields.ts).
      onPointerEnter={() => void loadAntdFields()}
      onFocus={() => void loadAntdFields()}
      data-testid="search-form"
    >
      <SearchToolbar id={id} draft={draft} update={form.update} setTripType={form.setTripType} />

      {form.isMultiCity ? (
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
                    onClick={() => form.removeLeg(i)}
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
                onClick={form.addLeg}
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
              onChange={form.setRoundTrip}
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
          {form.fareRoute && first.date ? (
            <FareCalendarToggle
              {...form.fareRoute}
              date={first.date}
              returnDate={draft.type === TRIP_TYPES.ROUND_TRIP ? draft.returnDate : undefined}
              min={today}
              max={lastOnSale}
              onChoose={form.searchOn}
            />
          ) : null}
        </div>
      )}
      {form.formError ? (
        <div className={styles.formAlert} role="alert">
          <CloseCircleFilled className={styles.formAlertIcon} aria-hidden="true" />
          {form.formError}
        </div>
      ) : null}
    </form>
  );
}
