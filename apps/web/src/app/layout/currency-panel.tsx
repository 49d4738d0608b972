import { CURRENCIES, type Currency } from '@junction/domain';
import { Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../shared/lib/preferences';
import styles from './header.module.css';

/** Display currency (spec §9: CNY by default) and whether to show the original currency beside it. */
export function CurrencyPanel() {
  const { currency, setCurrency, showOriginalCurrency, setShowOriginalCurrency, language } = usePreferences();
  const { t } = useTranslation('common');
  const names = new Intl.DisplayNames([language], { type: 'currency' });
  return (
    <div className={styles.currencyPanel} data-currency-panel>
      <label className={styles.panelLabel} htmlFor="display-currency">
        {t('header.displayCurrency')}
      </label>
      <Select<Currency>
        id="display-currency"
        showSearch={{ optionFilterProp: 'label' }}
        value={currency}
        onChange={setCurrency}
        style={{ width: '100%' }}
        getPopupContainer={(node) => node.parentElement ?? document.body}
        options={CURRENCIES.map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` }))}
      />
      <div className={styles.panelRow}>
        <span id="show-original-label">{t('header.showOriginalCurrency')}</span>
        <Switch
          size="small"
          checked={showOriginalCurrency}
          onChange={setShowOriginalCurrency}
          aria-labelledby="show-original-label"
        />
      </div>
      <p className={styles.panelHint}>{t('header.currencyHint')}</p>
    </div>
  );
}
