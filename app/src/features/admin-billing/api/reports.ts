import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, type Envelope } from '@/lib/api-client';
import { saveBlob } from '@/lib/download-file';
import type { PaymentsPage, Refund, Revenue } from '../../../../../contracts/rest/billing';

const REVENUE_KEY = ['admin', 'revenue'] as const;
const PAYMENTS_KEY = ['admin', 'payments'] as const;

export interface MonthRange {
  from: string;
  to: string;
}

const query = (range: MonthRange | null) =>
  range ? `?${new URLSearchParams({ from: range.from, to: range.to }).toString()}` : '';

/** GET /api/v1/admin/revenue: by month (the business's zone), offering and coach; unsaid, the last 12 months. */
export const useRevenue = (range: MonthRange | null) =>
  useQuery({
    queryKey: [...REVENUE_KEY, range],
    queryFn: async ({ signal }) =>
      (await api.get<Envelope<Revenue>>(`/api/v1/admin/revenue${query(range)}`, { signal })).data.data,
    placeholderData: keepPreviousData,
  });

/** GET /api/v1/admin/payments: newest first, 50 a page, the next by the answer's cursor. */
export const usePayments = (range: MonthRange | null) =>
  useInfiniteQuery({
    queryKey: [...PAYMENTS_KEY, range],
    initialPageParam: null as string | null,
    queryFn: async ({ signal, pageParam }) => {
      const params = new URLSearchParams(range ? { from: range.from, to: range.to } : {});
      if (pageParam) params.set('cursor', pageParam);
      const search = params.toString();
      return (
        await api.get<Envelope<PaymentsPage>>(`/api/v1/admin/payments${search ? `?${search}` : ''}`, {
          signal,
        })
      ).data.data;
    },
    getNextPageParam: (last) => last.next_cursor,
  });

/** The months' payments as a spreadsheet (formula-safe), saved under the server's name. */
export async function downloadPaymentsCsv(range: MonthRange | null): Promise<void> {
  const response = await api.get<Blob>(`/api/v1/admin/payments.csv${query(range)}`, { responseType: 'blob' });
  const header = response.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  saveBlob(response.data, name ? decodeURIComponent(name) : 'payments.csv');
}

/** POST /api/v1/admin/payments/:id/refunds: a credit note, the unspent credits of the purchase taken back. */
export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, amount, reason }: { id: number; amount: number; reason: string }) =>
      (
        await api.post<Envelope<Refund>>(
          `/api/v1/admin/payments/${id}/refunds`,
          { amount, reason },
          // The form shows these fields' refusals beside them (the interceptor toasts the rest).
          { fields: ['amount', 'reason'] },
        )
      ).data.data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** An invoice's PDF (any of the tenant's), saved under its number. */
export async function downloadAdminInvoice(id: number, number: string): Promise<void> {
  const response = await api.get<Blob>(`/api/v1/admin/invoices/${id}/pdf`, { responseType: 'blob' });
  saveBlob(response.data, `${number}.pdf`);
}
