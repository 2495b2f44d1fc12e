/**
 * The defaults of a response, without zod. The API leaves a field at its default out of some large
 * answers (a page of list entries: `omitDefaults`); parsing with the contract's schema puts it back.
 * A client that does not validate (and so loads no schema) puts it back with `fillDefaults` and the
 * table `responseDefaults` computes from the schema at build time (`endpoints`).
 */
import type { z } from 'zod';

/**
 * Where defaults go in a value: `d` the defaults of this object's fields, `f` what goes inside its
 * fields, `e` what goes inside each element of this array. Only branches holding a default are kept.
 */
export interface DefaultsTree {
  d?: Record<string, unknown>;
  f?: Record<string, DefaultsTree>;
  e?: DefaultsTree;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  defaultValue?: unknown;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Wrappers whose content is the value itself (a null or a missing value has nothing to fill). */
const WRAPPERS = new Set(['nullable', 'optional', 'readonly', 'nonoptional', 'catch', 'prefault']);

function walk(schema: z.ZodType, depth: number): DefaultsTree | undefined {
  if (depth > 12) return undefined;
  let def = defOf(schema);
  while ((WRAPPERS.has(def.type) || def.type === 'default') && def.innerType) def = defOf(def.innerType);
  if (def.type === 'array' && def.element) {
    const e = walk(def.element, depth + 1);
    return e ? { e } : undefined;
  }
  if (def.type !== 'object' || !def.shape) return undefined;
  const tree: DefaultsTree = {};
  for (const [key, field] of Object.entries(def.shape)) {
    let outer = defOf(field);
    while (WRAPPERS.has(outer.type) && outer.innerType) outer = defOf(outer.innerType);
    if (outer.type === 'default') {
      tree.d ??= {};
      tree.d[key] = structuredClone(outer.defaultValue);
    }
    const inner = walk(field, depth + 1);
    if (inner) {
      tree.f ??= {};
      tree.f[key] = inner;
    }
  }
  return tree.d || tree.f ? tree : undefined;
}

/** The defaults a schema's parse would put into a value (undefined: none). */
export function responseDefaults(schema: z.ZodType): DefaultsTree | undefined {
  return walk(schema, 0);
}

/** Puts the defaults of `tree` into `value` where a field is missing (in place); returns `value`. */
export function fillDefaults<T>(value: T, tree: DefaultsTree | undefined): T {
  if (!tree || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    if (tree.e) for (const item of value) fillDefaults(item, tree.e);
    return value;
  }
  const record = value as Record<string, unknown>;
  if (tree.d)
    for (const [key, fallback] of Object.entries(tree.d))
      if (record[key] === undefined)
        record[key] =
          fallback !== null && typeof fallback === 'object' ? structuredClone(fallback) : fallback;
  if (tree.f) for (const [key, inner] of Object.entries(tree.f)) fillDefaults(record[key], inner);
  return value;
}

const sameValue = (a: unknown, b: unknown) =>
  a === b || (typeof a === 'object' && typeof b === 'object' && JSON.stringify(a) === JSON.stringify(b));

function omit(value: unknown, tree: DefaultsTree | undefined): unknown {
  if (!tree || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return tree.e ? value.map((item) => omit(item, tree.e)) : value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (tree.d && key in tree.d && sameValue(v, tree.d[key])) continue;
    out[key] = omit(v, tree.f?.[key]);
  }
  return out;
}

const trees = new WeakMap<z.ZodType, DefaultsTree | undefined>();
/**
 * `value` as the API sends it: a copy without the fields whose value is their default in `schema`,
 * at any depth (the schema's parse, or `fillDefaults`, puts them back).
 */
export function omitDefaults<S extends z.ZodType>(schema: S, value: z.output<S>): z.input<S> {
  if (!trees.has(schema)) trees.set(schema, responseDefaults(schema));
  return omit(value, trees.get(schema)) as z.input<S>;
}
