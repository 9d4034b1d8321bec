// The address rule a queue integration's URL is checked by when saved (decision 0118), the one every call applies.
import { describe, expect, it } from "vitest";
import { isPrivateAddress, namesPrivateAddress } from "./outbound-http.ts";

describe("namesPrivateAddress", () => {
  it("refuses literal loopback, private, link-local and unique-local addresses, IPv4-mapped ones too", async () => {
    for (const url of [
      "http://127.0.0.1/x",
      "http://10.0.0.1/x",
      "http://172.16.5.4/x",
      "http://192.168.1.1/x",
      "http://169.254.169.254/latest",
      "http://100.64.0.1/x",
      "http://0.0.0.0/x",
      "http://[::1]/x",
      "http://[fd00::1]/x",
      "http://[fe80::1]/x",
      "http://[::ffff:10.0.0.1]/x",
    ]) {
      expect(await namesPrivateAddress(url), url).toBe(true);
    }
  });

  it("refuses a name that resolves to one (localhost), and takes public addresses", async () => {
    expect(await namesPrivateAddress("http://localhost:5678/webhook")).toBe(true);
    expect(await namesPrivateAddress("https://93.184.215.14/hook")).toBe(false);
    expect(await namesPrivateAddress("https://[2606:4700::6810:84e5]/hook")).toBe(false);
    expect(isPrivateAddress("8.8.8.8")).toBe(false);
  });

  it("takes a name that does not resolve from here: not known to be private, the call-time check still stands", async () => {
    expect(await namesPrivateAddress("https://crm.invalid/hook")).toBe(false);
  });
});
