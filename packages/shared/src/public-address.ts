import { z } from 'zod';

/**
 * Whether an address can carry a link for someone outside the office (issue 27 item 18, decision
 * 0117): WhatsApp reminders, receipt links and the gateways' return URLs all start with
 * `PUBLIC_URL`, and a phone on the mobile network or the gateway's server cannot reach this
 * computer at `localhost`, a private (RFC 1918, link-local, carrier-grade NAT, IPv6 unique-local)
 * address or a name only the local network knows (one label, `.local`, `.lan`, `.internal`,
 * `.home.arpa`).
 */

/** Why an address is not reachable from outside: `localhost` (this computer) or `private` (this network). */
export const PUBLIC_ADDRESS_PROBLEMS = ['localhost', 'private'] as const;
/** `localhost` or `private`. */
export type PublicAddressProblem = (typeof PUBLIC_ADDRESS_PROBLEMS)[number];

const LOCAL_SUFFIXES = ['.local', '.lan', '.internal', '.home.arpa', '.intranet'];

/** IPv4 `a.b.c.d` as four numbers, or null when `host` is not one. */
function ipv4(host: string): number[] | null {
  const match = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!match) return null;
  const parts = match.slice(1).map(Number);
  return parts.every((part) => part <= 255) ? parts : null;
}

/** Loopback, private, link-local, carrier-grade NAT or unspecified IPv4 (`a.b` its first two bytes). */
function ipv4Problem([a = 0, b = 0]: number[]): PublicAddressProblem | null {
  if (a === 127 || a === 0) return 'localhost';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if ((a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127)) return 'private';
  return null;
}

/** Loopback, unspecified, unique-local (fc00::/7), link-local (fe80::/10) or IPv4-mapped IPv6. */
function ipv6Problem(host: string): PublicAddressProblem | null {
  if (host === '::1' || host === '::') return 'localhost';
  // The URL parser writes an IPv4-mapped address in hex (`::ffff:c0a8:1`).
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (mapped) {
    const high = Number.parseInt(mapped[1] ?? '0', 16);
    return ipv4Problem([high >> 8, high & 0xff]);
  }
  if (/^f[cd][0-9a-f]{0,2}:/.test(host) || /^fe[89ab][0-9a-f]?:/.test(host)) return 'private';
  return null;
}

/**
 * Why links under `url` would not open for someone outside the office.
 * @param url an absolute URL (`PUBLIC_URL`); one that does not parse is `localhost` (nothing can open it)
 * @returns `localhost` for this computer (`localhost`, `*.localhost`, 127.0.0.0/8, 0.0.0.0, ::1),
 *   `private` for an address or name of the local network, null for a public address
 */
export function publicAddressProblem(url: string): PublicAddressProblem | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return 'localhost';
  }
  if (host.startsWith('[') && host.endsWith(']')) return ipv6Problem(host.slice(1, -1));
  if (host === 'localhost' || host.endsWith('.localhost')) return 'localhost';
  const v4 = ipv4(host);
  if (v4) return ipv4Problem(v4);
  if (!host.includes('.') || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix))) return 'private';
  return null;
}

/**
 * `GET /api/admin/public-address` (admin): the address every link sent outside the office starts
 * with (`PUBLIC_URL`) and why it would not open outside, or null when it would.
 */
export const publicAddressSchema = z.object({
  publicUrl: z.string(),
  problem: z.enum(PUBLIC_ADDRESS_PROBLEMS).nullable(),
});
/** The public address answer. */
export type PublicAddress = z.infer<typeof publicAddressSchema>;
