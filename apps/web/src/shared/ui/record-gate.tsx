import { Button, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../api/api-error';
import { paths } from '../paths';
import { FormError } from './form-error';

export type RecordGateProps<T> = {
  query: { isPending: boolean; data?: T; error: unknown };
  className: string | undefined;
  skeletonRows: number;
  /** The title when the record does not exist (or is another user's). */
  notFound: string;
  /** The label of the way back to the trips. */
  allTrips: string;
  children: (data: T) => ReactNode;
};

/**
 * A page about one of the traveller's records (an order, a refund): a skeleton while it loads, "not found"
 * for a 404 and the error otherwise, each with the way back to the trips; the page itself once it is there.
 */
export function RecordGate<T>({ query, className, skeletonRows, notFound, allTrips, children }: RecordGateProps<T>) {
  if (query.isPending) {
    return (
      <div className={className}>
        <Skeleton active paragraph={{ rows: skeletonRows }} />
      </div>
    );
  }
  if (query.data === undefined) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className={className}>
        <Result
          status={missing ? '404' : 'warning'}
          title={missing ? notFound : undefined}
          subTitle={missing ? undefined : <FormError error={query.error} />}
          extra={
            <Link to={paths.trips()}>
              <Button type="primary">{allTrips}</Button>
            </Link>
          }
        />
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
