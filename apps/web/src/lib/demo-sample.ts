import { marketDataApi } from '@dealradar/shared/contracts/endpoints/market-data';
import { callEndpoint } from './api-client.ts';
import { saveBlob } from './save-blob.ts';

export const DEMO_SAMPLE_FILE_NAME = 'demo-supplier-price-list.csv';

/**
 * Downloads the demo supplier price list (GET /market-data/demo/supplier-sample.csv, demo market data only),
 * so a user can try the analyzers: real supplier EANs have no listings in the demo catalogue. The one download of
 * it: the analyzers' demo button and the data-source card both call this.
 */
export async function downloadDemoSample(): Promise<void> {
  saveBlob(await callEndpoint(marketDataApi.demoSupplierSample), DEMO_SAMPLE_FILE_NAME);
}
