// bigfloat.mjs: a dependency-free JavaScript (Node.js, ES module)
// implementation of serbench's file format for streams of Go math/big.Float
// numbers, docs/bigfloat-format.md, for every encoding it defines: text,
// binary, binary-int, binary-varint, gob, cbor-bigfloat and cbor-decimal.
//
// Values are exact. A value is one of
//
//   {kind: 'zero', neg}                 +0 or -0
//   {kind: 'inf', neg}                  +Inf or -Inf
//   {kind: 'finite', neg, mant, exp}    (-1)^neg × mant × 2^exp, mant an odd
//                                       positive BigInt, exp a Number
//
// (plus, for values read from binary or gob records, the optional fields
// mode, acc and words: Go's rounding mode, accuracy and mantissa word count,
// which writing them back in those encodings reproduces). No JavaScript
// Number ever holds a mantissa. The only rounding is where the format asks
// for it: parsing a text record rounds its decimal to nearest-even at the
// file's precision. Every other record that is not exactly representable at
// the precision is an error.
//
// API:
//   readFile(path) / decodeFile(bytes, name)  -> {encoding, prec, values}
//   writeFile(path, encoding, values, prec) / encodeFile(encoding, values, prec) -> Uint8Array
//   formatExact(value), goText(value, prec), parseDecimal(string, prec)
//   ENCODINGS, BigFloatError
//
// Errors (BigFloatError) name the byte offset in the file and what is wrong.

import { readFileSync, writeFileSync } from 'node:fs';

export const MAGIC = 'BFLT';
export const VERSION = 1;
export const MAX_PREC = 0xffffffff; // Go's big.MaxPrec
export const MIN_EXP = -2147483648; // Go's big.MinExp
export const MAX_EXP = 2147483647; // Go's big.MaxExp
export const MAX_DECIMAL_EXPONENT = 100000; // cbor-decimal, as in Go
// Limits of this implementation for the text encoding, whose exact decimal
// arithmetic needs BigInts proportional to the exponents: a text record's
// decimal exponent (and digit count) at most MAX_TEXT_DECIMAL_EXPONENT,
// written values' binary exponents at most MAX_TEXT_BINARY_EXPONENT in
// magnitude (2^±1048576 is about 10^±315653). Go has no such limit.
export const MAX_TEXT_DECIMAL_EXPONENT = 1000000;
export const MAX_TEXT_BINARY_EXPONENT = 1 << 20;
// Integers whose binary form is longer than this many bits are refused by
// the cbor-decimal writer (Go writes them, slowly).
export const MAX_DECIMAL_INTEGER_BITS = 1 << 22;
// A file's values may take at most this much memory, as counted by the
// spec (count × ⌈prec/64⌉ × 8), when that is more than 8 times its size.
export const MAX_VALUE_BYTES = 64 << 20;

export const ENCODINGS = ['binary', 'binary-int', 'binary-varint', 'cbor-bigfloat', 'cbor-decimal', 'gob', 'text'];

export class BigFloatError extends Error {
  constructor(message, offset) {
    super(message);
    this.name = 'BigFloatError';
    this.offset = offset;
  }
}

// A record-level error (also what parseDecimal, goText and finite throw),
// which the file reader turns into a BigFloatError naming the record's
// offset (plus at, bytes into the record, when known).
class RecordError extends BigFloatError {
  constructor(message, at) {
    super(message);
    this.at = at;
  }
}

// ---------- values ----------

export function zero(neg = false) {
  return { kind: 'zero', neg };
}
export function inf(neg = false) {
  return { kind: 'inf', neg };
}

export function bitLen(n) {
  if (n < 0n) n = -n;
  if (n === 0n) return 0;
  const h = n.toString(16);
  return (h.length - 1) * 4 + (32 - Math.clz32(parseInt(h[0], 16)));
}

export function trailingZeros(n) {
  if (n === 0n) return 0;
  if (n < 0n) n = -n;
  return bitLen(n & -n) - 1;
}

// finite returns the normalized value (-1)^neg × m × 2^e (m >= 0, BigInt;
// e a Number or BigInt), zero for m == 0.
export function finite(neg, m, e) {
  if (m === 0n) return zero(neg);
  e = BigInt(e);
  const tz = trailingZeros(m);
  if (tz > 0) {
    m >>= BigInt(tz);
    e += BigInt(tz);
  }
  if (e > BigInt(Number.MAX_SAFE_INTEGER) || e < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RecordError(`binary exponent ${e} is out of range`);
  }
  return { kind: 'finite', neg, mant: m, exp: Number(e) };
}

// goExp returns Go's exponent of a finite value: x = 0.mant × 2^goExp.
export function goExp(v) {
  return v.exp + bitLen(v.mant);
}

// checkValue throws unless v is a value a big.Float of precision prec holds
// exactly.
function checkValue(v, prec) {
  if (v.kind !== 'finite') return v;
  const bits = bitLen(v.mant);
  if (bits > prec) {
    throw new RecordError(`value ${formatExact(v)} has ${bits} significant bits: not exactly representable with ${prec} bits of precision`);
  }
  const ge = goExp(v);
  if (ge < MIN_EXP || ge > MAX_EXP) {
    throw new RecordError(`value ${formatExact(v)} has exponent ${ge}, outside big.Float's range ${MIN_EXP}..${MAX_EXP}`);
  }
  return v;
}

// formatExact prints v exactly: "+0", "-0", "+Inf", "-Inf", or
// "[-]0x<odd hex mantissa>p<binary exponent>" (value = mantissa × 2^exp).
export function formatExact(v) {
  const s = v.neg ? '-' : '+';
  if (v.kind === 'zero') return s + '0';
  if (v.kind === 'inf') return s + 'Inf';
  return `${v.neg ? '-' : ''}0x${v.mant.toString(16)}p${v.exp}`;
}

export function equalValues(a, b) {
  if (a.kind !== b.kind || a.neg !== b.neg) return false;
  return a.kind !== 'finite' || (a.mant === b.mant && a.exp === b.exp);
}

// ---------- integers ----------

// asInt64 returns v as a BigInt if it is an integer that fits an int64 (not
// -0, as in Go), or undefined.
function asInt64(v) {
  if (v.kind === 'zero') return v.neg ? undefined : 0n;
  if (v.kind !== 'finite' || v.exp < 0 || v.exp > 63) return undefined;
  let n = v.mant << BigInt(v.exp);
  if (v.neg) n = -n;
  if (n < -(1n << 63n) || n >= 1n << 63n) return undefined;
  return n;
}

function fromBigInt(n, neg0 = false) {
  if (n === 0n) return zero(neg0);
  return n < 0n ? finite(true, -n, 0) : finite(false, n, 0);
}

function bigToBytes(n) {
  // minimal big-endian bytes of n >= 0 (empty for 0)
  if (n === 0n) return new Uint8Array(0);
  let h = n.toString(16);
  if (h.length & 1) h = '0' + h;
  return Uint8Array.from(Buffer.from(h, 'hex'));
}

function bytesToBig(b) {
  if (b.length === 0) return 0n;
  return BigInt('0x' + Buffer.from(b.buffer, b.byteOffset, b.length).toString('hex'));
}

// ---------- byte buffers ----------

class Out {
  constructor() {
    this.buf = new Uint8Array(256);
    this.n = 0;
  }
  grow(k) {
    if (this.n + k <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.n + k) size *= 2;
    const b = new Uint8Array(size);
    b.set(this.buf.subarray(0, this.n));
    this.buf = b;
  }
  byte(x) {
    this.grow(1);
    this.buf[this.n++] = x;
  }
  bytes(b) {
    this.grow(b.length);
    this.buf.set(b, this.n);
    this.n += b.length;
  }
  u32(x) {
    this.byte((x >>> 24) & 0xff);
    this.byte((x >>> 16) & 0xff);
    this.byte((x >>> 8) & 0xff);
    this.byte(x & 0xff);
  }
  uvarint(x) {
    x = BigInt(x);
    while (x >= 0x80n) {
      this.byte(Number(x & 0x7fn) | 0x80);
      x >>= 7n;
    }
    this.byte(Number(x));
  }
  result() {
    return this.buf.slice(0, this.n);
  }
}

// uvarint decodes Go's binary.Uvarint from b at i: {value: BigInt, n}, n 0
// for "too short", n < 0 for overflow (as Go).
function uvarint(b, i) {
  let x = 0n;
  let s = 0n;
  for (let k = 0; k < 10; k++) {
    if (i + k >= b.length) return { value: 0n, n: 0 };
    const c = b[i + k];
    if (c < 0x80) {
      if (k === 9 && c > 1) return { value: 0n, n: -(k + 1) };
      return { value: x | (BigInt(c) << s), n: k + 1 };
    }
    x |= BigInt(c & 0x7f) << s;
    s += 7n;
  }
  return { value: 0n, n: -11 };
}

function u32(b, i) {
  return ((b[i] << 24) | (b[i + 1] << 16) | (b[i + 2] << 8) | b[i + 3]) >>> 0;
}

// ---------- binary (Go's Float.GobEncode) ----------

// Go's defaults for values that did not come from a binary record:
// ToNearestEven (0) and Exact (stored as acc+1 = 1).
const DEFAULT_MODE = 0;
const DEFAULT_ACC = 1;

function appendBinary(out, v, prec) {
  const mode = v.mode ?? DEFAULT_MODE;
  const acc = v.acc ?? DEFAULT_ACC;
  const form = v.kind === 'zero' ? 0 : v.kind === 'finite' ? 1 : 2;
  out.byte(1);
  out.byte(((mode & 7) << 5) | ((acc & 3) << 3) | (form << 1) | (v.neg ? 1 : 0));
  out.u32(prec);
  if (v.kind !== 'finite') return;
  const ge = goExp(v);
  out.u32(ge >>> 0);
  // The mantissa, left-aligned in its words: the top words of the
  // precision's ⌈prec/64⌉, trailing zero words dropped (unless the value
  // came from a record with more words, which Go keeps when it re-encodes).
  const bits = bitLen(v.mant);
  const maxWords = Math.ceil(prec / 64);
  let words = Math.ceil(bits / 64);
  if (v.words !== undefined && v.words >= words && v.words <= maxWords) words = v.words;
  const m = v.mant << BigInt(words * 64 - bits);
  const mb = bigToBytes(m);
  out.bytes(mb); // exactly words*8 bytes: the top bit is set
}

// decodeBinary decodes a GobEncode form (rec from offset 0), at file
// precision prec.
function decodeBinary(rec, prec, base = 0) {
  if (rec.length === 0) throw new RecordError('empty binary record', base);
  if (rec.length < 6) throw new RecordError(`binary record of ${rec.length} bytes is shorter than its 6-byte header`, base);
  if (rec[0] !== 1) throw new RecordError(`binary record version ${rec[0]}, want 1`, base);
  const b = rec[1];
  const mode = (b >> 5) & 7;
  const acc = (b >> 3) & 3;
  const form = (b >> 1) & 3;
  const neg = (b & 1) !== 0;
  // As Go's reader: a mode or accuracy that is no big.Float's (with mode
  // 7 Go's first inexact operation on the number panics).
  if (mode > 5) throw new RecordError(`binary record has rounding mode ${mode}, which is none of big.Float's 0..5`, base + 1);
  if (acc === 3) throw new RecordError('binary record has accuracy bits 3, which is none of Below, Exact and Above', base + 1);
  const p = u32(rec, 2);
  if (p !== prec) throw new RecordError(`binary record has precision ${p}, want ${prec}`, base + 2);
  if (form === 3) throw new RecordError('binary record has the invalid form 3', base + 1);
  if (form !== 1) {
    if (rec.length !== 6) throw new RecordError(`binary record of a ${form === 0 ? 'zero' : 'infinity'} has ${rec.length - 6} bytes after its header`, base + 6);
    const v = form === 0 ? zero(neg) : inf(neg);
    v.mode = mode;
    v.acc = acc;
    return v;
  }
  if (rec.length < 10) throw new RecordError('binary record of a finite number has no exponent', base + 6);
  const e = u32(rec, 6) | 0; // int32
  const mb = rec.subarray(10);
  const m = bytesToBig(mb);
  if (m === 0n) throw new RecordError('binary record has a zero mantissa', base + 10);
  const bits = bitLen(m);
  // Go reads the mantissa as words and requires the top bit of the top
  // word: the mantissa (without leading zero bytes) is whole words.
  if (bits % 64 !== 0) throw new RecordError('binary record mantissa: msb not set in the top 64-bit word', base + 10);
  const v = checkValue(finite(neg, m, BigInt(e) - BigInt(bits)), prec);
  v.mode = mode;
  v.acc = acc;
  v.words = bits / 64;
  return v;
}

// ---------- binary-int, binary-varint ----------

function appendBinaryInt(out, v, prec) {
  const n = asInt64(v);
  if (n !== undefined) {
    out.byte(0x01);
    const u = BigInt.asUintN(64, n);
    for (let s = 56n; s >= 0n; s -= 8n) out.byte(Number((u >> s) & 0xffn));
    return;
  }
  out.byte(0x00);
  appendBinary(out, v, prec);
}

function appendBinaryVarint(out, v, prec) {
  const n = asInt64(v);
  if (n !== undefined && n >= -(1n << 55n) && n < 1n << 55n) {
    out.byte(0x02);
    out.uvarint(BigInt.asUintN(64, (n << 1n) ^ (n >> 63n)));
    return;
  }
  appendBinaryInt(out, v, prec);
}

function decodeTagged(rec, prec) {
  if (rec.length === 0) throw new RecordError('empty record', 0);
  switch (rec[0]) {
    case 0x00:
      return decodeBinary(rec.subarray(1), prec, 1);
    case 0x01: {
      if (rec.length !== 9) throw new RecordError(`int64 record has ${rec.length} bytes, want 9`, 0);
      const n = BigInt.asIntN(64, bytesToBig(rec.subarray(1)));
      return checkValue(fromBigInt(n), prec);
    }
    case 0x02: {
      const { value, n } = uvarint(rec, 1);
      if (n <= 0 || 1 + n !== rec.length) throw new RecordError('malformed varint record', 1);
      const x = BigInt.asIntN(64, (value >> 1n) ^ -(value & 1n));
      return checkValue(fromBigInt(x), prec);
    }
  }
  throw new RecordError(`unknown record tag 0x${rec[0].toString(16).padStart(2, '0')}`, 0);
}

// ---------- gob ----------

// A gob stream of *big.Float values: the first record holds the type
// definition message (the GobEncoder type, id 64, as Go writes it in a
// fresh process) and a value message; every later record holds a value
// message: uint(length) int(typeid) uint(0) uint(n) and the n bytes of
// GobEncode.
const GOB_TYPE_ID = 64;
const GOB_TYPEDEF = Uint8Array.from([0x09, 0x7f, 0x05, 0x01, 0x02, 0xff, 0x82, 0x00, 0x00, 0x00]);

function gobUint(out, u) {
  u = BigInt(u);
  if (u < 128n) {
    out.byte(Number(u));
    return;
  }
  const b = bigToBytes(u);
  out.byte(256 - b.length);
  out.bytes(b);
}

function gobInt(out, i) {
  i = BigInt(i);
  gobUint(out, i < 0n ? ((~i) << 1n) | 1n : i << 1n);
}

class GobWriter {
  constructor() {
    this.first = true;
  }
  append(out, v, prec) {
    if (this.first) {
      out.bytes(GOB_TYPEDEF);
      this.first = false;
    }
    const g = new Out();
    appendBinary(g, v, prec);
    const body = new Out();
    gobInt(body, GOB_TYPE_ID);
    body.byte(0); // singleton field delta
    gobUint(body, g.n);
    body.bytes(g.result());
    gobUint(out, body.n);
    out.bytes(body.result());
  }
}

class GobCursor {
  constructor(b, i, end) {
    this.b = b;
    this.i = i;
    this.end = end;
  }
  uint() {
    const at = this.i;
    if (this.i >= this.end) throw new RecordError('gob: truncated unsigned integer', at);
    const c = this.b[this.i++];
    if (c < 128) return BigInt(c);
    const n = 256 - c;
    if (n > 8) throw new RecordError(`gob: unsigned integer of ${n} bytes`, at);
    if (this.i + n > this.end) throw new RecordError('gob: truncated unsigned integer', at);
    const v = bytesToBig(this.b.subarray(this.i, this.i + n));
    this.i += n;
    return v;
  }
  int() {
    const u = this.uint();
    return u & 1n ? ~(u >> 1n) : u >> 1n;
  }
  string() {
    const at = this.i;
    const n = this.uint();
    if (BigInt(this.end - this.i) < n) throw new RecordError('gob: truncated string', at);
    const s = Buffer.from(this.b.subarray(this.i, this.i + Number(n))).toString('latin1');
    this.i += Number(n);
    return s;
  }
}

class GobReader {
  constructor() {
    this.ids = new Set(); // type ids defined as GobEncoder types
  }
  decode(rec, prec) {
    if (rec.length === 0) throw new RecordError('empty gob record', 0);
    let i = 0;
    for (;;) {
      if (i >= rec.length) throw new RecordError('gob record has no value message', i);
      const c = new GobCursor(rec, i, rec.length);
      const start = i;
      const len = c.uint();
      if (len === 0n) throw new RecordError('gob: empty message', start);
      if (BigInt(rec.length - c.i) < len) throw new RecordError(`gob message of ${len} bytes, only ${rec.length - c.i} left in the record`, start);
      const end = c.i + Number(len);
      const m = new GobCursor(rec, c.i, end);
      const id = m.int();
      if (id < 0n) {
        this.typeDef(m, -id);
        if (m.i !== end) throw new RecordError('gob: type definition has trailing bytes', m.i);
        i = end;
        continue;
      }
      if (!this.ids.has(id)) throw new RecordError(`gob: value of type id ${id}, which is not a defined GobEncoder (big.Float) type`, start);
      const delta = m.uint();
      if (delta !== 0n) throw new RecordError('gob: non-zero delta for singleton', m.i - 1);
      const nAt = m.i;
      const n = m.uint();
      if (BigInt(end - m.i) !== n) throw new RecordError(`gob: GobEncode data of ${n} bytes in a message with ${end - m.i} left`, nAt);
      const v = decodeBinary(rec.subarray(m.i, end), prec, m.i);
      if (end !== rec.length) throw new RecordError(`gob record has ${rec.length - end} trailing bytes`, end);
      return v;
    }
  }
  // typeDef parses a wireType struct; it must be a GobEncoderT (field 4)
  // holding a gobEncoderType{CommonType{Name, Id}}.
  typeDef(m, id) {
    let field = -1;
    let ok = false;
    for (;;) {
      const d = m.uint();
      if (d === 0n) break;
      field += Number(d);
      if (field !== 4) throw new RecordError(`gob: type ${id} is not a GobEncoder type (wireType field ${field}): not a big.Float stream`, m.i);
      // gobEncoderType struct
      let f2 = -1;
      for (;;) {
        const d2 = m.uint();
        if (d2 === 0n) break;
        f2 += Number(d2);
        if (f2 !== 0) throw new RecordError('gob: malformed gobEncoderType', m.i);
        // CommonType struct
        let f3 = -1;
        for (;;) {
          const d3 = m.uint();
          if (d3 === 0n) break;
          f3 += Number(d3);
          if (f3 === 0) m.string();
          else if (f3 === 1) m.int();
          else throw new RecordError('gob: malformed CommonType', m.i);
        }
      }
      ok = true;
    }
    if (!ok) throw new RecordError(`gob: type ${id} is not a GobEncoder type: not a big.Float stream`, m.i);
    this.ids.add(id);
  }
}

// ---------- CBOR ----------

function cborHead(out, major, n) {
  n = BigInt(n);
  const mt = major << 5;
  if (n < 24n) out.byte(mt | Number(n));
  else if (n < 0x100n) {
    out.byte(mt | 24);
    out.byte(Number(n));
  } else if (n < 0x10000n) {
    out.byte(mt | 25);
    out.byte(Number(n >> 8n));
    out.byte(Number(n & 0xffn));
  } else if (n < 0x100000000n) {
    out.byte(mt | 26);
    out.u32(Number(n));
  } else {
    out.byte(mt | 27);
    out.u32(Number(n >> 32n));
    out.u32(Number(n & 0xffffffffn));
  }
}

// cborInteger writes n as a CBOR integer, or a bignum (tags 2 and 3) if it
// does not fit one (fxamacker/cbor's BigIntConvertShortest).
function cborInteger(out, n) {
  const lim = 1n << 64n;
  if (n >= 0n) {
    if (n < lim) return cborHead(out, 0, n);
    out.byte(0xc2);
    const b = bigToBytes(n);
    cborHead(out, 2, b.length);
    return out.bytes(b);
  }
  const m = -1n - n;
  if (m < lim) return cborHead(out, 1, m);
  out.byte(0xc3);
  const b = bigToBytes(m);
  cborHead(out, 2, b.length);
  out.bytes(b);
}

function cborSpecial(out, v) {
  if (v.kind === 'inf') {
    out.bytes(v.neg ? [0xf9, 0xfc, 0x00] : [0xf9, 0x7c, 0x00]);
    return true;
  }
  if (v.kind === 'zero' && v.neg) {
    out.bytes([0xf9, 0x80, 0x00]);
    return true;
  }
  return false;
}

function appendCBORBigfloat(out, v) {
  if (cborSpecial(out, v)) return;
  out.byte(0xc5);
  out.byte(0x82);
  if (v.kind === 'zero') {
    out.byte(0);
    out.byte(0);
    return;
  }
  cborInteger(out, BigInt(v.exp));
  cborInteger(out, v.neg ? -v.mant : v.mant);
}

// decimalParts returns [m, e] with |v| = m × 10^e exactly, m without
// trailing decimal zeros.
function decimalParts(v) {
  if (v.exp < 0) {
    if (-v.exp > MAX_DECIMAL_EXPONENT) {
      throw new RecordError(`cbor-decimal: the exact decimal form of ${formatExact(v)} has exponent ${v.exp}, beyond ±${MAX_DECIMAL_EXPONENT}`);
    }
    return [v.mant * 5n ** BigInt(-v.exp), v.exp];
  }
  if (bitLen(v.mant) + v.exp > MAX_DECIMAL_INTEGER_BITS) {
    throw new RecordError(`cbor-decimal: ${formatExact(v)} is an integer of more than ${MAX_DECIMAL_INTEGER_BITS} bits, beyond this writer's limit`);
  }
  let m = v.mant << BigInt(v.exp);
  let d = 0;
  // m = mant × 2^exp, mant odd: its factors of 10 are those of mant's 5s
  // paired with the 2s.
  while (m % 10n === 0n) {
    m /= 10n;
    d++;
  }
  return [m, d];
}

function appendCBORDecimal(out, v) {
  if (cborSpecial(out, v)) return;
  out.byte(0xc4);
  out.byte(0x82);
  if (v.kind === 'zero') {
    out.byte(0);
    out.byte(0);
    return;
  }
  const [m, e] = decimalParts(v);
  cborInteger(out, BigInt(e));
  cborInteger(out, v.neg ? -m : m);
}

// CBOR reading: a minimal decoder of the items the number records use.
class CBORCursor {
  constructor(b) {
    this.b = b;
    this.i = 0;
  }
  need(n, what) {
    if (this.i + n > this.b.length) throw new RecordError(`CBOR: truncated ${what}`, this.i);
  }
  // head returns {major, info, arg (BigInt or null for indefinite), at}
  head() {
    const at = this.i;
    this.need(1, 'data item');
    const c = this.b[this.i++];
    const major = c >> 5;
    const info = c & 31;
    let arg;
    if (info < 24) arg = BigInt(info);
    else if (info <= 27) {
      const n = 1 << (info - 24);
      this.need(n, 'argument');
      arg = bytesToBig(this.b.subarray(this.i, this.i + n));
      this.i += n;
    } else if (info === 31) arg = null;
    else throw new RecordError(`CBOR: reserved additional information ${info}`, at);
    return { major, info, arg, at };
  }
  // integer reads a CBOR integer or bignum: BigInt.
  integer(what) {
    const h = this.head();
    return this.integerFrom(h, what);
  }
  integerFrom(h, what) {
    if (h.major === 0 && h.arg !== null) return h.arg;
    if (h.major === 1 && h.arg !== null) return -1n - h.arg;
    if (h.major === 6 && (h.arg === 2n || h.arg === 3n)) {
      const m = bytesToBig(this.byteString());
      return h.arg === 2n ? m : -1n - m;
    }
    throw new RecordError(`CBOR: ${what} is not an integer or bignum (major type ${h.major})`, h.at);
  }
  byteString() {
    const h = this.head();
    if (h.major !== 2) throw new RecordError(`CBOR: bignum content is major type ${h.major}, not a byte string`, h.at);
    if (h.arg !== null) {
      if (h.arg > BigInt(this.b.length - this.i)) throw new RecordError('CBOR: truncated byte string', h.at);
      const s = this.b.subarray(this.i, this.i + Number(h.arg));
      this.i += Number(h.arg);
      return s;
    }
    const parts = [];
    for (;;) {
      this.need(1, 'indefinite-length byte string');
      if (this.b[this.i] === 0xff) {
        this.i++;
        break;
      }
      const c = this.head();
      if (c.major !== 2 || c.arg === null) throw new RecordError('CBOR: bad chunk in an indefinite-length byte string', c.at);
      if (c.arg > BigInt(this.b.length - this.i)) throw new RecordError('CBOR: truncated byte string', c.at);
      parts.push(this.b.subarray(this.i, this.i + Number(c.arg)));
      this.i += Number(c.arg);
    }
    return Buffer.concat(parts);
  }
}

// floatBits returns the exact value of an IEEE 754 binary float given its
// bits (BigInt), exponent width and fraction width.
function floatValue(bits, ew, fw, at) {
  const neg = (bits >> BigInt(ew + fw)) & 1n ? true : false;
  const e = Number((bits >> BigInt(fw)) & ((1n << BigInt(ew)) - 1n));
  const f = bits & ((1n << BigInt(fw)) - 1n);
  const bias = (1 << (ew - 1)) - 1;
  if (e === (1 << ew) - 1) {
    if (f !== 0n) throw new RecordError('CBOR record is NaN, which a big.Float cannot hold', at);
    return inf(neg);
  }
  if (e === 0) return f === 0n ? zero(neg) : finite(neg, f, 1 - bias - fw);
  return finite(neg, f | (1n << BigInt(fw)), e - bias - fw);
}

function decodeCBOR(rec, prec) {
  if (rec.length === 0) throw new RecordError('empty CBOR record', 0);
  const c = new CBORCursor(rec);
  const h = c.head();
  let v;
  if (h.major === 7) {
    switch (h.info) {
      case 25:
        v = floatValue(h.arg, 5, 10, h.at);
        break;
      case 26:
        v = floatValue(h.arg, 8, 23, h.at);
        break;
      case 27:
        v = floatValue(h.arg, 11, 52, h.at);
        break;
      default:
        throw new RecordError(`CBOR record is the simple value ${h.arg}, not a number`, h.at);
    }
  } else if (h.major === 0 || h.major === 1 || (h.major === 6 && (h.arg === 2n || h.arg === 3n))) {
    v = fromBigInt(c.integerFrom(h, 'record'));
  } else if (h.major === 6) {
    if (h.arg !== 4n && h.arg !== 5n) throw new RecordError(`CBOR record has tag ${h.arg}, want 4 (decimal fraction) or 5 (bigfloat)`, h.at);
    const a = c.head();
    if (a.major !== 4 || (a.arg !== null && a.arg !== 2n)) throw new RecordError(`CBOR tag ${h.arg} content is not an array of 2 items`, a.at);
    const e = c.integer('exponent');
    const m = c.integer('mantissa');
    if (a.arg === null) {
      c.need(1, 'indefinite-length array');
      if (rec[c.i] !== 0xff) throw new RecordError(`CBOR tag ${h.arg} content is not an array of 2 items`, c.i);
      c.i++;
    }
    if (h.arg === 5n) {
      if (m === 0n) v = zero(false);
      else {
        const ge = e + BigInt(bitLen(m));
        if (ge < BigInt(MIN_EXP) || ge > BigInt(MAX_EXP)) throw new RecordError(`CBOR bigfloat exponent ${e} is out of the range of big.Float`, h.at);
        v = finite(m < 0n, m < 0n ? -m : m, e);
      }
    } else {
      if (e > BigInt(MAX_DECIMAL_EXPONENT) || e < BigInt(-MAX_DECIMAL_EXPONENT)) {
        throw new RecordError(`CBOR decimal fraction exponent ${e} is beyond ±${MAX_DECIMAL_EXPONENT}`, h.at);
      }
      const am = m < 0n ? -m : m;
      if (am === 0n) v = zero(false);
      else if (e >= 0n) v = finite(m < 0n, am * 10n ** e, 0);
      else {
        const p5 = 5n ** -e;
        if (am % p5 !== 0n) throw new RecordError(`CBOR decimal fraction ${m}e${e} is not exactly representable in binary`, h.at);
        v = finite(m < 0n, am / p5, e);
      }
    }
  } else {
    throw new RecordError(`CBOR record starts with 0x${rec[0].toString(16).padStart(2, '0')}: not a number`, 0);
  }
  if (c.i !== rec.length) throw new RecordError(`CBOR record has ${rec.length - c.i} bytes of extraneous data`, c.i);
  return checkValue(v, prec);
}

// ---------- text ----------

// parseDecimal parses s as Go's Float.Parse(s, 10) does (sign, "Inf" or
// "inf", or a decimal mantissa with an optional 'e'/'E' decimal or 'p'/'P'
// binary exponent) and rounds it to nearest-even at prec bits.
export function parseDecimal(str, prec) {
  const s = str;
  const bad = (why) => new RecordError(`text record ${JSON.stringify(s.length > 40 ? s.slice(0, 37) + '...' : s)}: ${why}`, 0);
  let i = 0;
  let neg = false;
  if (s[i] === '+' || s[i] === '-') {
    neg = s[i] === '-';
    i++;
  }
  const rest = s.slice(i);
  if (rest === 'Inf' || rest === 'inf') return inf(neg);
  const m = /^(?:([0-9]+)(?:\.([0-9]*))?|\.([0-9]+))(?:([eEpP])([+-]?[0-9]+))?$/.exec(rest);
  if (!m) throw bad('not a decimal number');
  const intDigits = m[1] ?? '';
  const fracDigits = m[2] ?? m[3] ?? '';
  let digits = (intDigits + fracDigits).replace(/^0+/, '');
  let e10 = -fracDigits.length;
  let e2 = 0;
  if (m[4] !== undefined) {
    const x = m[5].replace(/^[+-]?0*/, '');
    // Go reads the exponent as an int64, and the zero whatever it is.
    if (x.length > 18 || (x.length > 10 && digits !== '')) throw bad('exponent overflow');
    const n = (m[5][0] === '-' ? -1 : 1) * Number(x || '0');
    if (m[4] === 'e' || m[4] === 'E') e10 += n;
    else e2 += n;
  }
  if (digits === '') return zero(neg);
  const z = digits.replace(/0+$/, '');
  e10 += digits.length - z.length;
  digits = z;
  if (Math.abs(e10) > MAX_TEXT_DECIMAL_EXPONENT || digits.length > MAX_TEXT_DECIMAL_EXPONENT) {
    throw bad(`decimal exponent ${e10} or ${digits.length} digits: beyond this reader's limit of ${MAX_TEXT_DECIMAL_EXPONENT}`);
  }
  // value = D × 5^e10 × 2^(e10+e2) = num/den × 2^b2
  let num = BigInt(digits);
  let den = 1n;
  let b2 = e10 + e2;
  if (e10 >= 0) num *= 5n ** BigInt(e10);
  else den = 5n ** BigInt(-e10);
  // q = floor(num × 2^s / den) with at least prec+2 bits
  let sh = prec + 2 - (bitLen(num) - bitLen(den));
  let q, r;
  if (sh >= 0) {
    const n2 = num << BigInt(sh);
    q = n2 / den;
    r = n2 - q * den;
  } else {
    const d2 = den << BigInt(-sh);
    q = num / d2;
    r = num - q * d2;
  }
  let k = bitLen(q) - prec; // >= 2
  const sticky = r !== 0n || (q & ((1n << BigInt(k - 1)) - 1n)) !== 0n;
  const half = (q >> BigInt(k - 1)) & 1n;
  q >>= BigInt(k);
  if (half === 1n && (sticky || (q & 1n) === 1n)) q += 1n;
  const v = finite(neg, q, BigInt(b2) - BigInt(sh) + BigInt(k));
  const ge = goExp(v);
  if (ge < MIN_EXP || ge > MAX_EXP) throw bad(`exponent overflow: ${ge} is outside big.Float's range`);
  return v;
}

// Decimal: the exact decimal 0.digits × 10^exp of a value (Go's decimal
// type), digits without trailing zeros.
function toDecimal(m, e) {
  // m × 2^e, m > 0
  let s, exp;
  if (e >= 0) {
    s = (m << BigInt(e)).toString();
    exp = s.length;
  } else {
    const tz = Math.min(trailingZeros(m), -e);
    m >>= BigInt(tz);
    e += tz;
    if (e === 0) {
      s = m.toString();
      exp = s.length;
    } else {
      s = (m * 5n ** BigInt(-e)).toString();
      exp = s.length + e;
    }
  }
  return { mant: s.replace(/0+$/, ''), exp };
}

function at(d, i) {
  return i >= 0 && i < d.mant.length ? d.mant[i] : '0';
}

function trimDec(d) {
  d.mant = d.mant.replace(/0+$/, '');
  if (d.mant === '') d.exp = 0;
}

function roundUpDec(d, n) {
  if (n < 0 || n >= d.mant.length) return;
  while (n > 0 && d.mant[n - 1] >= '9') n--;
  if (n === 0) {
    d.mant = '1';
    d.exp++;
    return;
  }
  d.mant = d.mant.slice(0, n - 1) + String.fromCharCode(d.mant.charCodeAt(n - 1) + 1);
}

function roundDownDec(d, n) {
  if (n < 0 || n >= d.mant.length) return;
  d.mant = d.mant.slice(0, n);
  trimDec(d);
}

function roundDec(d, n) {
  if (n < 0 || n >= d.mant.length) return;
  let up;
  if (d.mant[n] === '5' && n + 1 === d.mant.length) up = n > 0 && (d.mant.charCodeAt(n - 1) - 48) % 2 === 1;
  else up = d.mant[n] >= '5';
  if (up) roundUpDec(d, n);
  else roundDownDec(d, n);
}

// roundShortest is Go's math/big roundShortest, digit for digit.
function roundShortest(d, v, prec) {
  if (d.mant.length === 0) return;
  // mant: prec+1 bits, lsb = 1/2 ulp
  const bits = bitLen(v.mant);
  const mant = v.mant << BigInt(prec + 1 - bits);
  const exp = v.exp - (prec + 1 - bits);
  const lower = toDecimal(mant - 1n, exp);
  const upper = toDecimal(mant + 1n, exp);
  const inclusive = (mant & 2n) === 0n;
  for (let i = 0; i < d.mant.length; i++) {
    const m = d.mant[i];
    const l = at(lower, i);
    const u = at(upper, i);
    const okdown = l !== m || (inclusive && i + 1 === lower.mant.length);
    const okup = m !== u && (inclusive || m.charCodeAt(0) + 1 < u.charCodeAt(0) || i + 1 < upper.mant.length);
    if (okdown && okup) return roundDec(d, i + 1);
    if (okdown) return roundDownDec(d, i + 1);
    if (okup) return roundUpDec(d, i + 1);
  }
}

function fmtE(d, prec) {
  let out = d.mant.length > 0 ? d.mant[0] : '0';
  if (prec > 0) {
    out += '.';
    const m = Math.min(d.mant.length, prec + 1);
    out += d.mant.slice(1, m);
    for (let i = Math.max(m, 1); i <= prec; i++) out += '0';
  }
  out += 'e';
  let exp = d.mant.length > 0 ? d.exp - 1 : 0;
  out += exp < 0 ? '-' : '+';
  exp = Math.abs(exp);
  if (exp < 10) out += '0';
  return out + exp;
}

function fmtF(d, prec) {
  let out;
  if (d.exp > 0) {
    const m = Math.min(d.mant.length, d.exp);
    out = d.mant.slice(0, m) + '0'.repeat(d.exp - m);
  } else out = '0';
  if (prec > 0) {
    out += '.';
    for (let i = 0; i < prec; i++) out += at(d, d.exp + i);
  }
  return out;
}

// goTextG returns Go's x.Text('g', digits) (digits < 0: shortest) for a
// value of precision prec.
export function goTextG(v, prec, digits = -1) {
  const sign = v.neg ? '-' : '';
  if (v.kind === 'inf') return v.neg ? '-Inf' : '+Inf';
  if (v.kind === 'finite' && Math.abs(v.exp) > MAX_TEXT_BINARY_EXPONENT) {
    throw new RecordError(`text: ${formatExact(v)} has a binary exponent beyond this writer's limit of ±${MAX_TEXT_BINARY_EXPONENT}`);
  }
  const d = v.kind === 'finite' ? toDecimal(v.mant, v.exp) : { mant: '', exp: 0 };
  let p = digits;
  const shortest = digits < 0;
  if (shortest) {
    roundShortest(d, v, prec);
    p = d.mant.length;
  } else {
    if (p === 0) p = 1;
    roundDec(d, p);
  }
  let eprec = p;
  if (eprec > d.mant.length && d.mant.length >= d.exp) eprec = d.mant.length;
  if (shortest) eprec = 6;
  const exp = d.exp - 1;
  if (exp < -4 || exp >= eprec) {
    if (p > d.mant.length) p = d.mant.length;
    return sign + fmtE(d, p - 1);
  }
  if (p > d.exp) p = d.mant.length;
  return sign + fmtF(d, Math.max(p - d.exp, 0));
}

// goText returns the text record Go's writer writes for v at precision
// prec: the shortest form, or for the powers of two whose shortest form
// does not parse back, the shortest Text('g', n) that does.
export function goText(v, prec) {
  let s = goTextG(v, prec);
  if (v.kind !== 'finite' || v.mant !== 1n) return s;
  const mant = s.replace(/^[+-]/, '').split('e')[0];
  let digits = mant.replace('.', '').replace(/^0+|0+$/g, '').length;
  for (;;) {
    if (equalValues(parseDecimal(s, prec), v)) return s;
    if (++digits > Math.floor(prec / 3) + 10) throw new RecordError(`text: no decimal of ${formatExact(v)} parses back to it at ${prec} bits`);
    s = goTextG(v, prec, digits);
  }
}

function appendText(out, v, prec) {
  out.bytes(Buffer.from(goText(v, prec), 'latin1'));
}

function decodeText(rec, prec) {
  if (rec.length === 0) throw new RecordError('empty text record', 0);
  return parseDecimal(Buffer.from(rec).toString('latin1'), prec);
}

// ---------- files ----------

function stateless(append, decode) {
  return { writer: () => ({ append }), reader: () => ({ decode }) };
}

const CODECS = {
  text: stateless((o, v, p) => appendText(o, v, p), decodeText),
  binary: stateless(appendBinary, (r, p) => decodeBinary(r, p)),
  'binary-int': stateless(appendBinaryInt, decodeTagged),
  'binary-varint': stateless(appendBinaryVarint, decodeTagged),
  gob: { writer: () => new GobWriter(), reader: () => new GobReader() },
  'cbor-bigfloat': stateless((o, v) => appendCBORBigfloat(o, v), decodeCBOR),
  'cbor-decimal': stateless((o, v) => appendCBORDecimal(o, v), decodeCBOR),
};

function unknown(name) {
  return `unknown big.Float encoding ${JSON.stringify(name)} (valid: ${ENCODINGS.join(', ')})`;
}

function checkValueBytes(count, prec, size) {
  const need = BigInt(count) * BigInt(Math.ceil(prec / 64) * 8);
  if (need > BigInt(MAX_VALUE_BYTES) && need > 8n * BigInt(size)) {
    return `${count} values of ${prec} bits can take ${need} bytes, more than ${MAX_VALUE_BYTES} and more than 8 times the file's ${size} bytes`;
  }
  return null;
}

// decodeFile decodes the bytes of a file; errors are BigFloatErrors naming
// the offset (and name, when given).
export function decodeFile(data, name = '') {
  const pre = name ? `${name}: ` : '';
  const fail = (off, msg) => new BigFloatError(pre + `offset ${off}: ${msg}`, off);
  const b = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (b.length < 4 || Buffer.from(b.subarray(0, 4)).toString('latin1') !== MAGIC) {
    throw fail(0, `not a big.Float stream: the file does not start with the magic "${MAGIC}"`);
  }
  if (b.length < 6) throw fail(b.length, 'truncated header: no version and encoding name length');
  if (b[4] !== VERSION) throw fail(4, `format version ${b[4]}, this reader knows version ${VERSION}`);
  const n = b[5];
  if (n === 0) throw fail(5, 'empty encoding name in header');
  if (b.length < 6 + n + 8) throw fail(b.length, `truncated header: want ${n + 8} bytes of encoding name, precision and count after offset 6, have ${b.length - 6}`);
  const encoding = Buffer.from(b.subarray(6, 6 + n)).toString('latin1');
  const codec = Object.hasOwn(CODECS, encoding) ? CODECS[encoding] : undefined;
  if (!codec) throw fail(6, `header: ${unknown(encoding)}`);
  const prec = u32(b, 6 + n);
  const count = u32(b, 10 + n);
  let p = 14 + n;
  if (prec < 1) throw fail(6 + n, `header: precision ${prec} is outside 1..${MAX_PREC}`);
  if (count > (b.length - p) / 2) throw fail(10 + n, `header declares ${count} records but only ${b.length - p} bytes follow: truncated or corrupt`);
  const vb = checkValueBytes(count, prec, b.length);
  if (vb) throw fail(10 + n, `header: ${vb}`);
  const reader = codec.reader();
  const values = [];
  for (let i = 0; i < count; i++) {
    const start = p;
    const { value: l, n: k } = uvarint(b, p);
    if (k === 0) throw fail(start, `truncated at record ${i} of ${count}: no length`);
    if (k < 0) throw fail(start, `record ${i} of ${count}: malformed length`);
    p += k;
    if (l > BigInt(b.length - p)) throw fail(start, `truncated at record ${i} of ${count}: length ${l}, only ${b.length - p} bytes left`);
    const rec = b.subarray(p, p + Number(l));
    try {
      values.push(reader.decode(rec, prec));
    } catch (e) {
      if (!(e instanceof RecordError)) throw e;
      const off = p + (e.at ?? 0);
      throw fail(off, `record ${i} of ${count} (starting at offset ${start}): ${e.message}`);
    }
    p += Number(l);
  }
  if (p !== b.length) throw fail(p, `${b.length - p} bytes of garbage after the ${count} records`);
  return { encoding, prec, values };
}

export function readFile(path) {
  return decodeFile(readFileSync(path), path);
}

// encodeFile returns the file form of values in the named encoding at
// precision prec. Every value must be exactly representable at prec.
export function encodeFile(encoding, values, prec) {
  const codec = Object.hasOwn(CODECS, encoding) ? CODECS[encoding] : undefined;
  if (!codec) throw new BigFloatError(unknown(encoding));
  if (encoding.length > 255) throw new BigFloatError(`encoding name ${JSON.stringify(encoding)} is longer than 255 bytes`);
  if (!Number.isInteger(prec) || prec < 1 || prec > MAX_PREC) throw new BigFloatError(`precision ${prec} is outside 1..${MAX_PREC}`);
  if (values.length > 0xffffffff) throw new BigFloatError(`${values.length} values do not fit the 32-bit count`);
  const out = new Out();
  out.bytes(Buffer.from(MAGIC, 'latin1'));
  out.byte(VERSION);
  out.byte(encoding.length);
  out.bytes(Buffer.from(encoding, 'latin1'));
  out.u32(prec);
  out.u32(values.length);
  const w = codec.writer();
  const rec = new Out();
  values.forEach((v, i) => {
    try {
      checkValue(v, prec);
      rec.n = 0;
      w.append(rec, v, prec);
    } catch (e) {
      if (!(e instanceof RecordError)) throw e;
      throw new BigFloatError(`value ${i}: ${e.message}`);
    }
    out.uvarint(rec.n);
    out.bytes(rec.buf.subarray(0, rec.n));
  });
  const vb = checkValueBytes(values.length, prec, out.n);
  if (vb) throw new BigFloatError(`readers refuse this file: ${vb}`);
  return out.result();
}

export function writeFile(path, encoding, values, prec) {
  const data = encodeFile(encoding, values, prec);
  writeFileSync(path, data);
  return data.length;
}
