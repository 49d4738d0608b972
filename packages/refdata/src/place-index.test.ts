import { encodePlaceCode, type Place } from '@junction/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRefdata, type Refdata } from './index';

let refdata: Refdata;
beforeAll(() => {
  refdata = loadRefdata();
});

const search = (keyword: string, language: 'en' | 'zh-CN' = 'en') => refdata.places.search(keyword, language, 10);
const childCodes = (p: Place | undefined) => (p?.places ?? []).map((c) => c.code);

describe('place search', () => {
  it('finds Beijing by its Chinese name, with both airports and its railway stations', () => {
    const [first] = search('北京', 'zh-CN');
    expect(first).toMatchObject({ kind: 'city', name: '北京', nameEn: 'Beijing', city_code: 'BJS', country: 'CN' });
    expect(childCodes(first)).toEqual(expect.arrayContaining(['PEK', 'PKX', 'BJP', 'VNP', 'BXP']));
    expect(first?.airports?.map((a) => a.code).sort()).toEqual(['PEK', 'PKX']);
    const south = first?.places?.find((c) => c.code === 'VNP');
    expect(south).toMatchObject({ kind: 'station', nameZh: '北京南', nameEn: 'Beijing South', placeId: first?.id });
  });

  it('finds Shanghai Hongqiao station and airport by their full Chinese name', () => {
    const results = search('上海虹桥', 'zh-CN');
    expect(results[0]).toMatchObject({ kind: 'station', code: 'AOH', name: '上海虹桥' });
    expect(results.map((p) => p.code)).toContain('SHA');
    expect(results.find((p) => p.code === 'SHA')).toMatchObject({ kind: 'airport', cityName: '上海' });
  });

  it('matches city and airport codes in any case, the city first', () => {
    for (const keyword of ['sha', 'SHA']) {
      const results = search(keyword);
      expect(results[0]).toMatchObject({ kind: 'city', nameEn: 'Shanghai', city_code: 'SHA' });
      expect(childCodes(results[0])).toEqual(expect.arrayContaining(['PVG', 'SHA']));
      expect(results.slice(0, 3).some((p) => p.kind === 'airport' && p.code === 'SHA')).toBe(true);
    }
    expect(search('pek')[0]).toMatchObject({ kind: 'airport', code: 'PEK' });
    expect(search('BJS')[0]).toMatchObject({ kind: 'city', nameEn: 'Beijing' });
  });

  it('matches 12306 telecodes', () => {
    expect(search('bjp')[0]).toMatchObject({ kind: 'station', code: 'BJP', nameZh: '北京' });
    expect(search('AOH')[0]).toMatchObject({ kind: 'station', nameZh: '上海虹桥' });
  });

  it('matches pinyin initials and full pinyin, the most important place first', () => {
    expect(search('bj')[0]).toMatchObject({ kind: 'city', nameZh: '北京' });
    expect(search('beijing')[0]).toMatchObject({ kind: 'city', nameZh: '北京' });
    expect(search('xian')[0]).toMatchObject({ kind: 'city', nameZh: '西安' });
    expect(search("Xi'an")[0]).toMatchObject({ kind: 'city', nameZh: '西安' });
    expect(search('西安', 'zh-CN')[0]).toMatchObject({ kind: 'city', name: '西安' });
  });

  it('finds the main international cities by their metropolitan codes', () => {
    expect(search('hkg')[0]).toMatchObject({ kind: 'city', nameEn: 'Hong Kong', country: 'HK' });
    expect(childCodes(search('hkg')[0])).toContain('HKG');
    expect(search('lon')[0]).toMatchObject({ kind: 'city', nameEn: 'London', country: 'GB' });
    expect(childCodes(search('lon')[0])).toEqual(expect.arrayContaining(['LHR', 'LGW']));
    expect(search('nyc')[0]).toMatchObject({ kind: 'city', nameEn: 'New York', country: 'US' });
    expect(childCodes(search('nyc')[0])).toEqual(expect.arrayContaining(['JFK', 'EWR', 'LGA']));
    expect(search('london')[0]).toMatchObject({ kind: 'city', nameZh: '伦敦' });
  });

  it('finds a place by its four-character base-35 code', () => {
    const beijing = search('北京', 'zh-CN')[0] as Place;
    expect(beijing.placeCode).toBe(encodePlaceCode(beijing.id));
    expect(search(beijing.placeCode)[0]?.id).toBe(beijing.id);
    expect(search(beijing.placeCode.toLowerCase())[0]?.id).toBe(beijing.id);
  });

  it('answers absurd keywords with nothing', () => {
    for (const keyword of ['', '   ', '😀✈️', "'; DROP TABLE places; --", 'x'.repeat(500), '\u0000']) {
      expect(search(keyword), JSON.stringify(keyword.slice(0, 20))).toEqual([]);
    }
  });

  it('never shows an empty name: a place without a Chinese name shows its English name in Chinese', () => {
    for (const keyword of ['a', 'b', 'k', 's', 'm', 'z']) {
      for (const p of refdata.places.search(keyword, 'zh-CN', 30)) {
        expect(p.name.trim()).not.toBe('');
        for (const c of p.places ?? []) expect(c.name.trim()).not.toBe('');
      }
    }
  });
});

describe('reference tables', () => {
  it('has Chinese and English names and a calling code for the countries travellers pick', () => {
    const byCode = new Map(refdata.countries.map((c) => [c.code, c]));
    expect(byCode.get('CN')).toMatchObject({ nameZh: '中国', phoneCode: '86' });
    expect(byCode.get('HK')).toMatchObject({ nameZh: '中国香港', phoneCode: '852' });
    expect(byCode.get('US')?.phoneCode).toBe('1');
    expect(byCode.get('GB')?.phoneCode).toBe('44');
    expect(refdata.countries.length).toBeGreaterThan(200);
  });

  it('lists the 36 display currencies with symbols, sides and a rate from CNY for each', () => {
    expect(refdata.currencies).toHaveLength(36);
    for (const c of refdata.currencies) {
      expect(c.nameZh).toMatch(/\p{Script=Han}/u);
      if (c.code !== 'CNY') expect(refdata.rates.rates[`CNY:${c.code}`], c.code).toBeGreaterThan(0);
    }
    expect(refdata.currencies.find((c) => c.code === 'SEK')?.position).toBe('right');
  });

  it('classes common aircraft', () => {
    expect(refdata.aircraft['333']?.class).toBe('wide-body');
    expect(refdata.aircraft['320']?.class).toBe('narrow-body');
    expect(refdata.aircraft.CR9?.class).toBe('regional');
    expect(refdata.aircraft.AT7?.class).toBe('turbo-prop');
  });

  it('has at least 80 airlines with Chinese names, the Chinese carriers among them', () => {
    expect(refdata.airlines.length).toBeGreaterThanOrEqual(80);
    const codes = refdata.airlines.map((a) => a.code);
    expect(codes).toEqual(expect.arrayContaining(['CA', 'MU', 'CZ', 'HU', '3U', 'ZH', 'MF', '9C']));
  });
});
