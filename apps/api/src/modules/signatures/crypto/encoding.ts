/** Byte, hex and PEM helpers shared by the crypto modules. */
import { CryptoInputError } from './errors.js';

/** A fresh ArrayBuffer holding a copy of the bytes (pkijs and WebCrypto want a plain ArrayBuffer). */
export function toArrayBuffer(bytes: Uint8Array | ArrayBuffer): ArrayBuffer {
  return bytes instanceof ArrayBuffer ? bytes.slice(0) : new Uint8Array(bytes).buffer;
}

export function toBytes(data: Uint8Array | ArrayBuffer): Uint8Array {
  return data instanceof Uint8Array ? data : new Uint8Array(data);
}

export function bytesToHex(bytes: Uint8Array | ArrayBuffer): string {
  return Buffer.from(toBytes(bytes)).toString('hex');
}

export function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) throw new CryptoInputError('not an even-length hex string');
  return new Uint8Array(Buffer.from(hex, 'hex'));
}

export function bytesEqual(a: Uint8Array | ArrayBuffer, b: Uint8Array | ArrayBuffer): boolean {
  const x = toBytes(a);
  const y = toBytes(b);
  return x.length === y.length && Buffer.compare(Buffer.from(x), Buffer.from(y)) === 0;
}

/** PEM armour with 64-character lines and a trailing newline. */
export function toPem(der: Uint8Array | ArrayBuffer, label: string): string {
  const b64 = Buffer.from(toBytes(der)).toString('base64');
  const lines = b64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;

/** Every PEM block of the given label (all blocks when no label is given), decoded. */
export function pemBlocks(text: string, label?: string): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const match of text.matchAll(PEM_BLOCK)) {
    if (label !== undefined && match[1] !== label) continue;
    const body = (match[2] ?? '').replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body))
      throw new CryptoInputError(`malformed base64 in a ${match[1]} PEM block`);
    out.push(new Uint8Array(Buffer.from(body, 'base64')));
  }
  return out;
}

/** The single PEM block of the given label; throws when there is none or more than one. */
export function fromPem(text: string, label: string): Uint8Array {
  const blocks = pemBlocks(text, label);
  if (blocks.length !== 1) {
    throw new CryptoInputError(`expected exactly one "${label}" PEM block, found ${blocks.length}`);
  }
  return blocks[0] as Uint8Array;
}
