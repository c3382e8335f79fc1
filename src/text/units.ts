/**
 * UTF-16 code units back to a string. Node's Buffer decoder is ~4× faster than
 * TextDecoder("utf-16le") on 1,000 units (0.5 vs 1.9 µs in Bun), and the safety
 * screen decodes four such buffers for every text it reads. The units are
 * well-formed (callers write BMP characters only), and Buffer's utf16le is
 * little-endian, as every platform the binary is built for is.
 */
export function stringOfUnits(units: Uint16Array, length: number = units.length): string {
  return Buffer.from(units.buffer, units.byteOffset, length * 2).toString("utf16le");
}
