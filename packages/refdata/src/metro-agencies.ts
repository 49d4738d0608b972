/**
 * The city (its city code) each agency of the metro feed runs in: one agency per city, so the planner can
 * take the metro of the cities a plan starts and ends in and leave the others out.
 */
export const METRO_AGENCY_CITY: Readonly<Record<string, string>> = {
  BJSUBWAY: 'BJS',
  SHMETRO: 'SHA',
  SHMAGLEV: 'SHA',
  GZMETRO: 'CAN',
  SZMETRO: 'SZX',
  CDMETRO: 'CTU',
  HZMETRO: 'HGH',
  WHMETRO: 'WUH',
  CQMETRO: 'CKG',
  XAMETRO: 'XIY',
  NJMETRO: 'NKG',
  TJMETRO: 'TSN',
  SUZMETRO: 'SZH',
  ZZMETRO: 'CGO',
  CSMETRO: 'CSX',
  KMMETRO: 'KMG',
  QDMETRO: 'TAO',
  SYMETRO: 'SHE',
  HFMETRO: 'HFE',
  DLMETRO: 'DLC',
  XMMETRO: 'XMN',
  NBMETRO: 'NGB',
  JNMETRO: 'TNA',
  HRBMETRO: 'HRB',
};
