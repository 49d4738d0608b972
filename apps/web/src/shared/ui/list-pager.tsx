import { Pagination } from 'antd';

type Props = {
  className?: string;
  page: number;
  pageSize: number;
  /** How many the whole list holds; nothing shows while it fits on one page. */
  total: number | undefined;
  onChange: (page: number) => void;
};

/** The pages of a long list in the account area, shown only when there is more than one. */
export function ListPager({ className, page, pageSize, total, onChange }: Props) {
  if (total === undefined || total <= pageSize) return null;
  return (
    <Pagination
      className={className}
      current={page}
      pageSize={pageSize}
      total={total}
      onChange={onChange}
      showSizeChanger={false}
    />
  );
}
