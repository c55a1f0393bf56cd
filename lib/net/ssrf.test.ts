import { afterEach, describe, expect, it } from "vitest";
import { classifyAddress, ipMatches } from "./ip-classify";
import { checkOutboundUrl, effectiveAllowList, literalHostRefusal, refusalReason } from "./ssrf";

describe("classifyAddress", () => {
  it.each([
    ["8.8.8.8", "public"],
    ["2606:4700:4700::1111", "public"],
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["::1", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["100.100.100.200", "metadata"],
    ["169.254.10.1", "link_local"],
    ["fe80::1", "link_local"],
    ["fc00::1", "unique_local"],
    ["fd12:3456::1", "unique_local"],
    ["100.64.0.1", "carrier_grade_nat"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "reserved"],
    ["192.0.2.1", "reserved"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:127.0.0.1", "loopback"],
    ["64:ff9b::a00:1", "reserved"],
    ["2002:a00:1::", "reserved"],
  ])("%s is %s", (ip, expected) => {
    expect(classifyAddress(ip)).toBe(expected);
  });

  it("throws on a non-IP", () => {
    expect(() => classifyAddress("example.com")).toThrow(TypeError);
  });
});

describe("ipMatches", () => {
  it("matches CIDRs and exact IPs of the same family", () => {
    expect(ipMatches("10.1.2.3", "10.0.0.0/8")).toBe(true);
    expect(ipMatches("11.1.2.3", "10.0.0.0/8")).toBe(false);
    expect(ipMatches("::1", "127.0.0.0/8")).toBe(false);
    expect(ipMatches("127.0.0.1", "127.0.0.1")).toBe(true);
    expect(ipMatches("fd00::5", "fd00::/8")).toBe(true);
    expect(ipMatches("10.0.0.1", "not-a-cidr/8")).toBe(false);
  });
});

describe("refusalReason", () => {
  const saved = process.env.SWITCHYARD_ALLOWED_HOSTS;
  afterEach(() => {
    if (saved === undefined) delete process.env.SWITCHYARD_ALLOWED_HOSTS;
    else process.env.SWITCHYARD_ALLOWED_HOSTS = saved;
  });

  it("refuses non-public addresses by default and names the class", () => {
    delete process.env.SWITCHYARD_ALLOWED_HOSTS;
    expect(refusalReason("8.8.8.8", "8.8.8.8")).toBeNull();
    expect(refusalReason("10.0.0.1", "10.0.0.1")).toBe("10.0.0.1 is a private address");
    expect(refusalReason("db.internal", "10.0.0.7")).toBe("db.internal (10.0.0.7) is a private address");
    expect(refusalReason("127.0.0.1", "127.0.0.1")).toBe("127.0.0.1 is a loopback address");
    expect(refusalReason("169.254.169.254", "169.254.169.254")).toBe("169.254.169.254 is a cloud metadata address");
  });

  it("allows loopback by setting, hosts/IPs/CIDRs by list, metadata only when listed exactly", () => {
    delete process.env.SWITCHYARD_ALLOWED_HOSTS;
    expect(refusalReason("127.0.0.1", "127.0.0.1", { allowLoopback: true })).toBeNull();
    expect(refusalReason("10.0.0.1", "10.0.0.1", { allowLoopback: true })).not.toBeNull();
    expect(refusalReason("db.internal", "10.0.0.7", { allowedHosts: ["db.internal"] })).toBeNull();
    expect(refusalReason("a.corp.example", "10.0.0.7", { allowedHosts: ["*.corp.example"] })).toBeNull();
    expect(refusalReason("corp.example", "10.0.0.7", { allowedHosts: ["*.corp.example"] })).not.toBeNull();
    expect(refusalReason("x", "10.9.9.9", { allowedHosts: ["10.0.0.0/8"] })).toBeNull();
    expect(refusalReason("169.254.169.254", "169.254.169.254", { allowedHosts: ["169.254.0.0/16"] })).not.toBeNull();
    expect(refusalReason("169.254.169.254", "169.254.169.254", { allowedHosts: ["169.254.169.254"] })).toBeNull();
  });

  it("reads SWITCHYARD_ALLOWED_HOSTS unless told not to", () => {
    process.env.SWITCHYARD_ALLOWED_HOSTS = " 127.0.0.1 , 192.168.0.0/16,";
    expect(effectiveAllowList({ allowedHosts: ["A.example"] })).toEqual(["a.example", "127.0.0.1", "192.168.0.0/16"]);
    expect(refusalReason("127.0.0.1", "127.0.0.1")).toBeNull();
    expect(refusalReason("nas", "192.168.1.20")).toBeNull();
    expect(refusalReason("127.0.0.1", "127.0.0.1", { useEnvAllowList: false })).not.toBeNull();
  });
});

describe("checkOutboundUrl", () => {
  it("refuses when any resolved address is refused and pins the first otherwise", async () => {
    const resolve = async () => [
      { address: "93.184.215.14", family: 4 as const },
      { address: "10.0.0.3", family: 4 as const },
    ];
    await expect(checkOutboundUrl("http://mixed.example/x?key=SECRET", { resolve, useEnvAllowList: false })).rejects.toMatchObject({
      code: "connection_error",
      message: expect.stringMatching(
        /^Refused outbound request to http:\/\/mixed\.example\/x: mixed\.example \(10\.0\.0\.3\) is a private address \(SSRF policy\)/,
      ),
    });
    const ok = await checkOutboundUrl("https://pub.example/", { resolve: async () => [{ address: "93.184.215.14", family: 4 }] });
    expect(ok.address).toEqual({ address: "93.184.215.14", family: 4 });
    expect(ok.hostname).toBe("pub.example");
  });

  it("refuses other schemes and unresolvable hosts", async () => {
    await expect(checkOutboundUrl("file:///etc/passwd")).rejects.toMatchObject({
      code: "connection_error",
      message: expect.stringContaining("only http and https"),
    });
    await expect(checkOutboundUrl("http://x.invalid/", { resolve: async () => [] })).rejects.toMatchObject({
      code: "connection_error",
      message: "Cannot resolve host x.invalid: no addresses",
    });
  });

  it("normalises IPv4-mapped and bracketed IPv6 literals", async () => {
    await expect(checkOutboundUrl("http://[::ffff:a9fe:a9fe]/latest/meta-data", { useEnvAllowList: false })).rejects.toMatchObject({
      message: expect.stringContaining("169.254.169.254 is a cloud metadata address"),
    });
    await expect(checkOutboundUrl("http://[::1]:8080/", { useEnvAllowList: false })).rejects.toMatchObject({
      message: expect.stringContaining("::1 is a loopback address"),
    });
  });
});

describe("literalHostRefusal", () => {
  it("judges an IP-literal host by the policy and leaves host names to the call-time check", () => {
    expect(literalHostRefusal(new URL("http://10.0.0.5/v1"), { useEnvAllowList: false })).toBe("10.0.0.5 is a private address");
    expect(literalHostRefusal(new URL("http://169.254.169.254"), { useEnvAllowList: false })).toBe(
      "169.254.169.254 is a cloud metadata address",
    );
    expect(literalHostRefusal(new URL("http://[::ffff:192.168.1.10]"), { useEnvAllowList: false })).toBe(
      "192.168.1.10 is a private address",
    );
    expect(literalHostRefusal(new URL("http://10.0.0.5"), { allowedHosts: ["10.0.0.0/8"], useEnvAllowList: false })).toBeNull();
    expect(literalHostRefusal(new URL("http://127.0.0.1:3000"), { allowLoopback: true, useEnvAllowList: false })).toBeNull();
    expect(literalHostRefusal(new URL("https://93.184.215.14"), { useEnvAllowList: false })).toBeNull();
    expect(literalHostRefusal(new URL("http://erp.corp.invalid"), { useEnvAllowList: false })).toBeNull();
  });
});
