/**
 * Classifies IP addresses for the outbound-request (SSRF) policy, with ipaddr.js.
 *
 * Only globally routable unicast addresses are "public". Everything else is named by its range:
 * loopback (RFC 1122 127/8, RFC 4291 ::1), private (RFC 1918), link-local (RFC 3927 169.254/16, fe80::/10),
 * unique-local (RFC 4193 fc00::/7), carrier-grade NAT (RFC 6598 100.64/10), unspecified, multicast,
 * broadcast, reserved/documentation ranges (RFC 5737 …), and IPv6 transition ranges (NAT64, 6to4, Teredo)
 * that can embed an internal IPv4 address. IPv4-mapped IPv6 (`::ffff:10.0.0.1`) is classified as its IPv4.
 * Cloud metadata endpoints (169.254.169.254, fd00:ec2::254, 100.100.100.200) are `metadata`.
 */
import ipaddr from "ipaddr.js";

/** The class of an address; every value but `public` is refused by default. */
export type AddressClass =
  | "public"
  | "loopback"
  | "private"
  | "link_local"
  | "unique_local"
  | "carrier_grade_nat"
  | "metadata"
  | "unspecified"
  | "multicast"
  | "reserved";

const METADATA_ADDRESSES = new Set(["169.254.169.254", "fd00:ec2::254", "100.100.100.200"]);

const RANGE_CLASSES: Record<string, AddressClass> = {
  unicast: "public",
  loopback: "loopback",
  private: "private",
  linkLocal: "link_local",
  uniqueLocal: "unique_local",
  carrierGradeNat: "carrier_grade_nat",
  unspecified: "unspecified",
  multicast: "multicast",
  broadcast: "reserved",
  deprecatedSiteLocal: "private",
};

/** A human phrase for a class, used in refusal messages ("10.0.0.1 is a private address"). */
export const ADDRESS_CLASS_LABELS: Record<AddressClass, string> = {
  public: "a public address",
  loopback: "a loopback address",
  private: "a private address",
  link_local: "a link-local address",
  unique_local: "a unique-local address",
  carrier_grade_nat: "a carrier-grade NAT address",
  metadata: "a cloud metadata address",
  unspecified: "an unspecified address",
  multicast: "a multicast address",
  reserved: "a reserved address",
};

/** Parses an IP literal (IPv6 may be bracketed); IPv4-mapped IPv6 becomes IPv4. Null when not an IP. */
export function parseIp(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(bare)) return null;
  // ipaddr.isValid accepts legacy forms such as "10" or "0x7f.1"; Node's resolver does too, so classify
  // them like the address they denote.
  return ipaddr.process(bare);
}

/** The canonical text of an IP (IPv4 dotted, IPv6 compressed, mapped IPv6 as IPv4). */
export function normalizeIp(text: string): string | null {
  return parseIp(text)?.toString() ?? null;
}

/**
 * Classifies one IP address.
 * @throws TypeError when `ip` is not an IP literal.
 */
export function classifyAddress(ip: string): AddressClass {
  const address = parseIp(ip);
  if (!address) throw new TypeError(`not an IP address: ${ip}`);
  if (METADATA_ADDRESSES.has(address.toString())) return "metadata";
  const range = address.range();
  return RANGE_CLASSES[range] ?? "reserved";
}

/** True when `ip` is inside `cidr` ("10.0.0.0/8", "fd00::/8") or equal to it when `cidr` is a bare IP. */
export function ipMatches(ip: string, cidr: string): boolean {
  const address = parseIp(ip);
  if (!address) return false;
  if (!cidr.includes("/")) {
    const other = parseIp(cidr);
    return other !== null && other.kind() === address.kind() && other.toString() === address.toString();
  }
  let range: [ipaddr.IPv4 | ipaddr.IPv6, number];
  try {
    range = ipaddr.parseCIDR(cidr);
  } catch (error) {
    if (error instanceof Error) return false;
    throw error;
  }
  if (range[0].kind() !== address.kind()) return false;
  return address.match(range);
}
