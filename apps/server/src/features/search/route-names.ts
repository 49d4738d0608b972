import type { LocalText } from '@junction/domain';
import type { SupplierRequest } from './suppliers/supplier';

const nameOf = (p: { nameEn: string; nameZh: string } | undefined): LocalText => ({
  en: p?.nameEn ?? '',
  'zh-CN': p?.nameZh || p?.nameEn || '',
});

/** The names of the places a request's first bound goes between, in both languages (English where no Chinese). */
export function routeNames(request: SupplierRequest): { from: LocalText; to: LocalText } {
  const bound = request.trips[0]?.bounds[0];
  return { from: nameOf(bound?.from), to: nameOf(bound?.to) };
}
