import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { paths } from '../paths';
import { RecordGate } from './record-gate';

type Query = { isPending: boolean; data?: { name: string }; error: unknown };

function show(query: Query) {
  render(
    <MemoryRouter>
      <RecordGate query={query} className="page" skeletonRows={3} notFound="No such order" allTrips="All trips">
        {(data) => <p>Order of {data.name}</p>}
      </RecordGate>
    </MemoryRouter>,
  );
}

describe('a page about one record', () => {
  it('shows the page once the record is there, and nothing else', () => {
    show({ isPending: false, data: { name: 'Zhang Wei' }, error: null });
    expect(screen.getByText('Order of Zhang Wei')).toBeTruthy();
    expect(screen.queryByText('All trips')).toBeNull();
  });

  it('shows neither the page nor a failure while it loads', () => {
    show({ isPending: true, error: null });
    expect(screen.queryByText(/Order of/)).toBeNull();
    expect(screen.queryByText('All trips')).toBeNull();
  });

  it('says a missing record is not found and leads back to the trips', () => {
    show({ isPending: false, error: new ApiError(404, { errorCode: 2001, errorContent: 'Order not found' }) });
    expect(screen.getByText('No such order')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All trips' }).getAttribute('href')).toBe(paths.trips());
  });

  it('shows any other failure instead of "not found", still with the way back', () => {
    show({ isPending: false, error: new ApiError(500, { errorCode: 5000, errorContent: 'Server busy' }) });
    expect(screen.queryByText('No such order')).toBeNull();
    expect(screen.getByRole('link', { name: 'All trips' })).toBeTruthy();
  });
});
