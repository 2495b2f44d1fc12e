import type { Element, ElementContent, Parent as HastParent, Root as HastRoot } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import remarkBreaks from 'remark-breaks';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { isForbiddenUrl } from './xss-corpus';

/** Spec §5/§9: nesting deeper than this is not rendered. */
export const MAX_NESTING_DEPTH = 100;
/** Spec §5/§9: a table with more cells than this is not rendered. */
export const MAX_TABLE_CELLS = 65_536;

export type MarkdownResult =
  | { ok: true; tree: HastRoot }
  | { ok: false; reason: 'too-deep' | 'table-too-large'; limit: number };

interface AnyNode {
  type: string;
  tagName?: string;
  children?: AnyNode[];
}

/** Deepest nesting of a tree, iteratively (hostile input must not overflow the stack). */
export function treeDepth(root: AnyNode): number {
  let max = 0;
  const stack: Array<[AnyNode, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (depth > max) max = depth;
    for (const child of node.children ?? []) stack.push([child, depth + 1]);
  }
  return max;
}

/** Largest cell count of any table (mdast tables, or hast <table> elements). */
export function largestTable(root: AnyNode): number {
  let largest = 0;
  const stack: AnyNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const isTable = node.type === 'table' || node.tagName === 'table';
    if (isTable) {
      let cells = 0;
      const inner: AnyNode[] = [...(node.children ?? [])];
      while (inner.length > 0) {
        const n = inner.pop()!;
        if (n.type === 'tableCell' || n.tagName === 'td' || n.tagName === 'th') cells++;
        if (n.tagName !== 'table') inner.push(...(n.children ?? []));
      }
      largest = Math.max(largest, cells);
    }
    stack.push(...(node.children ?? []));
  }
  return largest;
}

const schema: SanitizeSchema = {
  ...defaultSchema,
  protocols: {
    ...defaultSchema.protocols,
    // data: is let through here and narrowed to gif/png/jpeg/webp images by urlPolicy.
    src: [...(defaultSchema.protocols?.src ?? ['http', 'https']), 'data'],
  },
  attributes: {
    ...defaultSchema.attributes,
    img: [...(defaultSchema.attributes?.img ?? []), 'loading', 'width', 'height'],
  },
};

function isElement(node: ElementContent | HastRoot): node is Element {
  return node.type === 'element';
}

/**
 * Removes links and images whose URL uses a forbidden scheme (script, javascript, vbscript, file,
 * data except data:image/gif|png|jpeg|webp on images). Links are unwrapped (their text stays),
 * images are dropped. Runs before and after sanitising.
 */
function urlPolicy(tree: HastRoot) {
  const visit = (parent: HastParent) => {
    const next: HastParent['children'] = [];
    for (const child of parent.children) {
      if (child.type !== 'element') {
        next.push(child);
        continue;
      }
      const href = child.properties?.href;
      const src = child.properties?.src;
      if (child.tagName === 'a' && typeof href === 'string' && isForbiddenUrl(href, 'a', 'href')) {
        visit(child);
        next.push(...child.children);
        continue;
      }
      if (child.tagName === 'img' && typeof src === 'string' && isForbiddenUrl(src, 'img', 'src')) continue;
      if (child.properties) {
        delete child.properties.srcSet;
        delete child.properties.srcset;
      }
      visit(child);
      next.push(child);
    }
    parent.children = next;
  };
  visit(tree);
}

function rehypeUrlPolicy() {
  return (tree: HastRoot) => urlPolicy(tree);
}

/** External links open safely; images load lazily. */
function rehypeDecorate() {
  return (tree: HastRoot) => {
    const stack: Array<HastRoot | ElementContent> = [tree];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (isElement(node)) {
        const href = node.properties.href;
        if (node.tagName === 'a' && typeof href === 'string' && /^https?:\/\//i.test(href.trim())) {
          node.properties.rel = ['noopener', 'noreferrer', 'nofollow'];
          node.properties.target = '_blank';
        }
        // GFM task lists: label each checkbox with its item's text.
        const firstElement = node.children.find(
          (c) => c.type === 'element' || (c.type === 'text' && c.value.trim()),
        );
        if (
          firstElement?.type === 'element' &&
          firstElement.tagName === 'input' &&
          firstElement.properties.type === 'checkbox' &&
          node.tagName !== 'label'
        ) {
          node.children = [{ type: 'element', tagName: 'label', properties: {}, children: node.children }];
        }
        if (node.tagName === 'img') {
          node.properties.loading = 'lazy';
          node.properties.decoding = 'async';
        }
      }
      if ('children' in node) stack.push(...(node.children as ElementContent[]));
    }
  };
}

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkBreaks);
const toHast = unified()
  .use(remarkRehype, { allowDangerousHtml: true })
  .use(rehypeRaw)
  .use(rehypeUrlPolicy)
  .use(rehypeSanitize, schema)
  .use(rehypeUrlPolicy)
  .use(rehypeDecorate);

/**
 * Markdown → sanitised hast: GFM (tables, autolinks, strikethrough, task lists), single line breaks
 * as <br>, raw HTML allowed but sanitised. Returns a limit notice instead of oversized content.
 */
export function renderMarkdown(source: string): MarkdownResult {
  const mdast = parser.runSync(parser.parse(source)) as MdastRoot;
  if (treeDepth(mdast as AnyNode) > MAX_NESTING_DEPTH)
    return { ok: false, reason: 'too-deep', limit: MAX_NESTING_DEPTH };
  if (largestTable(mdast as AnyNode) > MAX_TABLE_CELLS)
    return { ok: false, reason: 'table-too-large', limit: MAX_TABLE_CELLS };
  const hast = toHast.runSync(mdast) as HastRoot;
  if (treeDepth(hast as AnyNode) > MAX_NESTING_DEPTH)
    return { ok: false, reason: 'too-deep', limit: MAX_NESTING_DEPTH };
  if (largestTable(hast as AnyNode) > MAX_TABLE_CELLS)
    return { ok: false, reason: 'table-too-large', limit: MAX_TABLE_CELLS };
  return { ok: true, tree: hast };
}
