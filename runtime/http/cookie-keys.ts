// The keys that sign and check cookies (koa's app.keys): keygrip, with the signatures it has found
// valid remembered. Checking a signed cookie costs three HMACs in keygrip (one to sign, two in
// tsscmp's comparison) plus a random draw, and a returning visitor sends the same cookie with every
// page view: the profile of /products showed 8 % of samples there. A remembered pair is one that
// this process already proved valid under these keys, byte for byte, so looking it up tells an
// attacker nothing about any other signature; pairs that fail are never remembered.
import Keygrip from 'keygrip';

/** How many proven (cookie, signature) pairs are kept; the oldest leaves first. */
const REMEMBERED = 10_000;

/** A keygrip (the interface `cookies` uses) that checks each valid signature once per process. */
export class CookieKeys {
  private readonly grip: Keygrip;
  private readonly proven = new Map<string, number>();

  constructor(
    keys: string[],
    private readonly limit = REMEMBERED,
  ) {
    this.grip = new Keygrip(keys);
  }

  /** How many proven pairs are remembered now. */
  get remembered(): number {
    return this.proven.size;
  }

  /** The signature of `data` under the first key. */
  sign(data: string): string {
    return this.grip.sign(data);
  }

  /** True when `digest` is the signature of `data` under one of the keys. */
  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** The index of the key that signed `data` as `digest`, or -1 (`cookies` re-signs when > 0). */
  index(data: string, digest: string): number {
    const pair = `${digest}\n${data}`;
    const known = this.proven.get(pair);
    if (known !== undefined) return known;
    const index = this.grip.index(data, digest);
    if (index > -1) {
      if (this.proven.size >= this.limit) this.proven.delete(this.proven.keys().next().value!);
      this.proven.set(pair, index);
    }
    return index;
  }
}
