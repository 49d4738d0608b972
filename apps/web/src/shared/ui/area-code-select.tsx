import type { Country } from '@junction/domain';
import { nameIn } from '@junction/domain';
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../api/reference';
import { usePreferences } from '../lib/preferences';
import { useFittedPopup } from './fitted-popup';

/** Spec §9: the default country code is CN. */
export const DEFAULT_AREA_CODE = 'CN';

export type AreaCodeSelectProps = {
  /** The country code (ISO 3166-1 alpha-2), the model value of spec §3. */
  value?: string;
  onChange?: (code: string, country: Country | undefined) => void;
  /** Only these countries, when given (e.g. CN, HK, MO, TW for rail contacts). */
  allowed?: readonly string[];
  filterable?: boolean;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
  /** The size of the field it stands in front of. */
  size?: SelectProps['size'];
  /** In front of its field in a `Space.Compact`: as wide as the code shown, the field taking the rest. */
  compact?: boolean;
};

/** Country calling-code picker: flag, country name in the UI language, +code; filterable by any of them. */
export function AreaCodeSelect({
  value = DEFAULT_AREA_CODE,
  onChange,
  allowed,
  filterable = true,
  placeholder,
  id,
  'aria-label': ariaLabel,
  size,
  compact = false,
}: AreaCodeSelectProps) {
  const { t } = useTranslation('common');
  const popup = useFittedPopup(300);
  const { language } = usePreferences();
  const countries = useCountries().data;
  const options = useMemo(() => {
    const list = (countries ?? []).filter((c) => !allowed || allowed.includes(c.code));
    const name = (c: Country) => nameIn(c, language);
    return list
      .map((c) => ({
        value: c.code,
        country: c,
        search: `${c.code} ${c.nameEn} ${c.nameZh} +${c.phoneCode}`.toLowerCase(),
        label: (
          <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
            <span aria-hidden="true">{c.flag}</span>
            <span>{name(c)}</span>
            <span style={{ color: 'var(--j-text-secondary)' }}>+{c.phoneCode}</span>
          </span>
        ),
        short: `+${c.phoneCode}`,
      }))
      .sort((a, b) => (a.value === DEFAULT_AREA_CODE ? -1 : b.value === DEFAULT_AREA_CODE ? 1 : 0));
  }, [countries, allowed, language]);

  return (
    <Select
      id={id}
      size={size}
      aria-label={ariaLabel ?? t('areaCode.label')}
      value={value}
      loading={!countries}
      placeholder={placeholder ?? t('areaCode.placeholder')}
      showSearch={
        filterable ? { filterOption: (input, option) => (option?.search ?? '').includes(input.toLowerCase()) } : false
      }
      options={options}
      optionLabelProp="short"
      {...popup}
      onChange={(code: string) => onChange?.(code, options.find((o) => o.value === code)?.country)}
      data-testid="area-code-select"
      style={{ minWidth: 96, ...(compact ? { width: 'auto', flex: 'none' } : {}) }}
    />
  );
}
