import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { ListPager } from './list-pager';

type Props<T> = {
  /** One page of the list; undefined while it has not come yet. */
  items: readonly T[] | undefined;
  total: number | undefined;
  /** While the first page is on its way: a skeleton of this many rows. */
  pending: boolean;
  skeletonRows: number;
  /** What an empty list shows instead. */
  empty: ReactNode;
  keyOf: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  className?: string;
  itemClassName?: string;
  itemTestId?: string;
  page: number;
  pageSize: number;
  pagerClassName?: string;
  onPage: (page: number) => void;
};

/** One page of a list in the account area: a skeleton while it loads, its empty state, its items and its pages. */
export function PagedList<T>(p: Props<T>) {
  return (
    <>
      {p.pending ? <Skeleton active paragraph={{ rows: p.skeletonRows }} /> : null}
      {p.items && p.items.length === 0 ? p.empty : null}
      <ul className={p.className}>
        {p.items?.map((item) => (
          <li key={p.keyOf(item)} className={p.itemClassName} data-testid={p.itemTestId}>
            {p.renderItem(item)}
          </li>
        ))}
      </ul>
      <ListPager className={p.pagerClassName} page={p.page} pageSize={p.pageSize} total={p.total} onChange={p.onPage} />
    </>
  );
}
