import { apiRequest } from './api-client.ts';
import { saveBlob } from './save-blob.ts';

export const DEMO_SAMPLE_FILE_NAME = 'demo-supplier-price-list.csv';

/**
 * Downloads the demo supplier price list (GET /market-data/demo/supplier-sample.csv, demo market data only),
 * so a user can try the analyzers: real supplier EANs have no listings in the demo catalogue.
 */
export async function downloadDemoSample(): Promise<void> {
  const blob = await apiRequest<Blob>('/market-data/demo/supplier-sample.csv', { responseType: 'blob' });
  saveBlob(blob, DEMO_SAMPLE_FILE_NAME);
}
