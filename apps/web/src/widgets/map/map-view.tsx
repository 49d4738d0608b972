import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { type CityMap, type LatLon, type MapTiles, wgs84ToGcj02 } from '@junction/domain';
import { Button } from 'antd';
import { type PointerEvent, useEffect, useMemo, useRef, useState, type WheelEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './map-view.module.css';

/** A leg of a plan on the map: a line from one point to another, drawn in the style of its kind. */
export type MapLeg = { kind: 'air' | 'land' | 'lands' | 'subway' | 'taxi'; from: LatLon; to: LatLon; label?: string };
export type MapMarker = LatLon & { label: string; tone: 'start' | 'end' | 'pin' };

/** Map units per degree of latitude: the SVG's world coordinates. */
const K = 1000;

type View = { cx: number; cy: number; span: number };

const DEG = Math.PI / 180;
/** Web Mercator's y of a latitude, in degrees of the equator (±180 at the map's edges). */
const mercator = (lat: number) =>
  Math.log(Math.tan(Math.PI / 4 + (Math.max(-85.0511, Math.min(85.0511, lat)) * DEG) / 2)) / DEG;
const unmercator = (y: number) => (2 * Math.atan(Math.exp(y * DEG)) - Math.PI / 2) / DEG;

/**
 * Web Mercator, scaled so that around the reference latitude one world unit is about 1/K degree of
 * latitude: map tiles sit exactly underneath, and a city keeps its shape.
 */
export function projection(lat0: number) {
  const c = Math.cos(lat0 * DEG);
  return {
    x: (lon: number) => lon * c * K,
    y: (lat: number) => -mercator(lat) * c * K,
    lon: (x: number) => x / (c * K),
    lat: (y: number) => unmercator(-y / (c * K)),
    /** World units across a whole zoom-0 tile. */
    world: 360 * c * K,
  };
}

type Projection = ReturnType<typeof projection>;
/** At most this many tiles are drawn at once. */
const MAX_TILES = 48;

/**
 * The tiles of a commercial map under the view: the zoom whose 256-pixel tiles match the screen, each
 * tile placed where Web Mercator puts it. GCJ-02 tiles (AMap) are drawn shifted back by the datum's
 * offset at the view's centre, so their streets lie under our WGS-84 data.
 */
export function tilesInView(
  tiles: MapTiles,
  proj: Projection,
  vb: { x: number; y: number; w: number; h: number },
  widthPx: number,
) {
  if (widthPx <= 0) return { images: [], shift: { x: 0, y: 0 } };
  let z = Math.max(0, Math.min(18, Math.round(Math.log2((proj.world * widthPx) / vb.w / 256))));
  // World x of lon -180 and world y of the map's top edge (mercator +180).
  const left = -proj.world / 2;
  const top = -proj.world / 2;
  const range = (zoom: number) => {
    const n = 2 ** zoom;
    const size = proj.world / n;
    return {
      size,
      x0: Math.max(0, Math.floor((vb.x - left) / size)),
      x1: Math.min(n - 1, Math.floor((vb.x + vb.w - left) / size)),
      y0: Math.max(0, Math.floor((vb.y - top) / size)),
      y1: Math.min(n - 1, Math.floor((vb.y + vb.h - top) / size)),
    };
  };
  let r = range(z);
  // A very wide screen takes the next zoom out rather than a crowd of tiles.
  while (z > 0 && (r.x1 - r.x0 + 1) * (r.y1 - r.y0 + 1) > MAX_TILES) r = range(--z);
  const images: { key: string; href: string; x: number; y: number; size: number }[] = [];
  for (let ty = r.y0; ty <= r.y1; ty++) {
    for (let tx = r.x0; tx <= r.x1; tx++) {
      const href = tiles.url.replaceAll('{z}', String(z)).replaceAll('{x}', String(tx)).replaceAll('{y}', String(ty));
      images.push({ key: `${z}/${tx}/${ty}`, href, x: left + tx * r.size, y: top + ty * r.size, size: r.size });
    }
  }
  let shift = { x: 0, y: 0 };
  if (tiles.datum === 'gcj02') {
    const centre = { lat: proj.lat(vb.y + vb.h / 2), lon: proj.lon(vb.x + vb.w / 2) };
    const g = wgs84ToGcj02(centre);
    shift = { x: proj.x(centre.lon) - proj.x(g.lon), y: proj.y(centre.lat) - proj.y(g.lat) };
  }
  return { images, shift };
}

const LEG_STYLE: Record<MapLeg['kind'], { stroke: string; dash?: string; width: number }> = {
  lands: { stroke: '#6b7280', dash: '2 4', width: 2.5 },
  subway: { stroke: '#2563eb', width: 4 },
  taxi: { stroke: '#f59e0b', dash: '8 4', width: 3.5 },
  land: { stroke: '#b91c1c', width: 4 },
  air: { stroke: '#0ea5e9', dash: '10 6', width: 3 },
};

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
 * and railway stations, and a plan's legs; a commercial map's tiles underneath when one is configured. Zoom with the wheel or the buttons, pan by dragging, and a
 * click (without a drag) picks a point.
 */
export function MapView({ maps, legs = [], markers = [], fit, onPick, label, height }: MapViewProps) {
  const { t } = useTranslation('common');
  const fitPoints = useMemo(() => {
    const pts = fit && fit.length > 0 ? fit : maps.map((m) => m.center);
    return pts.length > 0 ? pts : [{ lat: 39.9, lon: 116.4 }];
  }, [fit, maps]);
  const lat0 = useMemo(() => fitPoints.reduce((s, p) => s + p.lat, 0) / fitPoints.length, [fitPoints]);
  const proj = useMemo(() => projection(lat0), [lat0]);
  const initial = useMemo((): View => {
    const xs = fitPoints.map((p) => proj.x(p.lon));
    const ys = fitPoints.map((p) => proj.y(p.lat));
    const w = Math.max(...xs) - Math.min(...xs);
    const h = Math.max(...ys) - Math.min(...ys);
    // A single point shows about 12 km around it.
    const span = Math.max(w / 1.6, h, fitPoints.length === 1 ? 110 : 20) * 1.25;
    return { cx: (Math.max(...xs) + Math.min(...xs)) / 2, cy: (Math.max(...ys) + Math.min(...ys)) / 2, span };
  }, [fitPoints, proj]);
  const [view, setView] = useState<View>(initial);
  useEffect(() => setView(initial), [initial]);

  const svg = useRef<SVGSVGElement>(null);
  const tiles = maps.find((m) => m.tiles)?.tiles;
  const [widthPx, setWidthPx] = useState(0);
  useEffect(() => {
    const el = svg.current;
    if (!el || !tiles) return;
    const measure = () => setWidthPx(el.getBoundingClientRect().width);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, [tiles]);
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);
  const aspect = 1.6;
  const vb = { x: view.cx - (view.span * aspect) / 2, y: view.cy - view.span / 2, w: view.span * aspect, h: view.span };

  /** The world point under a pointer position. */
  const toWorld = (clientX: number, clientY: number) => {
    const r = svg.current?.getBoundingClientRect();
    if (!r || r.width === 0) return { x: view.cx, y: view.cy };
    // preserveAspectRatio meet: the view box is centred in the element.
    const scale = Math.min(r.width / vb.w, r.height / vb.h);
    const ox = (r.width - vb.w * scale) / 2;
    const oy = (r.height - vb.h * scale) / 2;
    return { x: vb.x + (clientX - r.left - ox) / scale, y: vb.y + (clientY - r.top - oy) / scale };
  };

  const zoom = (factor: number, at?: { x: number; y: number }) =>
    setView((v) => {
      const span = Math.min(Math.max(v.span * factor, 2), 60_000);
      const f = span / v.span;
      const c = at ?? { x: v.cx, y: v.cy };
      return { span, cx: c.x + (v.cx - c.x) * f, cy: c.y + (v.cy - c.y) * f };
    });

  const onWheel = (e: WheelEvent<SVGSVGElement>) => zoom(e.deltaY > 0 ? 1.25 : 0.8, toWorld(e.clientX, e.clientY));
  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    drag.current = { x: e.clientX, y: e.clientY, view, moved: false };
    (e.target as Element).setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    const r = svg.current?.getBoundingClientRect();
    if (!d || !r) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) d.moved = true;
    if (!d.moved) return;
    const scale = Math.min(r.width / (d.view.span * aspect), r.height / d.view.span);
    setView({ ...d.view, cx: d.view.cx - dx / scale, cy: d.view.cy - dy / scale });
  };
  const onPointerUp = (e: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    drag.current = null;
    if (d && !d.moved && onPick) {
      const w = toWorld(e.clientX, e.clientY);
      onPick({ lat: round5(proj.lat(w.y)), lon: round5(proj.lon(w.x)) });
    }
  };

  const px = view.span / 400; // one screen pixel, roughly, in world units
  const showStationNames = view.span < 160;
  const tileLayer = tiles ? tilesInView(tiles, proj, vb, widthPx) : undefined;
  const pt = (p: LatLon) => `${proj.x(p.lon).toFixed(2)},${proj.y(p.lat).toFixed(2)}`;
  const path = (points: [number, number][]) =>
    points.map(([lon, lat], i) => `${i ? 'L' : 'M'}${proj.x(lon).toFixed(2)} ${proj.y(lat).toFixed(2)}`).join('');

  return (
    <div className={`${styles.frame} ${tiles ? styles.withTiles : ''}`} style={{ height }}>
      <svg
        ref={svg}
        className={styles.map}
        viewBox={`${vb.x} ${vb.y} ${vb.w} ${vb.h}`}
        role="img"
        aria-label={label}
        data-testid="map"
        data-span={Math.round(view.span)}
        onWheel={onWheel}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
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
            if (!ring || view.span > 400) return null;
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
              {view.span < 400 ? (
                <text
                  x={proj.x(h.lon) + px * 8}
                  y={proj.y(h.lat) + px * 4}
                  fontSize={px * 12}
                  className={styles.hubName}
                >
                  {h.name}
                </text>
              ) : null}
            </g>
          )),
        )}
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
            <text
              x={proj.x(m.lon) + px * 10}
              y={proj.y(m.lat) - px * 8}
              fontSize={px * 14}
              className={styles.markerName}
            >
              {m.label}
            </text>
          </g>
        ))}
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
    </div>
  );
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;
