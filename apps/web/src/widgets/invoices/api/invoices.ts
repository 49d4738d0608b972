import { type InvoiceTitleInput, invoiceEndpoints, type RequestInvoices } from '@junction/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../shared/api/api-client';

export const invoiceKeys = {
  order: (orderId: string) => ['invoices', 'order', orderId] as const,
  titles: ['invoices', 'titles'] as const,
};

/** `GET /api/invoices`: an order's invoices; asked again every few seconds while one is being issued or reversed. */
export const useOrderInvoices = (orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: invoiceKeys.order(orderId),
    queryFn: ({ signal }) => callApi(invoiceEndpoints.ofOrder, { query: { orderId }, signal }),
    enabled: enabled && orderId !== '',
    refetchInterval: (q) =>
      q.state.data?.items.some((i) => i.status === 'issuing' || i.status === 'reversing') ? 3000 : false,
  });

export function useRequestInvoices(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestInvoices) => callApi(invoiceEndpoints.request, { body }),
    onSuccess: (data) => {
      client.setQueryData(invoiceKeys.order(orderId), data);
      void client.invalidateQueries({ queryKey: invoiceKeys.titles });
    },
  });
}

/** `GET /api/invoice-titles`: the saved titles. */
export const useInvoiceTitles = (enabled = true) =>
  useQuery({
    queryKey: invoiceKeys.titles,
    queryFn: ({ signal }) => callApi(invoiceEndpoints.titles, { signal }),
    enabled,
  });

export function useSaveInvoiceTitle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InvoiceTitleInput) => callApi(invoiceEndpoints.saveTitle, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: invoiceKeys.titles }),
  });
}

export function useRemoveInvoiceTitle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(invoiceEndpoints.removeTitle, { body: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: invoiceKeys.titles }),
  });
}

/** The link of an issued invoice's PDF, or of the red-letter invoice that reversed it (a download). */
export const invoiceFileUrl = (id: string, copy: 'blue' | 'red' = 'blue') =>
  `${invoiceEndpoints.file.path}?${new URLSearchParams(copy === 'red' ? { id, copy } : { id })}`;
