#!/usr/bin/env python3
"""serbench's Python peer: reads what serbench's Go codecs wrote, checks it
against the JSON rendering of the original values, writes it back with its
own library, and times its own decode and encode.

Usage: peer.py IN_DIR OUT_DIR

IN_DIR is the exchange directory that internal/peers wrote (its
manifest.json lists the cases); OUT_DIR receives the re-encoded messages,
under each case's directory, and result.json. peers/README.md documents the
protocol, the JSON rendering and this peer's mappings.

Libraries: msgpack (MessagePack), cbor2 (CBOR), pymongo's bson (BSON),
orjson (JSON), protobuf (Protocol Buffers, messages built at run time from
the FileDescriptorSet in IN_DIR), fastavro (Avro, schema/*.avsc).
"""

import base64
import datetime
import io
import json
import math
import os
import platform
import re
import struct
import sys
import time
from importlib.metadata import version

PEER = "python"
UTC = datetime.timezone.utc
EPOCH = datetime.datetime(1970, 1, 1, tzinfo=UTC)


# ---------------------------------------------------------------- libraries


class MsgpackLib:
    """msgpack: timestamps (extension -1) decode as datetime in UTC
    (timestamp=3: microseconds, truncated); datetimes encode as timestamps."""

    name = "msgpack"

    def __init__(self, case, ctx):
        import msgpack

        self.m = msgpack

    def decode(self, data):
        return self.m.unpackb(data, timestamp=3, raw=False, strict_map_key=False)

    def encode(self, value):
        return self.m.packb(value, datetime=True)


class CborLib:
    """cbor2: tag 0 (RFC 3339 text) and tag 1 (epoch) times decode as
    datetime (microseconds); datetimes encode as tag 0 text."""

    name = "cbor2"

    def __init__(self, case, ctx):
        import cbor2

        self.c = cbor2

    def decode(self, data):
        return self.c.loads(data)

    def encode(self, value):
        return self.c.dumps(value)


class BsonLib:
    """pymongo's bson: datetimes decode naive, in UTC (the default
    CodecOptions); int64 as bson.int64.Int64, re-encoded as int64."""

    name = "pymongo"

    def __init__(self, case, ctx):
        import bson

        self.b = bson

    def decode(self, data):
        return self.b.decode(data)

    def encode(self, value):
        return self.b.encode(value)


class JsonLib:
    """orjson: integers of any size up to 64 bits stay int."""

    name = "orjson"

    def __init__(self, case, ctx):
        import orjson

        self.o = orjson

    def decode(self, data):
        return self.o.loads(data)

    def encode(self, value):
        return self.o.dumps(value)


class ProtobufLib:
    """protobuf: the message class is built at run time (message_factory)
    from the FileDescriptorSet that the driver wrote (no generated code)."""

    name = "protobuf"

    def __init__(self, case, ctx):
        self.cls = ctx.proto_class(case["message"])

    def decode(self, data):
        return self.cls.FromString(data)

    def encode(self, value):
        return value.SerializeToString()

    @staticmethod
    def view(msg):
        return pb_view(msg)


class AvroLib:
    """fastavro: schemaless_reader and schemaless_writer with the case's
    schema (schema/person.avsc)."""

    name = "fastavro"

    def __init__(self, case, ctx):
        import fastavro

        self.f = fastavro
        self.schema = ctx.avro_schema(case["schema"])

    def decode(self, data):
        return self.f.schemaless_reader(io.BytesIO(data), self.schema, None)

    def encode(self, value):
        out = io.BytesIO()
        self.f.schemaless_writer(out, self.schema, value)
        return out.getvalue()


LIBS = {
    "msgpack": MsgpackLib,
    "cbor": CborLib,
    "bson": BsonLib,
    "json": JsonLib,
    "protobuf": ProtobufLib,
    "avro": AvroLib,
}
SCHEMA_WORKLOADS = {"protobuf": {"person"}, "avro": {"person"}}
PACKAGES = {"msgpack": "msgpack", "cbor2": "cbor2", "pymongo": "pymongo", "orjson": "orjson",
            "protobuf": "protobuf", "fastavro": "fastavro"}


class Context:
    """What the cases share: the protobuf descriptor pool, parsed Avro
    schemas, the renderings."""

    def __init__(self, in_dir, manifest):
        self.in_dir = in_dir
        self.manifest = manifest
        self.pool = None
        self.classes = {}
        self.schemas = {}
        self.values = {}

    def proto_class(self, full_name):
        if full_name not in self.classes:
            from google.protobuf import descriptor_pb2, descriptor_pool, message_factory

            if self.pool is None:
                fds = descriptor_pb2.FileDescriptorSet()
                with open(os.path.join(self.in_dir, self.manifest["descriptors"]), "rb") as f:
                    fds.ParseFromString(f.read())
                self.pool = descriptor_pool.DescriptorPool()
                for fd in fds.file:
                    self.pool.Add(fd)
            desc = self.pool.FindMessageTypeByName(full_name)
            self.classes[full_name] = message_factory.GetMessageClass(desc)
        return self.classes[full_name]

    def avro_schema(self, path):
        if path not in self.schemas:
            import fastavro

            with open(path) as f:
                self.schemas[path] = fastavro.parse_schema(json.load(f))
        return self.schemas[path]

    def renderings(self, rel):
        if rel not in self.values:
            with open(os.path.join(self.in_dir, rel)) as f:
                self.values[rel] = json.load(f)
        return self.values[rel]


def is_repeated(field):
    r = getattr(field, "is_repeated", None)
    if r is not None:
        return r
    return field.label == field.LABEL_REPEATED


def pb_view(msg):
    """A protobuf message as a dict of every field (proto3 defaults
    included), maps as dicts, messages recursively, unset message fields
    and oneof members as None."""
    out = {}
    for f in msg.DESCRIPTOR.fields:
        v = getattr(msg, f.name)
        if f.message_type is not None and f.message_type.GetOptions().map_entry:
            vf = f.message_type.fields_by_name["value"]
            out[f.name] = {k: (pb_view(x) if vf.message_type is not None else x) for k, x in v.items()}
        elif is_repeated(f):
            out[f.name] = [pb_view(x) if f.message_type is not None else x for x in v]
        elif f.message_type is not None or f.containing_oneof is not None:
            out[f.name] = (pb_view(v) if f.message_type is not None else v) if msg.HasField(f.name) else None
        else:
            out[f.name] = v
    return out


# ---------------------------------------------------------------- comparison


class Check:
    """The differences between a rendering and a decoded value: the
    documented mappings seen (at most one per class) and the first
    mismatch. losses are the Go writer's declared losses (manifest), which
    widen the accepted time precision and float tolerance."""

    def __init__(self, losses=(), typed_times=True):
        # typed_times: the format has a time type (not JSON), so a time
        # that arrives as text or a number is a mapping worth reporting.
        self.typed_times = typed_times
        self.mapped = []
        self.mismatch = None
        self.time_ns = max([l.get("precision_ns", 0) for l in losses if l["kind"] == "time-precision"] + [0])
        self.eps = max([l.get("epsilon", 0) for l in losses if l["kind"] == "float-precision"] + [0])
        self.margin = max([l.get("margin", 0) for l in losses if l["kind"] == "float-precision"] + [0])

    def float_close(self, want, got):
        if not (math.isfinite(want) and math.isfinite(got)) or (want == 0 and got == 0):
            return False
        d = abs(want - got)
        return d <= self.margin or d <= self.eps * min(abs(want), abs(got))

    def map(self, cls, path, want, got):
        if not any(m["class"] == cls for m in self.mapped):
            self.mapped.append({"class": cls, "path": path or ".", "want": show(want), "got": show(got)})

    def fail(self, cls, path, want, got):
        if self.mismatch is None:
            self.mismatch = {"class": cls, "path": path or ".", "want": show(want), "got": show(got)}


def show(v):
    if isinstance(v, datetime.datetime):
        s = v.isoformat() + ("" if v.tzinfo is not None else " (naive)")
    elif isinstance(v, (bytes, bytearray)):
        s = "bytes " + base64.b64encode(bytes(v)).decode()
    elif isinstance(v, (str, int, float, bool)) or v is None:
        s = v
    else:
        try:
            s = json.dumps(v, ensure_ascii=False, default=repr)
        except Exception:
            s = repr(v)
    if isinstance(s, str) and len(s) > 200:
        s = s[:200] + "…"
    return s


def norm(key):
    return str(key).lower().replace("_", "")


def is_empty(v):
    return isinstance(v, (dict, list, tuple, bytes, bytearray, str)) and len(v) == 0


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def is_num(v):
    return (is_int(v) or isinstance(v, float))


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


RFC3339 = re.compile(r"^(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d):(\d\d)(?:\.(\d+))?([Zz]|[+-]\d\d:\d\d)$")


def parse_rfc3339(s):
    """Unix nanoseconds and offset seconds of an RFC 3339 text, or None."""
    m = RFC3339.match(s)
    if not m:
        return None
    y, mo, d, h, mi, sec = (int(m.group(i)) for i in range(1, 7))
    frac = (m.group(7) or "")[:9].ljust(9, "0")
    z = m.group(8)
    off = 0 if z in ("Z", "z") else (1 if z[0] == "+" else -1) * (int(z[1:3]) * 3600 + int(z[4:6]) * 60)
    days = (datetime.date(y, mo, d) - datetime.date(1970, 1, 1)).days
    unix = days * 86400 + h * 3600 + mi * 60 + sec - off
    return unix * 10**9 + int(frac), off


def compare_time(want, got, path, chk):
    want_ns = want["unix"] * 10**9 + want["nanos"]
    off = want["offset"]
    got_off = None
    if isinstance(got, datetime.datetime):
        aware = got if got.tzinfo is not None else got.replace(tzinfo=UTC)
        if got.tzinfo is not None:
            got_off = int(got.utcoffset().total_seconds())
        delta = aware - EPOCH
        got_ns = ((delta.days * 86400 + delta.seconds) * 10**6 + delta.microseconds) * 1000
        unit = 1000
    elif isinstance(got, str):
        parsed = parse_rfc3339(got)
        if parsed is None:
            return chk.fail("other", path, want["$time"], got)
        got_ns, got_off = parsed
        unit = 1
        if chk.typed_times:
            chk.map("time-as-text", path, want["$time"], got)
    elif is_int(got):
        got_ns, unit = got * 10**9, 10**9
        chk.map("time-as-number", path, want["$time"], got)
    elif isinstance(got, float):
        got_ns, unit = round(got * 1e6) * 1000, 1000
        chk.map("time-as-number", path, want["$time"], got)
    elif type(got).__name__ == "Timestamp" and hasattr(got, "nanoseconds"):
        got_ns, unit = got.seconds * 10**9 + got.nanoseconds, 1
    else:
        return chk.fail("other", path, want["$time"], got)
    unit = max(unit, chk.time_ns)
    if got_ns != want_ns:
        if unit > 1 and abs(want_ns - got_ns) < unit:
            chk.map("time-precision", path, want["$time"], got)
        else:
            return chk.fail("time", path, want["$time"], got)
    if got_off is None:
        if off != 0:
            chk.map("time-zone", path, want["$time"], got)
    elif got_off != off:
        chk.map("time-zone", path, want["$time"], got)


def compare(want, got, path, chk):
    if chk.mismatch is not None:
        return
    if want is None:
        if got is None:
            return
        if is_empty(got):
            return chk.map("nil-empty", path, want, got)
        return chk.fail("other", path, want, got)
    if isinstance(want, dict):
        if "$time" in want:
            return compare_time(want, got, path, chk)
        if "$bytes" in want:
            b = base64.b64decode(want["$bytes"])
            if isinstance(got, (bytes, bytearray, memoryview)) and bytes(got) == b:
                return
            if got is None and b == b"":
                return chk.map("nil-empty", path, want, got)
            if isinstance(got, str) and got == want["$bytes"]:
                return chk.map("bytes-as-base64", path, want, got)  # JSON's []byte
            return chk.fail("other", path, want, got)
        if "$f32" in want:
            w = want["$f32"]
            if is_num(got) and (float(got) == w or f32(float(got)) == w) and math.copysign(1, float(got)) == math.copysign(1, w):
                return
            if is_num(got) and chk.float_close(w, float(got)):
                return chk.map("float-precision", path, w, got)
            return chk.fail("float", path, w, got)
        if "$float" in want:
            w = {"NaN": math.nan, "+Inf": math.inf, "-Inf": -math.inf}[want["$float"]]
            if isinstance(got, float) and (got == w or (math.isnan(w) and math.isnan(got))):
                return
            return chk.fail("float", path, want["$float"], got)
        if got is None:
            if not want:
                return chk.map("nil-empty", path, want, got)
            return chk.fail("other", path, want, got)
        if not isinstance(got, dict):
            return chk.fail("other", path, want, got)
        compare_object(want, got, path, chk)
        return
    if isinstance(want, list):
        if got is None and not want:
            return chk.map("nil-empty", path, want, got)
        if not isinstance(got, (list, tuple)):
            return chk.fail("other", path, want, got)
        if len(got) != len(want):
            return chk.fail("length", path, f"{len(want)} elements", f"{len(got)} elements")
        for i, (w, g) in enumerate(zip(want, got)):
            compare(w, g, f"{path}[{i}]", chk)
        return
    if isinstance(want, bool):
        if got is not want:
            chk.fail("other", path, want, got)
        return
    if isinstance(want, str):
        if isinstance(got, str) and got == want:
            return
        if is_int(got) and str(got) == want:
            return  # an integer beyond 2^53, rendered as decimal text
        if isinstance(got, float) and re.fullmatch(r"-?\d+", want):
            return chk.fail("integer-precision", path, want, got)
        return chk.fail("other", path, want, got)
    if is_int(want):
        if is_int(got) and got == want:
            return
        if isinstance(got, float) and got == want:
            return chk.map("interface-types", path, want, got)
        if isinstance(got, str) and got == str(want):
            return
        return chk.fail("other", path, want, got)
    if isinstance(want, float):
        if is_num(got) and float(got) == want and math.copysign(1, float(got)) == math.copysign(1, want):
            return
        if is_num(got) and chk.float_close(want, float(got)):
            return chk.map("float-precision", path, want, got)
        return chk.fail("float", path, want, got)
    chk.fail("other", path, want, got)


def compare_object(want, got, path, chk):
    index = {}
    for k in got:
        index.setdefault(norm(k), k)
    used = set()
    for k, w in want.items():
        if chk.mismatch is not None:
            return
        gk = k if k in got else index.get(norm(k))
        if gk is not None:
            used.add(gk)
            compare(w, got[gk], f"{path}.{k}", chk)
            continue
        # An embedded struct flattened into its parent (encoding/json's
        # and most Go codecs' way).
        if isinstance(w, dict) and w and not any(s.startswith("$") for s in w) and all(norm(s) in index for s in w):
            for s, sw in w.items():
                used.add(index[norm(s)])
                compare(sw, got[index[norm(s)]], f"{path}.{k}.{s}", chk)
            continue
        return chk.fail("missing-field", f"{path}.{k}", w, "(absent)")
    for k in got:
        if k not in used:
            return chk.fail("extra-field", f"{path}.{k}", "(absent)", got[k])


# ---------------------------------------------------------------- main


def best_of(reps, f):
    best = None
    result = None
    for _ in range(reps):
        t0 = time.perf_counter_ns()
        result = f()
        dt = time.perf_counter_ns() - t0
        if best is None or dt < best:
            best = dt
    return result, best


def run_case(case, ctx, in_dir, out_dir, reps):
    fmt, wl = case["format"], case["workload"]
    lib_cls = LIBS.get(fmt)
    res = {"format": fmt, "workload": wl, "writer": case["writer"], "library": lib_cls.name if lib_cls else "",
           "skipped": "", "messages": []}
    if lib_cls is None:
        res["skipped"] = f"no Python library for format {fmt}"
        return res
    if fmt in SCHEMA_WORKLOADS and wl not in SCHEMA_WORKLOADS[fmt]:
        res["skipped"] = f"the {fmt} peer reads {', '.join(sorted(SCHEMA_WORKLOADS[fmt]))} only"
        return res
    lib = lib_cls(case, ctx)
    view = getattr(lib, "view", lambda v: v)
    values = ctx.renderings(case["values"])
    os.makedirs(os.path.join(out_dir, case["dir"]), exist_ok=True)
    messages = []
    for i in range(case["count"]):
        with open(os.path.join(in_dir, case["dir"], f"{i:04d}.bin"), "rb") as f:
            messages.append(f.read())
    # Warm-up: decode and encode every message a few times before timing.
    for _ in range(int(ctx.manifest.get("warmup", 0))):
        for data in messages:
            try:
                lib.encode(lib.decode(data))
            except Exception:
                pass
    for i, data in enumerate(messages):
        name = f"{i:04d}.bin"
        m = {"i": i, "status": "ok", "mapped": [], "reencoded": False}
        try:
            decoded, m["decode_ns"] = best_of(reps, lambda: lib.decode(data))
        except Exception as e:  # the message is not readable: an error outcome
            m["status"] = "error"
            m["error"] = f"{type(e).__name__}: {e}"[:500]
            res["messages"].append(m)
            continue
        chk = Check(case.get("losses") or (), typed_times=fmt != "json")
        try:
            compare(values[i], view(decoded), "", chk)
        except Exception as e:
            chk.fail("other", "", "(comparison failed)", f"{type(e).__name__}: {e}")
        m["mapped"] = chk.mapped
        if chk.mismatch is not None:
            m["status"] = "mismatch"
            m.update(chk.mismatch)
        try:
            encoded, m["encode_ns"] = best_of(reps, lambda: lib.encode(decoded))
            with open(os.path.join(out_dir, case["dir"], name), "wb") as f:
                f.write(encoded)
            m["size"] = len(encoded)
            m["reencoded"] = True
        except Exception as e:
            m["encode_error"] = f"{type(e).__name__}: {e}"[:500]
        res["messages"].append(m)
    return res


def main(argv):
    if len(argv) != 3:
        print("usage: peer.py IN_DIR OUT_DIR", file=sys.stderr)
        return 2
    in_dir, out_dir = argv[1], argv[2]
    with open(os.path.join(in_dir, "manifest.json")) as f:
        manifest = json.load(f)
    if manifest.get("version") != 1:
        print(f"peer.py: manifest version {manifest.get('version')}, want 1", file=sys.stderr)
        return 2
    ctx = Context(in_dir, manifest)
    reps = max(1, int(manifest.get("reps", 5)))
    cases = [run_case(c, ctx, in_dir, out_dir, reps) for c in manifest["cases"]]
    result = {
        "peer": PEER,
        "runtime": f"{platform.python_implementation()} {platform.python_version()}",
        "libraries": {k: version(v) for k, v in PACKAGES.items()},
        "cases": cases,
    }
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, "result.json"), "w") as f:
        json.dump(result, f, ensure_ascii=False, indent=1, default=repr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
