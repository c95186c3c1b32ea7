#!/usr/bin/env node
// bigfloat-peer.mjs: command-line peer of serbench's big.Float file format
// (docs/bigfloat-format.md), built on bigfloat.mjs.
//
//   node bigfloat-peer.mjs copy IN OUT [ENCODING]
//       reads IN and writes the same values, at the same precision, to OUT
//       in ENCODING (default: IN's encoding)
//   node bigfloat-peer.mjs copy-many
//       reads lines "IN<TAB>OUT<TAB>ENCODING" from standard input and does
//       each copy as above (one process for many copies: tests use it to
//       avoid starting node hundreds of times); a failed copy is reported
//       with its line number and the others still run
//   node bigfloat-peer.mjs dump IN
//       prints the header and every value exactly, one a line:
//       index, exact form (+0, -0, +Inf, -Inf or [-]0x<odd hex>p<exp>,
//       value = mantissa × 2^exp) and the text record Go would write
//
// Exit status: 0 on success, 1 on a malformed file or a value the output
// encoding cannot hold (the message names the file, offset and problem),
// 2 on a usage error.

import { readFileSync } from 'node:fs';
import { readFile, writeFile, formatExact, goText, ENCODINGS, BigFloatError } from './bigfloat.mjs';

const usage = `usage:
  node bigfloat-peer.mjs copy IN OUT [ENCODING]
  node bigfloat-peer.mjs copy-many   (lines IN<TAB>OUT<TAB>ENCODING on stdin)
  node bigfloat-peer.mjs dump IN
encodings: ${ENCODINGS.join(', ')}`;

// copy copies inPath to outPath in enc (undefined: inPath's encoding) and
// returns a line describing what it did.
function copy(inPath, outPath, enc) {
  const f = readFile(inPath);
  const outEnc = enc ?? f.encoding;
  let n;
  try {
    n = writeFile(outPath, outEnc, f.values, f.prec);
  } catch (e) {
    if (e instanceof BigFloatError) e.message = `write ${outPath}: ${e.message}`;
    throw e;
  }
  return `copied ${f.values.length} numbers (${f.prec}-bit precision) from ${inPath} (${f.encoding}) to ${outPath} (${outEnc}, ${n} bytes)\n`;
}

function badEncoding(enc) {
  return enc !== undefined && !ENCODINGS.includes(enc);
}

function main(argv) {
  const [cmd, ...args] = argv;
  if (cmd === 'copy' && (args.length === 2 || args.length === 3)) {
    const [inPath, outPath, enc] = args;
    if (badEncoding(enc)) {
      process.stderr.write(`bigfloat-peer: unknown encoding ${JSON.stringify(enc)} (valid: ${ENCODINGS.join(', ')})\n`);
      return 2;
    }
    process.stdout.write(copy(inPath, outPath, enc));
    return 0;
  }
  if (cmd === 'copy-many' && args.length === 0) {
    const lines = readFileSync(0, 'utf8').split('\n');
    let status = 0;
    lines.forEach((line, i) => {
      if (line === '') return;
      const f = line.split('\t');
      try {
        if (f.length < 2 || f.length > 3 || badEncoding(f[2])) throw new BigFloatError(`malformed line (want IN<TAB>OUT<TAB>ENCODING): ${JSON.stringify(line)}`);
        process.stdout.write(copy(f[0], f[1], f[2] === '' ? undefined : f[2]));
      } catch (e) {
        if (!(e instanceof BigFloatError) && !['ENOENT', 'EACCES', 'EISDIR'].includes(e.code)) throw e;
        process.stderr.write(`bigfloat-peer: line ${i + 1}: ${e.message}\n`);
        status = 1;
      }
    });
    return status;
  }
  if (cmd === 'dump' && args.length === 1) {
    const f = readFile(args[0]);
    const lines = [`${args[0]}: ${f.values.length} numbers, encoding ${f.encoding}, precision ${f.prec}`];
    f.values.forEach((v, i) => {
      let t;
      try {
        t = goText(v, f.prec);
      } catch (e) {
        t = `(no text: ${e.message})`;
      }
      lines.push(`${i}\t${formatExact(v)}\t${t}`);
    });
    process.stdout.write(lines.join('\n') + '\n');
    return 0;
  }
  process.stderr.write(usage + '\n');
  return 2;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  if (e instanceof BigFloatError || e.code === 'ENOENT' || e.code === 'EACCES' || e.code === 'EISDIR') {
    process.stderr.write(`bigfloat-peer: ${e.message}\n`);
    process.exitCode = 1;
  } else {
    throw e;
  }
}
