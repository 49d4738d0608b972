/** `generated/map.json`: what the map dialog draws, from our own data. Points are [lon, lat] (WGS-84). */
export type MapData = {
  /** District outlines by city code: each district's outer rings. */
  districts: Record<string, { nameZh: string; nameEn: string; rings: [number, number][][] }[]>;
  /**
   * Metro lines of the metro feed by city code, each along its longest trip and along any trip that
   * reaches stations the longer ones miss (a branch): a line may come as several pieces of one colour.
   */
  metro: Record<string, { id: string; nameEn: string; nameZh: string; color: string; points: [number, number][] }[]>;
};
