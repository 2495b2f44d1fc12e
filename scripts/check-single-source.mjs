// The contract is the one source of the API's value sets and limits
// (`packages/sdk/src/contract/values.ts` and `limits.ts`). This check fails when a copy appears
// elsewhere in the source:
//   - a value set written out: string literals in a row (an array, a union type, an enum column)
//     that make up one of the contract's sets (`['usd', 'eur']`), or two or more values of a set of
//     at most three (`'admin' | 'member'`);
//   - in a contract schema, a size written as a number (`.max(80)`) instead of `LIMITS.…`;
//   - in a form, `maxLength`, `minLength`, `min` or `max` given as a number literal.
// A line may opt out with a comment `single-source: <why>` on it or on the line above.
// Tests, stories, benches, migrations and generated files are not checked.
//
//   pnpm --filter @companion/sdk lint               # exit 1 and list the copies
//   import { findCopies } from './check-single-source.mjs'
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(fileURLToPath(import.meta.url), '..', '..');
const SOURCES = ['apps', 'packages'];
const SKIP_DIRS = new Set([
  'node_modules',
  'dist',
  'dist-ssr',
  'storybook-static',
  'test-results',
  'coverage',
  '.turbo',
  'migrations',
  'test',
  'e2e',
  'bench',
  'examples',
]);
const SKIP_FILE = /(\.test\.|\.spec\.|\.stories\.|\.d\.ts$|\.gen\.ts$)/;
const CODE_FILE = /\.(ts|tsx|mts|mjs)$/;
/** The sources of truth, and the client's table generated from the contract. */
const OWNERS = new Set([
  'packages/sdk/src/contract/values.ts',
  'packages/sdk/src/contract/limits.ts',
  'packages/sdk/src/client/endpoints.ts',
]);

export function sourceFiles(root = ROOT) {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (SKIP_DIRS.has(name) || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (CODE_FILE.test(name) && !SKIP_FILE.test(name)) out.push(path);
    }
  };
  for (const top of SOURCES) walk(join(root, top));
  return out;
}

/**
 * String literals of a file with their offsets, skipping comments, regular expressions are not
 * parsed (a quote inside one is rare in this code and only adds a literal). Linear in the file.
 */
function stringLiterals(code) {
  const out = [];
  let i = 0;
  const n = code.length;
  while (i < n) {
    const c = code[i];
    if (c === '/' && code[i + 1] === '/') {
      const end = code.indexOf('\n', i);
      i = end < 0 ? n : end;
    } else if (c === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      const start = i;
      i++;
      let value = '';
      let plain = true;
      while (i < n && code[i] !== c) {
        if (code[i] === '\\') {
          value += code[i + 1] ?? '';
          i += 2;
          continue;
        }
        if (c === '`' && code[i] === '$' && code[i + 1] === '{') plain = false;
        if (c !== '`' && code[i] === '\n') break;
        value += code[i];
        i++;
      }
      i++;
      if (plain) out.push({ value, start, end: i });
    } else {
      i++;
    }
  }
  return out;
}

const lineOf = (code, offset) => {
  let line = 1;
  for (let k = 0; k < offset; k++) if (code.charCodeAt(k) === 10) line++;
  return line;
};

const optedOut = (lines, line) =>
  /single-source:/.test(lines[line - 1] ?? '') || /single-source:/.test(lines[line - 2] ?? '');

/** Runs of literals separated only by spaces, commas, `|` and line breaks. */
function literalRuns(code, literals) {
  const runs = [];
  let run = [];
  for (const lit of literals) {
    const prev = run[run.length - 1];
    if (prev && /^[\s,|]*$/.test(code.slice(prev.end, lit.start))) run.push(lit);
    else {
      if (run.length > 1) runs.push(run);
      run = [lit];
    }
  }
  if (run.length > 1) runs.push(run);
  return runs;
}

export function findCopies({ root = ROOT, files = sourceFiles(root), valueSets, limitsFiles } = {}) {
  const sets = Object.entries(valueSets).map(([name, values]) => ({ name, values: new Set(values) }));
  const findings = [];
  for (const file of files) {
    const rel = relative(root, file).split(sep).join('/');
    if (OWNERS.has(rel)) continue;
    const code = readFileSync(file, 'utf8');
    const lines = code.split('\n');
    const report = (offset, message) => {
      const line = lineOf(code, offset);
      if (!optedOut(lines, line)) findings.push({ file: rel, line, message });
    };

    for (const run of literalRuns(code, stringLiterals(code))) {
      const values = [...new Set(run.map((l) => l.value))];
      if (values.length < 2) continue;
      // A whole set, or part of a small one ('admin' | 'member'); a few colours or search keys
      // picked from a larger set are data of their own (a guild's colours), not a copy.
      const owner = sets
        .filter((s) => values.every((v) => s.values.has(v)))
        .filter((s) => values.length === s.values.size || s.values.size <= 3)
        .sort((a, b) => a.values.size - b.values.size)[0];
      if (owner) {
        report(
          run[0].start,
          `${values.map((v) => `'${v}'`).join(', ')} copies ${owner.name}: import it from the contract`,
        );
      }
    }

    if ((limitsFiles ?? isContractSchema)(rel)) {
      for (const m of code.matchAll(/\.(max|min|length)\(\s*(-?[\d_]+(?:\s*[*+]\s*[\d_]+)*)\s*[,)]/g)) {
        const n = Number(m[2].replaceAll('_', '').split(/\s*[*+]\s*/)[0]);
        // 0 and 1 bound ratios, counts and indexes; every size is a LIMITS entry.
        if (/[*+]/.test(m[2]) || Math.abs(n) > 1)
          report(m.index, `.${m[1]}(${m[2]}) is a limit written as a number: use LIMITS`);
      }
    }
    if (rel.endsWith('.tsx')) {
      for (const m of code.matchAll(/\b(maxLength|minLength|max|min)\s*=\s*\{\s*(-?[\d_]+)\s*\}/g)) {
        if (Math.abs(Number(m[2].replaceAll('_', ''))) > 1)
          report(m.index, `${m[1]}={${m[2]}} in a form repeats a limit: use LIMITS from @companion/sdk`);
      }
      for (const m of code.matchAll(/\b(maxLength|minLength)\s*=\s*(-?[\d_]+)\b/g)) {
        report(m.index, `${m[1]} = ${m[2]} as a default repeats a limit: make it a required prop`);
      }
    }
  }
  return findings;
}

const isContractSchema = (rel) => rel.startsWith('packages/sdk/src/contract/');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // Run through tsx (the SDK's `lint` script), which loads the TypeScript module.
  const { VALUE_SETS } = await import(pathToFileURL(join(ROOT, 'packages/sdk/src/contract/values.ts')).href);
  const findings = findCopies({ valueSets: VALUE_SETS });
  for (const f of findings) console.log(`${f.file}:${f.line}  ${f.message}`);
  if (findings.length) {
    console.error(
      `single-source: ${findings.length} cop${findings.length === 1 ? 'y' : 'ies'} of the contract's values or limits`,
    );
    process.exit(1);
  }
  console.log('single-source: no copies of the contract’s values or limits');
}
