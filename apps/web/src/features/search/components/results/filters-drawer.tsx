import { FilterOutlined } from '@ant-design/icons';
import { activeFilterCount } from '@junction/domain';
import { Button, Drawer } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './filters-drawer.module.css';
import { FiltersPanel, type FiltersPanelProps, ResetFilters } from './filters-panel';

export type FiltersDrawerProps = Omit<FiltersPanelProps, 'isInDrawer' | 'facets'> & {
  /** None until the first results arrive. */
  facets: FiltersPanelProps['facets'] | null;
  /** Results that pass the filters, for the button that closes the drawer. */
  matchCount: number;
};

/**
 * The filters on a phone: a button that says how many are on, opening them in a drawer from below, so
 * the results come first on the page.
 */
export function FiltersDrawer({ matchCount, ...panel }: FiltersDrawerProps) {
  const { t } = useTranslation('results');
  const [isOpen, setIsOpen] = useState(false);
  const active = activeFilterCount({ ...panel.filters, date: null });
  const close = () => setIsOpen(false);
  return (
    <>
      <Button
        className={styles.open}
        icon={<FilterOutlined />}
        onClick={() => setIsOpen(true)}
        disabled={!panel.facets}
        aria-haspopup="dialog"
        aria-label={active > 0 ? t('filters.openActive', { count: active }) : t('filters.open')}
        data-testid="filters-open"
        data-active={active}
      >
        {t('filters.open')}
        {active > 0 ? (
          <span className={styles.count} aria-hidden="true">
            {active}
          </span>
        ) : null}
      </Button>
      <Drawer
        open={isOpen}
        onClose={close}
        placement="bottom"
        size="85%"
        title={t('filters.title')}
        extra={<ResetFilters filters={panel.filters} onChange={panel.onChange} />}
        footer={
          <Button type="primary" size="large" block onClick={close} data-testid="filters-apply">
            {t('filters.showResults', { count: matchCount })}
          </Button>
        }
        classNames={{ body: styles.body }}
      >
        {panel.facets ? <FiltersPanel {...panel} facets={panel.facets} isInDrawer /> : null}
      </Drawer>
    </>
  );
}
