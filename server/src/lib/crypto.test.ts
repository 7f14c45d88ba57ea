import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  decryptSecret,
  encryptSecret,
  keyId,
  keyRing,
  sealedKeyId,
  UnknownKeyError,
} from "./crypto";

describe("mailbox token keys (TOKEN_ENCRYPTION_KEY, newest first)", () => {
  const oldKey = randomBytes(32);
  const newKey = randomBytes(32);

  it("seals under the newest key and names it; the named key opens it", () => {
    const ring = keyRing([newKey, oldKey]);
    const sealed = encryptSecret("1//refresh", ring);
    expect(sealedKeyId(sealed)).toBe(keyId(newKey));
    expect(sealed).not.toContain(newKey.toString("base64"));
    expect(decryptSecret(sealed, ring)).toBe("1//refresh");
    expect(decryptSecret(sealed, keyRing([newKey]))).toBe("1//refresh");
  });

  it("opens a token sealed under an older key of the list", () => {
    const sealed = encryptSecret("1//old", keyRing([oldKey]));
    expect(decryptSecret(sealed, keyRing([newKey, oldKey]))).toBe("1//old");
  });

  it("opens a token sealed before keys had ids with whichever key of the list sealed it", () => {
    const sealed = encryptSecret("1//legacy", keyRing([oldKey]));
    const legacy = sealed.slice(sealed.indexOf(":") + 1);
    expect(sealedKeyId(legacy)).toBeNull();
    expect(decryptSecret(legacy, keyRing([newKey, oldKey]))).toBe("1//legacy");
    expect(() => decryptSecret(legacy, keyRing([newKey]))).toThrow();
  });

  it("refuses, naming the key, a token under a key the list no longer holds", () => {
    const sealed = encryptSecret("1//gone", keyRing([oldKey]));
    expect(() => decryptSecret(sealed, keyRing([newKey]))).toThrow(UnknownKeyError);
    expect(() => decryptSecret(sealed, keyRing([newKey]))).toThrow(keyId(oldKey));
  });

  it("gives different keys different ids, and the same key the same id", () => {
    expect(keyId(oldKey)).not.toBe(keyId(newKey));
    expect(keyId(Buffer.from(oldKey))).toBe(keyId(oldKey));
    expect(keyId(oldKey)).toMatch(/^[0-9a-f]{8}$/);
  });
});
