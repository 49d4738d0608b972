import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../shared/ui/light/button';
import { AimOutlined, DownOutlined, SwapOutlined } from '../../../../shared/ui/light/icons';
import type { PickedPlace, PlacePairProps } from '../../../../widgets/place-picker/place-picker';
import pickerStyles from '../../../../widgets/place-picker/place-picker.module.css';
import { loadAntdFields, useAntdFields } from './antd-fields';
import styles from './stand-ins.module.css';

type Side = 'from' | 'to';
type Activation = NonNullable<PlacePairProps['activate']>;

type StandInProps = {
  side: Side;
  label: string;
  value: PickedPlace | undefined;
  keyword: string;
  onKeyword: (keyword: string) => void;
  onActivate: (activation: Activation) => void;
};

/** One picker as it looks before Ant Design's Select arrives: the place chosen, or a box to type into. */
function PickerStandIn({ side, label, value, keyword, onKeyword, onActivate }: StandInProps) {
  const { t } = useTranslation('common');
  return (
    <div className={pickerStyles.field}>
      <span className={pickerStyles.labelRow}>
        <span className={pickerStyles.label}>{label}</span>
        <button
          type="button"
          className={styles.onMap}
          onClick={() => onActivate({ side, keyword: '', map: true })}
          aria-label={`${label}: ${t('placePicker.onMap')}`}
          data-testid="choose-on-map"
        >
          <AimOutlined /> {t('placePicker.onMap')}
        </button>
      </span>
      <div className={styles.select} data-place-stand-in data-testid="place-picker">
        <input
          className={styles.selectInput}
          role="combobox"
          aria-expanded={false}
          aria-autocomplete="list"
          aria-label={label}
          autoComplete="off"
          value={keyword}
          onFocus={() => onActivate({ side, keyword, map: false })}
          onChange={(event) => onKeyword(event.target.value)}
        />
        {keyword ? null : value ? (
          <span className={styles.selectValue}>{value.name}</span>
        ) : (
          <span className={styles.selectPlaceholder}>{t('placePicker.placeholder')}</span>
        )}
        <DownOutlined className={styles.selectArrow} aria-hidden="true" />
      </div>
    </div>
  );
}

/**
 * Origin and destination with the swap button (see PlacePair): drawn light until Ant Design's pickers load,
 * which a traveller's first touch of a field starts; the field touched then opens with what was typed.
 */
export function PlaceFields({ from, to, onChange }: Omit<PlacePairProps, 'activate'>) {
  const { t } = useTranslation('common');
  const fields = useAntdFields();
  const [activation, setActivation] = useState<Activation>();
  const [keywords, setKeywords] = useState<Record<Side, string>>({ from: '', to: '' });
  if (fields) {
    const activate = activation ? { ...activation, keyword: keywords[activation.side] } : undefined;
    return <fields.AntdPlacePair from={from} to={to} onChange={onChange} activate={activate} />;
  }
  const activate = (next: Activation) => {
    setActivation(next);
    void loadAntdFields();
  };
  const standIn = (side: Side, label: string, value: PickedPlace | undefined) => (
    <PickerStandIn
      side={side}
      label={label}
      value={value}
      keyword={keywords[side]}
      onKeyword={(keyword) => setKeywords((k) => ({ ...k, [side]: keyword }))}
      onActivate={activate}
    />
  );
  return (
    <div className={pickerStyles.pair}>
      {standIn('from', t('placePicker.from'), from)}
      <Button
        shape="circle"
        className={pickerStyles.swap}
        icon={<SwapOutlined />}
        aria-label={t('placePicker.swap')}
        onClick={() => onChange({ from: to, to: from })}
      />
      {standIn('to', t('placePicker.to'), to)}
    </div>
  );
}
