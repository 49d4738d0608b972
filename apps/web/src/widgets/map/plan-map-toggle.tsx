import { EnvironmentOutlined } from '@ant-design/icons';
import type { ResultLeg } from '@junction/domain';
import { Button, Spin } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyChunk } from '../../shared/lib/load-chunk';

// The map is its own chunk, loaded when a traveller first asks for it.
const PlanMap = lazyChunk(() => import('./plan-map'));

/** "Show on map": the plan's legs drawn on the map, below the button, once asked for. */
export function PlanMapToggle({ legs, height }: { legs: readonly ResultLeg[]; height?: number }) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  return (
    <div data-testid="plan-map">
      <Button
        icon={<EnvironmentOutlined />}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        data-testid="plan-map-toggle"
      >
        {open ? t('map.hidePlan') : t('map.showPlan')}
      </Button>
      {open ? (
        <div style={{ marginTop: 12 }}>
          <Suspense fallback={<Spin />}>
            <PlanMap legs={legs} height={height} />
          </Suspense>
        </div>
      ) : null}
    </div>
  );
}
