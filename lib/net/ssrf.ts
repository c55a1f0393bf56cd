/**
 * Outbound-request policy against server-side request forgery (OWASP SSRF Prevention Cheat Sheet).
 *
 * Before any connection: the URL must be http(s); its host is resolved (every address, `dns.lookup`
 * with `all: true`) and each address is classified (ip-classify.ts). A non-public address is refused
 * unless the host name, the address or a CIDR containing it is allow-listed (the policy's list plus env
 * `SWITCHYARD_ALLOWED_HOSTS`, comma-separated, spec §8), or it is loopback and the policy allows loopback.
 * Cloud metadata addresses are allowed only when listed exactly. The checked address is returned so the
 * request can be pinned to it (safe-fetch.ts), which defeats DNS rebinding between check and connect.
 */
import { lookup as dnsLookup } from "node:dns/promises";
import { ADDRESS_CLASS_LABELS, classifyAddress, ipMatches, normalizeIp, parseIp } from "./ip-classify";
import { serviceError } from "./service-error";

/** One resolved address, as `dns.lookup` returns it. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (default: `dns.promises.lookup(host, {all: true})`). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SsrfPolicy {
  /** Host names (`api.example.com`, `*.corp.example`), IPs or CIDRs that may be private. */
  allowedHosts?: string[];
  /** Allow loopback addresses (127.0.0.0/8, ::1); the workspace setting `net.allow_loopback`. Default false. */
  allowLoopback?: boolean;
  /** Also read env `SWITCHYARD_ALLOWED_HOSTS`. Default true. */
  useEnvAllowList?: boolean;
  /** Resolver override (tests, custom DNS). */
  resolve?: HostResolver;
}

/** The outcome of a passed check: the URL and the address the request must connect to. */
export interface CheckedTarget {
  url: URL;
  /** Host name without IPv6 brackets. */
  hostname: string;
  /** The pinned address (the first resolved one); all resolved addresses passed the policy. */
  address: ResolvedAddress;
}

const ENV_ALLOW_LIST = "SWITCHYARD_ALLOWED_HOSTS";

/** The effective allow-list: the policy's entries plus env `SWITCHYARD_ALLOWED_HOSTS`, trimmed, lower-cased. */
export function effectiveAllowList(policy: SsrfPolicy = {}): string[] {
  const fromEnv = policy.useEnvAllowList === false ? [] : (process.env[ENV_ALLOW_LIST] ?? "").split(",");
  return [...(policy.allowedHosts ?? []), ...fromEnv].map((entry) => entry.trim().toLowerCase()).filter(Boolean);
}

function hostListed(hostname: string, allowList: string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return allowList.some((entry) =>
    entry.startsWith("*.") ? host.endsWith(entry.slice(1)) && host.length > entry.length - 1 : entry === host,
  );
}

function addressListed(address: string, allowList: string[], exactOnly: boolean): boolean {
  return allowList.some((entry) => {
    if (parseIp(entry) === null && !entry.includes("/")) return false;
    if (exactOnly && entry.includes("/")) return false;
    return ipMatches(address, entry);
  });
}

/**
 * Decides whether one resolved address may be contacted for `hostname`.
 * @returns null when allowed, else the reason (e.g. `10.0.0.1 is a private address`).
 */
export function refusalReason(hostname: string, address: string, policy: SsrfPolicy = {}): string | null {
  const addressClass = classifyAddress(address);
  if (addressClass === "public") return null;
  const allowList = effectiveAllowList(policy);
  if (addressClass === "metadata") {
    return addressListed(address, allowList, true) ? null : `${address} is ${ADDRESS_CLASS_LABELS.metadata}`;
  }
  if (addressClass === "loopback" && policy.allowLoopback) return null;
  if (hostListed(hostname, allowList) || addressListed(address, allowList, false)) return null;
  const shown = normalizeIp(hostname) === address ? address : `${hostname} (${address})`;
  return `${shown} is ${ADDRESS_CLASS_LABELS[addressClass]}`;
}

/** A URL's host without IPv6 brackets, and the normalised address when the host is an IP literal. */
function hostOf(url: URL): { hostname: string; literal: string | null } {
  const hostname = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  return { hostname, literal: normalizeIp(hostname) };
}

/**
 * The policy's verdict on a URL whose host is an IP literal, without resolving anything; used when a
 * connector is saved (a host name is judged at call time only, by {@link checkOutboundUrl}: its DNS
 * answers can change). The WHATWG URL parser has already turned legacy IPv4 forms (`0x7f.1`) into dotted ones.
 * @returns null when the host is a name or an address the policy allows, else the reason from
 *   {@link refusalReason} (e.g. `10.0.0.5 is a private address`).
 */
export function literalHostRefusal(url: URL, policy: SsrfPolicy = {}): string | null {
  const { hostname, literal } = hostOf(url);
  return literal === null ? null : refusalReason(hostname, literal, policy);
}

const defaultResolve: HostResolver = async (hostname) => {
  const results = await dnsLookup(hostname, { all: true, verbatim: true });
  return results.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

/** The URL as shown in messages: origin and path, no credentials, no query (it may hold an API key). */
export function describeUrl(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/**
 * Checks a URL against the policy, resolving its host once; no connection is made.
 * @returns the target with the address to pin.
 * @throws WorkflowError `connection_error` for a non-http(s) URL, a host that does not resolve, or an
 *   address the policy refuses (message names the address, its class and how to allow it).
 */
export async function checkOutboundUrl(input: string | URL, policy: SsrfPolicy = {}): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(input);
  } catch (error) {
    throw serviceError("connection_error", `Invalid URL: ${String(input).slice(0, 200)}`, { cause: error });
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw serviceError("connection_error", `Refused outbound request: only http and https URLs are allowed, not ${url.protocol}`);
  }
  const { hostname, literal } = hostOf(url);
  let addresses: ResolvedAddress[];
  if (literal !== null) {
    addresses = [{ address: literal, family: literal.includes(":") ? 6 : 4 }];
  } else {
    try {
      addresses = await (policy.resolve ?? defaultResolve)(hostname);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
      throw serviceError("connection_error", `Cannot resolve host ${hostname}: ${code}`, { cause: error });
    }
    if (addresses.length === 0) throw serviceError("connection_error", `Cannot resolve host ${hostname}: no addresses`);
  }
  for (const { address } of addresses) {
    const reason = refusalReason(hostname, address, policy);
    if (reason !== null) {
      throw serviceError(
        "connection_error",
        `Refused outbound request to ${describeUrl(url)}: ${reason} (SSRF policy). ` +
          `Add the host to ${ENV_ALLOW_LIST} or the workspace allow-list to permit it.`,
        { details: { url: describeUrl(url), address, reason } },
      );
    }
  }
  return { url, hostname, address: { address: normalizeIp(addresses[0].address) ?? addresses[0].address, family: addresses[0].family } };
}
