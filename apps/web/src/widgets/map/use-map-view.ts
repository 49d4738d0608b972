import type { CityMap, LatLon } from '@junction/domain';
import { type PointerEvent, type RefObject, useEffect, useMemo, useRef, useState, type WheelEvent } from 'react';
import { projection } from './map-projection';

type View = { cx: number; cy: number; span: number };

/** The map's width over its height. */
const ASPECT = 1.6;
const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

/** The view that fits the points: a single point shows about 12 km around it. */
function useInitialView(fit: LatLon[] | undefined, maps: CityMap[]) {
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
    const span = Math.max(w / 1.6, h, fitPoints.length === 1 ? 110 : 20) * 1.25;
    return { cx: (Math.max(...xs) + Math.min(...xs)) / 2, cy: (Math.max(...ys) + Math.min(...ys)) / 2, span };
  }, [fitPoints, proj]);
  return { proj, initial };
}

/** The drawn width of the map in pixels, measured when tiles need it. */
function useWidthPx(svg: RefObject<SVGSVGElement | null>, measured: boolean) {
  const [widthPx, setWidthPx] = useState(0);
  useEffect(() => {
    const el = svg.current;
    if (!el || !measured) return;
    const measure = () => setWidthPx(el.getBoundingClientRect().width);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, [svg, measured]);
  return widthPx;
}

type Options = {
  fit: LatLon[] | undefined;
  maps: CityMap[];
  hasTiles: boolean;
  onPick: ((point: LatLon) => void) | undefined;
};

/**
 * The map's view: where it looks and how far, zoomed with the wheel or the buttons, panned by dragging,
 * and a click (without a drag) picked as a point.
 */
export function useMapView({ fit, maps, hasTiles, onPick }: Options) {
  const { proj, initial } = useInitialView(fit, maps);
  const [view, setView] = useState<View>(initial);
  useEffect(() => setView(initial), [initial]);
  const svg = useRef<SVGSVGElement>(null);
  const widthPx = useWidthPx(svg, hasTiles);
  const drag = useRef<{ x: number; y: number; view: View; moved: boolean } | null>(null);
  const vb = { x: view.cx - (view.span * ASPECT) / 2, y: view.cy - view.span / 2, w: view.span * ASPECT, h: view.span };

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

  const handlers = {
    onWheel: (e: WheelEvent<SVGSVGElement>) => zoom(e.deltaY > 0 ? 1.25 : 0.8, toWorld(e.clientX, e.clientY)),
    onPointerDown: (e: PointerEvent<SVGSVGElement>) => {
      drag.current = { x: e.clientX, y: e.clientY, view, moved: false };
      (e.target as Element).setPointerCapture?.(e.pointerId);
    },
    onPointerMove: (e: PointerEvent<SVGSVGElement>) => {
      const d = drag.current;
      const r = svg.current?.getBoundingClientRect();
      if (!d || !r) return;
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      if (Math.abs(dx) + Math.abs(dy) > 4) d.moved = true;
      if (!d.moved) return;
      const scale = Math.min(r.width / (d.view.span * ASPECT), r.height / d.view.span);
      setView({ ...d.view, cx: d.view.cx - dx / scale, cy: d.view.cy - dy / scale });
    },
    onPointerUp: (e: PointerEvent<SVGSVGElement>) => {
      const d = drag.current;
      drag.current = null;
      if (d && !d.moved && onPick) {
        const w = toWorld(e.clientX, e.clientY);
        onPick({ lat: round5(proj.lat(w.y)), lon: round5(proj.lon(w.x)) });
      }
    },
  };

  return { svg, proj, span: view.span, vb, widthPx, zoom, handlers };
}
