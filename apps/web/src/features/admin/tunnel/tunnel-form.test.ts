import { describe, expect, it } from "vitest";
import { tunnelErrors, tunnelInput, tunnelValues } from "./tunnel-form";

const stored = {
  host: "support.example.com",
  port: 22,
  username: "caresuite",
  auth_method: "key",
  has_private_key: true,
  has_password: true,
  host_key_fingerprint: `SHA256:${"B".repeat(43)}`,
  remote_port: 10_022,
};

describe("tunnel form", () => {
  it("starts with empty secrets and sends only the chosen method's one", () => {
    const values = tunnelValues(stored);
    expect(values.private_key).toBe("");
    expect(values.password).toBe("");
    const input = tunnelInput({ ...values, password: "typed but not the method" });
    expect(input.password).toBe("");
    expect(tunnelInput({ ...values, auth_method: "password", password: "pw", private_key: "x" })).toMatchObject({ password: "pw", private_key: "" });
    // With the key method, the key's passphrase travels as `password` (a password typed on the other tab does not).
    expect(tunnelInput({ ...values, password: "pw", passphrase: "key words", private_key: "-----BEGIN" })).toMatchObject({
      password: "key words",
      private_key: "-----BEGIN",
    });
    expect(tunnelInput({ ...values, passphrase: "x" })).not.toHaveProperty("passphrase");
  });

  it("checks with the server's schema: an empty port and a malformed fingerprint", () => {
    const errors = tunnelErrors(tunnelInput({ ...tunnelValues(stored), port: "", host_key_fingerprint: "MD5:aa" }));
    expect(errors["port"]?.message).toBe("validation.invalid");
    expect(errors["host_key_fingerprint"]?.message).toBe("validation.tunnel_fingerprint");
    expect(tunnelErrors(tunnelInput(tunnelValues(stored)))).toEqual({});
  });
});
