/** Hundredths of a yuan as Alipay writes an amount: yuan with two decimals ("1280.50"). */
export function yuanOf(minor: number): string {
  if (!Number.isInteger(minor) || minor < 0) throw new RangeError(`not an amount in hundredths: ${minor}`);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** An amount as Alipay writes it ("1280.5", "1280.50", "3") in hundredths; anything else throws. */
export function minorOfYuan(yuan: string): number {
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!m) throw new RangeError(`not an Alipay amount: ${yuan}`);
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** A moment as Alipay's time fields take it: Beijing time, `yyyy-MM-dd HH:mm:ss`. */
export function beijingTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
