import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { placesQueryOptions, popularPlacesQueryOptions } from '../../shared/api/reference';
import { usePreferences } from '../../shared/lib/preferences';
import { type PickedPlace, shownName } from './picked-place';
import { type Option, toDoorOptions, toOptions } from './place-options';
import styles from './place-picker.module.css';

type Group = { label: ReactNode; title: string; options: Option[] };

/**
 * A place picker's search: what the traveller typed (a stand-in's search put back once the picker loads),
 * popular cities when empty, else the places and doors that match, doors grouped first when they match best.
 */
export function usePlacePicker(value: PickedPlace | undefined, activate: { keyword: string } | undefined) {
  const { t } = useTranslation('common');
  const { language } = usePreferences();
  const [keyword, setKeyword] = useState(activate?.keyword ?? '');
  // The Select clears its search as it mounts; what was typed into the stand-in is put back after that.
  const typed = useRef(activate?.keyword);
  useEffect(() => {
    if (typed.current) setKeyword(typed.current);
  }, []);
  const deferred = useDeferredValue(keyword.trim());
  const results = useQuery(placesQueryOptions(deferred, language));
  const popular = useQuery({ ...popularPlacesQueryOptions(language), enabled: deferred === '' });
  const isPopular = deferred === '';
  const places = (isPopular ? popular.data : results.data?.places) ?? [];
  const doors = (isPopular ? undefined : results.data?.doors) ?? [];
  const doorsFirst = !isPopular && (results.data?.doorsFirst ?? false);
  const cityLabel = t('placePicker.city');
  const stationLabel = t('placePicker.station');
  const options = useMemo(
    () => toOptions(places, language, { city: cityLabel, station: stationLabel }),
    [places, language, cityLabel, stationLabel],
  );
  const doorOptions = useMemo(
    () => toDoorOptions(doors, language, (kind) => t(`placePicker.doorKind.${kind}`)),
    [doors, language, t],
  );
  const doorGroup = {
    label: <span className={styles.group}>{t('placePicker.doors')}</span>,
    title: 'doors',
    options: doorOptions,
  };
  const allOptions = [...options, ...doorOptions];
  const isLoading = isPopular ? popular.isFetching : results.isFetching;

  const selected = value
    ? { value: value.door ? `door:${value.id}` : String(value.id), label: shownName(value, language) }
    : undefined;
  const shownOptions: (Option | Group)[] =
    isPopular && options.length > 0
      ? [{ label: <span className={styles.group}>{t('placePicker.popular')}</span>, options, title: 'popular' }]
      : doorOptions.length === 0
        ? options
        : doorsFirst
          ? [doorGroup, ...options]
          : [...options, doorGroup];
  /** The place of a chosen option; the search starts again. */
  const pick = (v: { value: string } | undefined) => {
    setKeyword('');
    return allOptions.find((o) => o.value === v?.value)?.picked;
  };
  return { keyword, setKeyword, selected, shownOptions, isLoading, pick };
}
