import { nameIn } from '@junction/domain';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useCountries } from '../api/reference';
import { usePreferences } from '../lib/preferences';
import { useFittedPopup } from './fitted-popup';

export type CountrySelectProps = {
  /** ISO 3166-1 alpha-2. */
  value?: string | null;
  onChange?: (code: string) => void;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
};

/** A country or region, by name in the UI language or by code; China, Hong Kong, Macao and Taiwan first. */
export function CountrySelect({ value, onChange, placeholder, id, ...rest }: CountrySelectProps) {
  const { language } = usePreferences();
  const countries = useCountries().data;
  const popup = useFittedPopup(280);
  const options = useMemo(() => {
    const first = ['CN', 'HK', 'MO', 'TW'];
    const name = (c: { nameEn: string; nameZh: string }) => nameIn(c, language);
    return (countries ?? [])
      .map((c) => ({
        value: c.code,
        search: `${c.code} ${c.nameEn} ${c.nameZh}`.toLowerCase(),
        label: (
          <span>
            <span aria-hidden="true">{c.flag}</span> {name(c)}
          </span>
        ),
        rank: first.includes(c.code) ? first.indexOf(c.code) : first.length,
        sortName: name(c),
      }))
      .sort((a, b) => a.rank - b.rank || a.sortName.localeCompare(b.sortName, language));
  }, [countries, language]);

  return (
    <Select
      id={id}
      aria-label={rest['aria-label']}
      data-testid={rest['data-testid']}
      value={value ?? undefined}
      onChange={onChange}
      loading={!countries}
      placeholder={placeholder}
      showSearch={{ filterOption: (input, option) => (option?.search ?? '').includes(input.toLowerCase()) }}
      options={options}
      {...popup}
    />
  );
}
