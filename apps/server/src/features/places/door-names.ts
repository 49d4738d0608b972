import type { LatLon, LocalText } from '@junction/domain';
import type { Gazetteer } from '@junction/refdata';
import type { GazetteerGeocoder } from './geocoder/gazetteer-geocoder';

/** A door of the gazetteer is at its own point; one chosen from a list lies within this of it. */
const SAME_POINT_KM = 0.02;

/**
 * A door's name in both languages, from its point and the name it was given in one of them: the named
 * place of the gazetteer at that point (王府井 / Wangfujing), or a pin's name after the nearest named place
 * (王府井附近 / Near Wangfujing). A name neither gives (an address the commercial geocoder found) stays as
 * given in both languages; without a given name the door is named as the gazetteer names its point.
 */
export type DoorNamer = (point: LatLon, given?: string) => LocalText;

export function doorNamer(gazetteer: Gazetteer, geocoder: GazetteerGeocoder): DoorNamer {
  return (point, given) => {
    const name = given?.trim() ?? '';
    const both = (en: string, zh: string): LocalText => ({ en, 'zh-CN': zh || en });
    for (const e of gazetteer.within(point, SAME_POINT_KM)) {
      if (!name || name === e.nameEn || name === e.nameZh) return both(e.nameEn, e.nameZh);
    }
    const pin = geocoder.reverseNow(point, 'en');
    if (!name || name === pin.nameEn || name === pin.nameZh) return both(pin.nameEn, pin.nameZh);
    return both(name, name);
  };
}
