import { apiRequest } from '../../../lib/api-client.ts';

/** GET /market-data/demo/supplier-sample.csv → saved as demo-supplier-price-list.csv. */
export async function downloadDemoSupplierSample(): Promise<void> {
  const blob = await apiRequest<Blob>('/market-data/demo/supplier-sample.csv', { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'demo-supplier-price-list.csv';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
