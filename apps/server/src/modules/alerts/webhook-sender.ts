import http from 'node:http';
import https from 'node:https';
import { SIGNATURE_HEADER, signWebhook } from './webhook-signature.ts';
import { checkWebhookUrl, resolveWebhookAddress } from './webhook-target.ts';

/** A webhook must answer within this long. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookRequest {
  url: string;
  body: string;
  secret: string;
  nowSeconds: number;
  allowPrivate: boolean;
  timeoutMs?: number;
}

/**
 * POSTs a signed JSON body. Connects to the address that passed the SSRF check (no second DNS look-up), follows no
 * redirect, and succeeds only on a 2xx answer; anything else throws with a sentence for the delivery log.
 */
export async function postWebhook(request: WebhookRequest): Promise<{ status: number }> {
  const url = checkWebhookUrl(request.url, request.allowPrivate);
  const target = await resolveWebhookAddress(url, request.allowPrivate);
  const timeoutMs = request.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'DealRadar-Webhook/1',
          [SIGNATURE_HEADER]: signWebhook(request.secret, request.body, request.nowSeconds),
        },
        // Node asks for every address (all: true) when it may try several families; answer only the checked one.
        lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
          options.all ? callback(null, [target]) : callback(null, target.address, target.family)) as never,
        timeout: timeoutMs,
      },
      (res) => {
        res.resume();
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve({ status });
          else reject(new Error(`The webhook answered HTTP ${status}.`));
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`The webhook did not answer within ${Math.round(timeoutMs / 1000)} s.`)));
    req.on('error', (error) => reject(error));
    req.end(request.body);
  });
}
