import {
  activeFilterCount,
  type FacetOption,
  inLanguage,
  JOURNEY_CABINS,
  NO_FILTERS,
  onlyOption,
  type ResultFacet,
  type ResultFilters,
  type ResultPage,
  STOP_VALUES,
  TRAIN_GROUPS,
  toggleOption,
} from '@junction/domain';
import { Button } from 'antd';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDuration } from '../../../../shared/lib/duration';
import { usePreferences } from '../../../../shared/lib/preferences';
import { useFormatCny } from '../../../../shared/ui/price';
import { CheckboxList, FilterSection, MaxSlider, RangeSlider } from './filter-controls';
import styles from './filters-panel.module.css';

export type FiltersPanelProps = {
  /** Every option of every filter with its count, and the sliders' ends, as the server counted them. */
  facets: ResultPage['facets'];
  ranges: ResultPage['ranges'];
  filters: ResultFilters;
  onChange: (filters: ResultFilters) => void;
  isRail: boolean;
  /** In the phone's drawer, which has its own title and reset: the panel is only the filters. */
  isInDrawer?: boolean;
};

const CABIN_ORDER = [...JOURNEY_CABINS];
const GROUP_ORDER = Object.keys(TRAIN_GROUPS);
const SEAT_ORDER = ['A9', 'P', 'D', 'M', 'O', 'S', 'F', 'A', 'A6', 'A4', 'A3', 'A2', 'A1', 'AI', 'AJ', 'WZ'];
const byOrder = (order: readonly string[]) => (a: FacetOption, b: FacetOption) => {
  const ia = order.indexOf(a.value);
  const ib = order.indexOf(b.value);
  return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.value.localeCompare(b.value);
};
const byCount = (a: FacetOption, b: FacetOption) => b.count - a.count || a.value.localeCompare(b.value);

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export type ResetFiltersProps = { filters: ResultFilters; onChange: (filters: ResultFilters) => void };

/** Clears every filter but the day picked in the price calendar, saying how many are on. */
export function ResetFilters({ filters, onChange }: ResetFiltersProps) {
  const { t } = useTranslation('results');
  const active = activeFilterCount({ ...filters, date: null });
  return (
    <Button
      type="link"
      size="small"
      disabled={active === 0}
      onClick={() => onChange({ ...NO_FILTERS, date: filters.date })}
      data-testid="filters-reset"
    >
      {active > 0 ? t('filters.resetCount', { count: active }) : t('filters.reset')}
    </Button>
  );
}

/**
 * The sidebar: every filter with counts, sliders for times, price and trip time, and a reset. Drawn again
 * only when its facets, ranges or the filters change, not at every pull of a search.
 */
export const FiltersPanel = memo(function FiltersPanel({
  facets,
  ranges,
  filters,
  onChange,
  isRail,
  isInDrawer = false,
}: FiltersPanelProps) {
  const { t } = useTranslation('results');
  const { language } = usePreferences();
  const formatDuration = useFormatDuration();
  const formatCny = useFormatCny();

  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const option of facets.carriers)
      if (option.name) map.set(`carrier:${option.value}`, inLanguage(option.name, language) || option.value);
    for (const option of [...facets.departurePlaces, ...facets.arrivalPlaces])
      if (option.name) map.set(`place:${option.value}`, inLanguage(option.name, language) || option.value);
    return map;
  }, [facets, language]);

  const options = (facet: ResultFacet): FacetOption[] => facets[facet].map(({ value, count }) => ({ value, count }));
  const bounds = ranges;

  const facetList = (facet: ResultFacet, label: (v: string) => string, list: FacetOption[], withOnly = false) => (
    <CheckboxList
      options={list}
      excluded={filters.excluded[facet] ?? []}
      label={label}
      onToggle={(value, isTicked) => onChange(toggleOption(filters, facet, value, isTicked))}
      onOnly={
        withOnly
          ? (value) =>
              onChange(
                onlyOption(
                  filters,
                  facet,
                  value,
                  list.map((o) => o.value),
                ),
              )
          : undefined
      }
      testId={`filter-${facet}`}
    />
  );

  const section = (facet: ResultFacet, title: string, label: (v: string) => string, sort: typeof byCount, min = 2) => {
    const list = options(facet).sort(sort);
    if (list.length < min) return null;
    return (
      <FilterSection title={title} testId={`filter-section-${facet}`}>
        {facetList(facet, label, list, facet !== 'cabins')}
      </FilterSection>
    );
  };

  /** The hours of the day a trip leaves in, or arrives in. */
  const timeWindow = (end: 'departure' | 'arrival') => {
    const field = end === 'departure' ? 'departureMinutes' : 'arrivalMinutes';
    const title = end === 'departure' ? t('filters.departureTime') : t('filters.arrivalTime');
    return (
      <FilterSection title={title} testId={`filter-section-${end}`}>
        <RangeSlider
          min={0}
          max={1440}
          step={30}
          value={filters[field]}
          format={clock}
          describe={(from, to) => t('filters.timeWindow', { from, to })}
          onCommit={(minutes) => onChange({ ...filters, [field]: minutes })}
          ariaLabel={title}
          testId={`filter-${end}-time`}
        />
      </FilterSection>
    );
  };

  const stopOptions = options('stops');
  const stops = STOP_VALUES.map((value) => stopOptions.find((o) => o.value === value) ?? { value, count: 0 });
  const placeName = (code: string) => {
    const name = names.get(`place:${code}`);
    return name && name !== code ? `${name} (${code})` : code;
  };
  const departurePlaces = options('departurePlaces').sort(byCount);
  const arrivalPlaces = options('arrivalPlaces').sort(byCount);

  return (
    <aside
      className={`${styles.panel} ${isInDrawer ? styles.inDrawer : ''}`}
      aria-label={t('filters.title')}
      data-testid="filters-panel"
    >
      {isInDrawer ? null : (
        <div className={styles.head}>
          <h2 className={styles.title}>{t('filters.title')}</h2>
          <ResetFilters filters={filters} onChange={onChange} />
        </div>
      )}

      <FilterSection title={isRail ? t('filters.railStops') : t('filters.stops')} testId="filter-section-stops">
        {facetList('stops', (v) => t(`filters.${isRail ? 'railStopValues' : 'stopValues'}.${v as '0'}`), stops)}
      </FilterSection>

      {section('kinds', t('filters.kinds'), (v) => t(`kinds.${v as 'flight'}`), byOrder(['flight', 'train', 'mix']))}

      {timeWindow('departure')}
      {timeWindow('arrival')}

      {section('carriers', t('filters.carriers'), (v) => names.get(`carrier:${v}`) ?? v, byCount)}

      {departurePlaces.length > 1 || arrivalPlaces.length > 1 ? (
        <FilterSection title={t('filters.places')} testId="filter-section-places">
          {departurePlaces.length > 1 ? (
            <>
              <h4 className={styles.subTitle}>{t('filters.departurePlaces')}</h4>
              {facetList('departurePlaces', placeName, departurePlaces, true)}
            </>
          ) : null}
          {arrivalPlaces.length > 1 ? (
            <>
              <h4 className={styles.subTitle}>{t('filters.arrivalPlaces')}</h4>
              {facetList('arrivalPlaces', placeName, arrivalPlaces, true)}
            </>
          ) : null}
        </FilterSection>
      ) : null}

      {section('cabins', t('filters.cabins'), (v) => t(`cabins.${v as 'Y'}`), byOrder(CABIN_ORDER))}
      {section('trainGroups', t('filters.trainGroups'), (v) => t(`trainGroups.${v as 'GC'}`), byOrder(GROUP_ORDER), 1)}
      {section('seats', t('filters.seats'), (v) => t(`seats.${v as 'O'}`, { defaultValue: v }), byOrder(SEAT_ORDER), 1)}
      {section(
        'aircraft',
        t('filters.aircraft'),
        (v) => t(`aircraftClasses.${v as 'regional'}`, { defaultValue: v }),
        byCount,
      )}

      {bounds && bounds.price[1] > bounds.price[0] ? (
        <FilterSection title={t('filters.price')} testId="filter-section-price">
          <RangeSlider
            min={bounds.price[0]}
            max={bounds.price[1]}
            step={100}
            value={filters.price}
            format={formatCny}
            describe={(from, to) => t('filters.priceWindow', { from, to })}
            onCommit={(price) => onChange({ ...filters, price })}
            ariaLabel={t('filters.price')}
            testId="filter-price"
          />
        </FilterSection>
      ) : null}
      {bounds && bounds.duration[1] > bounds.duration[0] ? (
        <FilterSection title={t('filters.duration')} testId="filter-section-duration">
          <MaxSlider
            min={bounds.duration[0]}
            max={bounds.duration[1]}
            step={5}
            value={filters.maxDurationMinutes}
            format={(v) => t('filters.durationUpTo', { duration: formatDuration(v) })}
            onCommit={(maxDurationMinutes) => onChange({ ...filters, maxDurationMinutes })}
            ariaLabel={t('filters.duration')}
            testId="filter-duration"
          />
        </FilterSection>
      ) : null}
    </aside>
  );
});
