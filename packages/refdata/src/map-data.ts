/** `generated/map.json`: what the map dialog draws, from our own data. Points are [lon, lat] (WGS-84). */
export type MapData = {
  /** District outlines by city code: each district's outer rings. */
  districts: Record<string, { nameZh: string; nameEn: string; rings: [number, number][][] }[]>;
  /**
   * Metro lines by city code: the metro feed's, each along its longest trip, and other cities' along
   * their tracks as mapped in OpenStreetMap; a line may be drawn as several pieces of one colour.
   */
  metro: Record<string, { id: string; nameEn: string; nameZh: string; color: string; points: [number, number][] }[]>;
};
