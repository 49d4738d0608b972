import type { CityMap, LatLon } from '@junction/domain';
import { useTranslation } from 'react-i18next';
import type { Projection } from './map-projection';
import styles from './map-view.module.css';

/** A leg of a plan on the map: a line from one point to another, drawn in the style of its kind. */
export type MapLeg = { kind: 'air' | 'land' | 'lands' | 'subway' | 'taxi'; from: LatLon; to: LatLon; label?: string };
export type MapMarker = LatLon & { label: string; tone: 'start' | 'end' | 'pin' };

const LEG_STYLE: Record<MapLeg['kind'], { stroke: string; dash?: string; width: number }> = {
  lands: { stroke: '#6b7280', dash: '2 4', width: 2.5 },
  subway: { stroke: '#2563eb', width: 4 },
  taxi: { stroke: '#f59e0b', dash: '8 4', width: 3.5 },
  land: { stroke: '#b91c1c', width: 4 },
  air: { stroke: '#0ea5e9', dash: '10 6', width: 3 },
};

type Drawing = {
  proj: Projection;
  /** The view's height in world units: names show when it is close enough. */
  span: number;
};

const pixel = (span: number) => span / 400; // one screen pixel, roughly, in world units

/** A path through points given as [lon, lat]. */
const pathOf = (proj: Projection, points: [number, number][]) =>
  points.map(([lon, lat], i) => `${i ? 'L' : 'M'}${proj.x(lon).toFixed(2)} ${proj.y(lat).toFixed(2)}`).join('');

/** The cities' own data: district outlines and names, metro lines and stations, airports and railway stations. */
export function CityLayers({ maps, proj, span }: Drawing & { maps: CityMap[] }) {
  const px = pixel(span);
  const showStationNames = span < 160;
  const path = (points: [number, number][]) => pathOf(proj, points);
  return (
    <>
      {maps.flatMap((m) =>
        m.districts.map((d) => (
          <g key={`${m.cityCode}-${d.name}`} className={styles.district}>
            {d.rings.map((ring, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a district's rings have no other identity
              <path key={i} d={`${path(ring)}Z`} vectorEffect="non-scaling-stroke" />
            ))}
          </g>
        )),
      )}
      {maps.flatMap((m) =>
        m.districts.map((d) => {
          const ring = d.rings[0];
          if (!ring || span > 400) return null;
          const cx = ring.reduce((s, p) => s + p[0], 0) / ring.length;
          const cy = ring.reduce((s, p) => s + p[1], 0) / ring.length;
          return (
            <text
              key={`${m.cityCode}-${d.name}-label`}
              x={proj.x(cx)}
              y={proj.y(cy)}
              className={styles.districtName}
              fontSize={px * 13}
            >
              {d.name}
            </text>
          );
        }),
      )}
      {maps.flatMap((m) =>
        m.metroLines.map((l, i) => (
          <path
            // A line may come in several pieces of one name.
            // biome-ignore lint/suspicious/noArrayIndexKey: the pieces have no other identity and never reorder
            key={`${m.cityCode}-${l.name}-${i}`}
            d={path(l.points)}
            stroke={l.color}
            className={styles.metroLine}
            vectorEffect="non-scaling-stroke"
          >
            <title>{l.name}</title>
          </path>
        )),
      )}
      {maps.flatMap((m) =>
        m.metroStations.map((s) => (
          <g key={`${m.cityCode}-${s.name}`} data-map-station={s.name}>
            <circle cx={proj.x(s.lon)} cy={proj.y(s.lat)} r={px * 2.6} className={styles.station} />
            {showStationNames ? (
              <text
                x={proj.x(s.lon) + px * 4}
                y={proj.y(s.lat) + px * 3}
                fontSize={px * 10}
                className={styles.stationName}
              >
                {s.name}
              </text>
            ) : null}
          </g>
        )),
      )}
      {maps.flatMap((m) =>
        m.hubs.slice(0, 12).map((h) => (
          <g key={`${m.cityCode}-${h.code}`} data-map-hub={h.code}>
            <rect
              x={proj.x(h.lon) - px * 5}
              y={proj.y(h.lat) - px * 5}
              width={px * 10}
              height={px * 10}
              rx={px * 2}
              className={h.kind === 'airport' ? styles.airport : styles.railway}
            />
            {span < 400 ? (
              <text x={proj.x(h.lon) + px * 8} y={proj.y(h.lat) + px * 4} fontSize={px * 12} className={styles.hubName}>
                {h.name}
              </text>
            ) : null}
          </g>
        )),
      )}
    </>
  );
}

/** A plan's legs, a flight arcing, and its markers with their names. */
export function PlanLayers({ legs, markers, proj, span }: Drawing & { legs: MapLeg[]; markers: MapMarker[] }) {
  const px = pixel(span);
  const pt = (p: LatLon) => `${proj.x(p.lon).toFixed(2)},${proj.y(p.lat).toFixed(2)}`;
  return (
    <>
      {legs.map((l, i) => {
        const s = LEG_STYLE[l.kind];
        const a = { x: proj.x(l.from.lon), y: proj.y(l.from.lat) };
        const b = { x: proj.x(l.to.lon), y: proj.y(l.to.lat) };
        // A flight arcs; everything else runs straight between its points.
        const d =
          l.kind === 'air'
            ? `M${a.x} ${a.y}Q${(a.x + b.x) / 2 - (b.y - a.y) * 0.2} ${(a.y + b.y) / 2 + (b.x - a.x) * 0.2} ${b.x} ${b.y}`
            : `M${a.x} ${a.y}L${b.x} ${b.y}`;
        return (
          <path
            // biome-ignore lint/suspicious/noArrayIndexKey: legs are drawn in their order and never move
            key={i}
            d={d}
            fill="none"
            stroke={s.stroke}
            strokeWidth={s.width}
            strokeDasharray={s.dash}
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
            data-map-leg={l.kind}
          >
            {l.label ? <title>{l.label}</title> : null}
          </path>
        );
      })}
      {markers.map((m) => (
        <g key={`${m.tone}-${pt(m)}`} data-map-marker={m.tone}>
          <circle cx={proj.x(m.lon)} cy={proj.y(m.lat)} r={px * 7} className={styles[m.tone]} />
          <text x={proj.x(m.lon) + px * 10} y={proj.y(m.lat) - px * 8} fontSize={px * 14} className={styles.markerName}>
            {m.label}
          </text>
        </g>
      ))}
    </>
  );
}

/** The kinds of leg the plan has, each with its line. */
export function MapLegend({ legs }: { legs: MapLeg[] }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.legend} aria-hidden="true">
      {legs.length > 0
        ? (['lands', 'subway', 'taxi', 'land', 'air'] as const)
            .filter((k) => legs.some((l) => l.kind === k))
            .map((k) => (
              <span key={k} className={styles.legendItem}>
                <svg width="22" height="6" aria-hidden="true">
                  <line
                    x1="1"
                    y1="3"
                    x2="21"
                    y2="3"
                    stroke={LEG_STYLE[k].stroke}
                    strokeWidth="3"
                    strokeDasharray={LEG_STYLE[k].dash}
                  />
                </svg>
                {t(`map.leg.${k}`)}
              </span>
            ))
        : null}
    </div>
  );
}
