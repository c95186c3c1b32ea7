#!/usr/bin/env node
// serbench's Node peer: reads what serbench's Go codecs wrote, checks it
// against the JSON rendering of the original values, writes it back with its
// own library, and times its own decode and encode.
//
// Usage: node peer.mjs IN_DIR OUT_DIR
//
// IN_DIR is the exchange directory that internal/peers wrote (its
// manifest.json lists the cases); OUT_DIR receives the re-encoded messages,
// under each case's directory, and result.json. peers/README.md documents
// the protocol, the JSON rendering and this peer's mappings.
//
// Libraries: @msgpack/msgpack (MessagePack), cbor-x (CBOR), bson (BSON),
// JSON.parse and JSON.stringify (JSON), protobufjs (Protocol Buffers,
// schema/*.proto loaded at run time), avsc (Avro, schema/*.avsc).

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { decode as mpDecode, encode as mpEncode } from "@msgpack/msgpack";
import { Decoder as CborDecoder, Encoder as CborEncoder } from "cbor-x";
import { BSON } from "bson";
import protobuf from "protobufjs";
import avro from "avsc";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PEER = "node";
const PACKAGES = ["@msgpack/msgpack", "cbor-x", "bson", "protobufjs", "avsc"];

// ------------------------------------------------------------ libraries

// MessagePack: int64 and uint64 as bigint (useBigInt64), timestamps
// (extension -1) as Date (milliseconds), bin as Uint8Array.
const msgpackLib = () => {
  const opts = { useBigInt64: true };
  return {
    name: "@msgpack/msgpack",
    decode: (data) => mpDecode(data, opts),
    encode: (v) => mpEncode(v, opts),
  };
};

// CBOR: plain maps, no record extension, no tag 64 on byte strings (the
// options that keep cbor-x interoperable); 64-bit integers as bigint; tag 0
// and tag 1 times as Date (milliseconds), written back as tag 1.
const cborLib = () => {
  const opts = { useRecords: false, mapsAsObjects: true, tagUint8Array: false, useTag259ForMaps: false };
  const dec = new CborDecoder(opts);
  const enc = new CborEncoder(opts);
  return { name: "cbor-x", decode: (data) => dec.decode(data), encode: (v) => enc.encode(v) };
};

// BSON: int64 as bigint (useBigInt64), datetimes as Date, binary as Binary.
const bsonLib = () => ({
  name: "bson",
  decode: (data) => BSON.deserialize(data, { useBigInt64: true }),
  encode: (v) => BSON.serialize(v),
});

// JSON: JSON.parse as it is: every number a double, so integers beyond
// 2^53 lose precision (no reviver).
const jsonLib = () => ({
  name: "JSON.parse",
  decode: (data) => JSON.parse(data.toString("utf8")),
  encode: (v) => Buffer.from(JSON.stringify(v), "utf8"),
});

// Protocol Buffers: protobufjs loads schema/person.proto and nested.proto
// at run time (keepCase: the .proto's field names); 64-bit integers are
// Long values, shown as decimal text for the comparison.
const protobufLib = (c, ctx) => {
  const type = ctx.protoType(c.proto, c.message);
  return {
    name: "protobufjs",
    decode: (data) => type.decode(data),
    encode: (m) => type.encode(m).finish(),
    view: (m) => type.toObject(m, { longs: String, bytes: Buffer, defaults: true, arrays: true, objects: true }),
  };
};

// Avro: avsc with the case's schema; long as bigint (LongType.__with), since
// avsc's own long refuses values beyond 2^53.
const longType = avro.types.LongType.__with({
  fromBuffer: (buf) => buf.readBigInt64LE(0),
  toBuffer: (n) => {
    const buf = Buffer.alloc(8);
    buf.writeBigInt64LE(BigInt(n), 0);
    return buf;
  },
  fromJSON: (x) => BigInt(x),
  toJSON: (n) => Number(n),
  isValid: (n) => typeof n === "bigint",
  compare: (a, b) => (a === b ? 0 : a < b ? -1 : 1),
});
const avroLib = (c, ctx) => {
  const type = ctx.avroType(c.schema);
  return { name: "avsc", decode: (data) => type.fromBuffer(data), encode: (v) => type.toBuffer(v) };
};

const LIBS = { msgpack: msgpackLib, cbor: cborLib, bson: bsonLib, json: jsonLib, protobuf: protobufLib, avro: avroLib };
const LIB_NAMES = { msgpack: "@msgpack/msgpack", cbor: "cbor-x", bson: "bson", json: "JSON.parse", protobuf: "protobufjs", avro: "avsc" };
const SCHEMA_WORKLOADS = { protobuf: ["person"], avro: ["person"] };

class Context {
  constructor(inDir) {
    this.inDir = inDir;
    this.roots = new Map();
    this.avro = new Map();
    this.values = new Map();
  }
  protoType(file, name) {
    if (!this.roots.has(file)) this.roots.set(file, protobuf.loadSync(file, undefined, { keepCase: true }));
    return this.roots.get(file).lookupType(name);
  }
  avroType(file) {
    if (!this.avro.has(file)) {
      const schema = JSON.parse(fs.readFileSync(file, "utf8"));
      this.avro.set(file, avro.Type.forSchema(schema, { registry: { long: longType } }));
    }
    return this.avro.get(file);
  }
  renderings(rel) {
    if (!this.values.has(rel)) this.values.set(rel, JSON.parse(fs.readFileSync(path.join(this.inDir, rel), "utf8")));
    return this.values.get(rel);
  }
}

// ------------------------------------------------------------ comparison

class Check {
  // typedTimes: the format has a time type (not JSON), so a time that
  // arrives as text or a number is a mapping worth reporting.
  constructor(losses, typedTimes) {
    this.typedTimes = typedTimes;
    this.mapped = [];
    this.mismatch = null;
    const of = (kind, key) => Math.max(0, ...(losses || []).filter((l) => l.kind === kind).map((l) => l[key] || 0));
    this.timeNs = BigInt(of("time-precision", "precision_ns"));
    this.eps = of("float-precision", "epsilon");
    this.margin = of("float-precision", "margin");
  }
  map(cls, p, want, got) {
    if (!this.mapped.some((m) => m.class === cls)) this.mapped.push({ class: cls, path: p || ".", want: show(want), got: show(got) });
  }
  fail(cls, p, want, got) {
    if (this.mismatch === null) this.mismatch = { class: cls, path: p || ".", want: show(want), got: show(got) };
  }
  floatClose(want, got) {
    if (!Number.isFinite(want) || !Number.isFinite(got) || (want === 0 && got === 0)) return false;
    const d = Math.abs(want - got);
    return d <= this.margin || d <= this.eps * Math.min(Math.abs(want), Math.abs(got));
  }
}

function show(v) {
  let s;
  if (v instanceof Date) s = isNaN(v.getTime()) ? "Invalid Date" : v.toISOString() + " (Date)";
  else if (isBytes(v)) s = "bytes " + Buffer.from(bytesOf(v)).toString("base64");
  else if (typeof v === "bigint") s = v.toString() + "n";
  else if (v === undefined) s = "undefined";
  else if (typeof v === "string" || typeof v === "number" || typeof v === "boolean" || v === null) s = v;
  else {
    try {
      s = JSON.stringify(v, (k, x) => (typeof x === "bigint" ? x.toString() + "n" : x));
    } catch (e) {
      s = String(v);
    }
  }
  if (typeof s === "string" && s.length > 200) s = s.slice(0, 200) + "…";
  return s;
}

const norm = (k) => String(k).toLowerCase().replaceAll("_", "");
const isBytes = (v) => v instanceof Uint8Array || (v && v._bsontype === "Binary");
const bytesOf = (v) => (v instanceof Uint8Array ? v : v.buffer);
const isPlainObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v) && !isBytes(v) && !(v instanceof Date);
const isEmpty = (v) =>
  (Array.isArray(v) && v.length === 0) ||
  (isBytes(v) && bytesOf(v).length === 0) ||
  v === "" ||
  (v instanceof Map && v.size === 0) ||
  (isPlainObject(v) && !(v instanceof Map) && Object.keys(v).length === 0);

const RFC3339 = /^(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d):(\d\d)(?:\.(\d+))?([Zz]|[+-]\d\d:\d\d)$/;

function parseRFC3339(s) {
  const m = RFC3339.exec(s);
  if (!m) return null;
  const [y, mo, d, h, mi, sec] = m.slice(1, 7).map(Number);
  const frac = (m[7] || "").slice(0, 9).padEnd(9, "0");
  const z = m[8];
  const off = z === "Z" || z === "z" ? 0 : (z[0] === "+" ? 1 : -1) * (Number(z.slice(1, 3)) * 3600 + Number(z.slice(4, 6)) * 60);
  const dt = new Date(0);
  dt.setUTCFullYear(y, mo - 1, d);
  dt.setUTCHours(h, mi, sec, 0);
  const unix = BigInt(dt.getTime() / 1000) - BigInt(off);
  return [unix * 1000000000n + BigInt(frac), off];
}

function compareTime(want, got, p, chk) {
  const wantNs = BigInt(want.unix) * 1000000000n + BigInt(want.nanos);
  const off = want.offset;
  let gotNs;
  let gotOff = null;
  let unit;
  if (got instanceof Date) {
    if (isNaN(got.getTime())) return chk.fail("time", p, want.$time, got);
    gotNs = BigInt(got.getTime()) * 1000000n;
    unit = 1000000n;
  } else if (typeof got === "string") {
    const parsed = parseRFC3339(got);
    if (parsed === null) return chk.fail("other", p, want.$time, got);
    [gotNs, gotOff] = parsed;
    unit = 1n;
    if (chk.typedTimes) chk.map("time-as-text", p, want.$time, got);
  } else if (typeof got === "bigint" || (typeof got === "number" && Number.isInteger(got))) {
    gotNs = BigInt(got) * 1000000000n;
    unit = 1000000000n;
    chk.map("time-as-number", p, want.$time, got);
  } else if (typeof got === "number") {
    gotNs = BigInt(Math.round(got * 1e6)) * 1000n;
    unit = 1000n;
    chk.map("time-as-number", p, want.$time, got);
  } else {
    return chk.fail("other", p, want.$time, got);
  }
  if (chk.timeNs > unit) unit = chk.timeNs;
  if (gotNs !== wantNs) {
    const d = wantNs > gotNs ? wantNs - gotNs : gotNs - wantNs;
    if (unit > 1n && d < unit) chk.map("time-precision", p, want.$time, got);
    else return chk.fail("time", p, want.$time, got);
  }
  if (gotOff === null ? off !== 0 : gotOff !== off) chk.map("time-zone", p, want.$time, got);
}

function compare(want, got, p, chk) {
  if (chk.mismatch !== null) return;
  if (got === undefined) got = null;
  if (want === null) {
    if (got === null) return;
    if (isEmpty(got)) return chk.map("nil-empty", p, want, got);
    return chk.fail("other", p, want, got);
  }
  if (typeof want === "object" && !Array.isArray(want)) {
    if ("$time" in want) return compareTime(want, got, p, chk);
    if ("$bytes" in want) {
      const b = Buffer.from(want.$bytes, "base64");
      if (isBytes(got) && Buffer.from(bytesOf(got)).equals(b)) return;
      if (got === null && b.length === 0) return chk.map("nil-empty", p, want, got);
      if (typeof got === "string" && got === want.$bytes) return chk.map("bytes-as-base64", p, want, got); // JSON's []byte
      return chk.fail("other", p, want, got);
    }
    if ("$f32" in want) {
      const w = want.$f32;
      if (typeof got === "number" && (Object.is(got, w) || Object.is(Math.fround(got), w))) return;
      if (typeof got === "number" && chk.floatClose(w, got)) return chk.map("float-precision", p, w, got);
      return chk.fail("float", p, w, got);
    }
    if ("$float" in want) {
      const w = { NaN: NaN, "+Inf": Infinity, "-Inf": -Infinity }[want.$float];
      if (typeof got === "number" && Object.is(got, w)) return;
      return chk.fail("float", p, want.$float, got);
    }
    if (got === null) {
      if (Object.keys(want).length === 0) return chk.map("nil-empty", p, want, got);
      return chk.fail("other", p, want, got);
    }
    if (got instanceof Map) got = Object.fromEntries([...got].map(([k, v]) => [String(k), v]));
    if (!isPlainObject(got)) return chk.fail("other", p, want, got);
    return compareObject(want, got, p, chk);
  }
  if (Array.isArray(want)) {
    if (got === null && want.length === 0) return chk.map("nil-empty", p, want, got);
    if (!Array.isArray(got)) return chk.fail("other", p, want, got);
    if (got.length !== want.length) return chk.fail("length", p, `${want.length} elements`, `${got.length} elements`);
    for (let i = 0; i < want.length; i++) compare(want[i], got[i], `${p}[${i}]`, chk);
    return;
  }
  if (typeof want === "boolean") {
    if (got !== want) chk.fail("other", p, want, got);
    return;
  }
  if (typeof want === "string") {
    if (typeof got === "string" && got === want) return;
    if (typeof got === "bigint" && got.toString() === want) return; // an integer beyond 2^53
    if (got !== null && typeof got === "object" && typeof got.toString === "function" && got.constructor?.name === "Long" && got.toString() === want) return;
    if (typeof got === "number" && /^-?\d+$/.test(want)) return chk.fail("integer-precision", p, want, got);
    return chk.fail("other", p, want, got);
  }
  if (typeof want === "number") {
    // JSON.parse of the rendering: integers and floats are both numbers;
    // floats were written with a "." or an exponent, so -0.0 is -0.
    if (typeof got === "number" && Object.is(got, want)) return;
    if (typeof got === "number" && want === 0 && got === 0 && Number.isInteger(want)) return;
    if (typeof got === "bigint" && Number.isInteger(want) && got === BigInt(want)) return;
    if (typeof got === "string" && Number.isInteger(want) && got === String(want)) return; // protobufjs longs: String
    if (typeof got === "number" && chk.floatClose(want, got)) return chk.map("float-precision", p, want, got);
    return chk.fail(Number.isInteger(want) ? "other" : "float", p, want, got);
  }
  chk.fail("other", p, want, got);
}

function compareObject(want, got, p, chk) {
  const index = new Map();
  for (const k of Object.keys(got)) if (!index.has(norm(k))) index.set(norm(k), k);
  const used = new Set();
  for (const [k, w] of Object.entries(want)) {
    if (chk.mismatch !== null) return;
    const gk = Object.hasOwn(got, k) ? k : index.get(norm(k));
    if (gk !== undefined) {
      used.add(gk);
      compare(w, got[gk], `${p}.${k}`, chk);
      continue;
    }
    // An embedded struct flattened into its parent.
    if (w !== null && typeof w === "object" && !Array.isArray(w) && Object.keys(w).length > 0 &&
        !Object.keys(w).some((s) => s.startsWith("$")) && Object.keys(w).every((s) => index.has(norm(s)))) {
      for (const [s, sw] of Object.entries(w)) {
        used.add(index.get(norm(s)));
        compare(sw, got[index.get(norm(s))], `${p}.${k}.${s}`, chk);
      }
      continue;
    }
    return chk.fail("missing-field", `${p}.${k}`, w, "(absent)");
  }
  for (const k of Object.keys(got)) {
    if (!used.has(k)) return chk.fail("extra-field", `${p}.${k}`, "(absent)", got[k]);
  }
}

// ------------------------------------------------------------ main

function bestOf(reps, f) {
  let best = null;
  let result;
  for (let r = 0; r < reps; r++) {
    const t0 = process.hrtime.bigint();
    result = f();
    const dt = process.hrtime.bigint() - t0;
    if (best === null || dt < best) best = dt;
  }
  return [result, Number(best)];
}

function errText(e) {
  return `${e && e.name ? e.name : "Error"}: ${e && e.message !== undefined ? e.message : String(e)}`.slice(0, 500);
}

function runCase(c, ctx, inDir, outDir, reps) {
  const res = { format: c.format, workload: c.workload, writer: c.writer, library: LIB_NAMES[c.format] || "", skipped: "", messages: [] };
  const make = LIBS[c.format];
  if (!make) {
    res.skipped = `no Node library for format ${c.format}`;
    return res;
  }
  if (SCHEMA_WORKLOADS[c.format] && !SCHEMA_WORKLOADS[c.format].includes(c.workload)) {
    res.skipped = `the ${c.format} peer reads ${SCHEMA_WORKLOADS[c.format].join(", ")} only`;
    return res;
  }
  const lib = make(c, ctx);
  const view = lib.view || ((v) => v);
  const values = ctx.renderings(c.values);
  fs.mkdirSync(path.join(outDir, c.dir), { recursive: true });
  const name = (i) => String(i).padStart(4, "0") + ".bin";
  const messages = [];
  for (let i = 0; i < c.count; i++) messages.push(fs.readFileSync(path.join(inDir, c.dir, name(i))));
  // Warm-up: decode and encode every message a few times before timing,
  // so that the timings are of code V8 has optimized.
  for (let w = 0; w < (ctx.warmup || 0); w++) {
    for (const data of messages) {
      try {
        lib.encode(lib.decode(data));
      } catch (e) {
        // counted below
      }
    }
  }
  for (let i = 0; i < c.count; i++) {
    const data = messages[i];
    const m = { i, status: "ok", mapped: [], reencoded: false };
    let decoded;
    try {
      [decoded, m.decode_ns] = bestOf(reps, () => lib.decode(data));
    } catch (e) {
      m.status = "error";
      m.error = errText(e);
      res.messages.push(m);
      continue;
    }
    const chk = new Check(c.losses, c.format !== "json");
    try {
      compare(values[i], view(decoded), "", chk);
    } catch (e) {
      chk.fail("other", "", "(comparison failed)", errText(e));
    }
    m.mapped = chk.mapped;
    if (chk.mismatch !== null) {
      m.status = "mismatch";
      Object.assign(m, chk.mismatch);
    }
    try {
      let encoded;
      [encoded, m.encode_ns] = bestOf(reps, () => lib.encode(decoded));
      fs.writeFileSync(path.join(outDir, c.dir, name(i)), encoded);
      m.size = encoded.length;
      m.reencoded = true;
    } catch (e) {
      m.encode_error = errText(e);
    }
    res.messages.push(m);
  }
  return res;
}

function main(argv) {
  if (argv.length !== 2) {
    console.error("usage: node peer.mjs IN_DIR OUT_DIR");
    return 2;
  }
  const [inDir, outDir] = argv;
  const manifest = JSON.parse(fs.readFileSync(path.join(inDir, "manifest.json"), "utf8"));
  if (manifest.version !== 1) {
    console.error(`peer.mjs: manifest version ${manifest.version}, want 1`);
    return 2;
  }
  const ctx = new Context(inDir);
  ctx.warmup = manifest.warmup || 0;
  const reps = Math.max(1, manifest.reps || 5);
  const cases = manifest.cases.map((c) => runCase(c, ctx, inDir, outDir, reps));
  const libraries = {};
  for (const p of PACKAGES) {
    libraries[p] = JSON.parse(fs.readFileSync(path.join(HERE, "node_modules", p, "package.json"), "utf8")).version;
  }
  const result = { peer: PEER, runtime: `Node ${process.version}`, libraries, cases };
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, "result.json"), JSON.stringify(result, (k, x) => (typeof x === "bigint" ? x.toString() : x), 1));
  return 0;
}

process.exitCode = main(process.argv.slice(2));
