import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * Server-side request forgery guard for webhook URLs: only http(s), and (unless private targets are allowed by
 * ALERT_WEBHOOK_ALLOW_PRIVATE for tests and self-hosted networks) never a loopback, private, link-local, carrier-grade
 * NAT, multicast or unspecified address — checked on the literal host when a rule is saved and on every resolved
 * address when a message is sent (the request then connects to exactly that checked address).
 */
export class WebhookTargetError extends Error {}

const BLOCKED_V4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const BLOCKED_V6: Array<[string, number]> = [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];

const blockList = new net.BlockList();
for (const [address, prefix] of BLOCKED_V4) blockList.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of BLOCKED_V6) blockList.addSubnet(address, prefix, 'ipv6');

/** True for an address no webhook may reach in production. IPv4-mapped IPv6 addresses are judged as IPv4. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blockList.check(mapped[1]!, 'ipv4');
  const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  return blockList.check(address, family);
}

/** Parses and checks the form of a webhook URL (scheme, host literal); answers the URL or throws with a sentence. */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookTargetError('The webhook URL is not a valid address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WebhookTargetError('The webhook URL must start with http:// or https://.');
  if (url.username || url.password) throw new WebhookTargetError('The webhook URL must not contain a user name or password.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate) {
    if (host === 'localhost' || host.endsWith('.localhost'))
      throw new WebhookTargetError('The webhook URL points to this server (localhost), which is not allowed.');
    if (net.isIP(host) && isPrivateAddress(host))
      throw new WebhookTargetError('The webhook URL points to a private, loopback or link-local address, which is not allowed.');
  }
  return url;
}

/** Resolves the host and answers the address to connect to; refuses any private address unless allowed. */
export async function resolveWebhookAddress(url: URL, allowPrivate: boolean): Promise<{ address: string; family: 4 | 6 }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = net.isIP(host)
    ? [{ address: host, family: net.isIP(host) as 4 | 6 }]
    : await dns.lookup(host, { all: true }).catch(() => {
        throw new WebhookTargetError(`The webhook host ${host} could not be resolved.`);
      });
  if (addresses.length === 0) throw new WebhookTargetError(`The webhook host ${host} could not be resolved.`);
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) {
    throw new WebhookTargetError(`The webhook host ${host} resolves to a private, loopback or link-local address, which is not allowed.`);
  }
  return addresses[0] as { address: string; family: 4 | 6 };
}
