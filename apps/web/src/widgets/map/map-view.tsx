import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import type { CityMap, LatLon } from '@junction/domain';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { CityLayers, type MapLeg, MapLegend, type MapMarker, PlanLayers } from './map-layers';
import { tilesInView } from './map-projection';
import styles from './map-view.module.css';
import { useMapView } from './use-map-view';

export type { MapLeg, MapMarker } from './map-layers';
export { projection, tilesInView } from './map-projection';

export type MapViewProps = {
  maps: CityMap[];
  legs?: MapLeg[];
  markers?: MapMarker[];
  /** Where the view starts: these points fit in it (the maps' cities when empty). */
  fit?: LatLon[];
  onPick?: (point: LatLon) => void;
  label: string;
  height: number;
};

/**
 * A map drawn from our own data, no tile server: district outlines, metro lines and stations, airports
 * and railway stations, and a plan's legs; a commercial map's tiles underneath when one is configured.
 * Zoom with the wheel or the buttons, pan by dragging, and a click (without a drag) picks a point.
 */
export function MapView({ maps, legs = [], markers = [], fit, onPick, label, height }: MapViewProps) {
  const { t } = useTranslation('common');
  const tiles = maps.find((m) => m.tiles)?.tiles;
  const { svg, proj, span, vb, widthPx, zoom, handlers } = useMapView({ fit, maps, hasTiles: !!tiles, onPick });
  const tileLayer = tiles ? tilesInView(tiles, proj, vb, widthPx) : undefined;

  return (
    <div className={`${styles.frame} ${tiles ? styles.withTiles : ''}`} style={{ height }}>
      <svg
        ref={svg}
        className={styles.map}
        viewBox={`${vb.x} ${vb.y} ${vb.w} ${vb.h}`}
        role="img"
        aria-label={label}
        data-testid="map"
        data-span={Math.round(span)}
        {...handlers}
      >
        <rect x={vb.x} y={vb.y} width={vb.w} height={vb.h} className={styles.sea} />
        {tileLayer ? (
          <g
            data-map-tiles={tiles?.datum}
            transform={`translate(${tileLayer.shift.x} ${tileLayer.shift.y})`}
            className={styles.tiles}
          >
            {tileLayer.images.map((t) => (
              <image
                key={t.key}
                href={t.href}
                x={t.x}
                y={t.y}
                width={t.size}
                height={t.size}
                preserveAspectRatio="none"
                data-tile={t.key}
              />
            ))}
          </g>
        ) : null}
        <CityLayers maps={maps} proj={proj} span={span} />
        <PlanLayers legs={legs} markers={markers} proj={proj} span={span} />
      </svg>
      <div className={styles.zoom}>
        <Button icon={<PlusOutlined />} aria-label={t('map.zoomIn')} onClick={() => zoom(0.6)} />
        <Button icon={<MinusOutlined />} aria-label={t('map.zoomOut')} onClick={() => zoom(1.6)} />
      </div>
      {tiles?.attribution ? (
        <span className={styles.attribution} data-testid="map-attribution">
          {tiles.attribution}
        </span>
      ) : null}
      <MapLegend legs={legs} />
    </div>
  );
}
