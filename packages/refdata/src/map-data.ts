/** `generated/map.json`: what the map dialog draws, from our own data. Points are [lon, lat] (WGS-84). */
export type MapData = {
  /** District outlines by city code: each district's outer rings. */
  districts: Record<string, { nameZh: string; nameEn: string; rings: [number, number][][] }[]>;
  /** The metro feed's lines (its city), each along its longest trip. */
  metro: {
    cityCode: string;
    lines: { id: string; nameEn: string; nameZh: string; color: string; points: [number, number][] }[];
  };
};
