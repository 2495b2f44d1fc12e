export type { MarkdownProps } from './markdown';
export { Markdown } from './markdown';
export type { MarkdownResult } from './render-markdown';
export { MAX_NESTING_DEPTH, MAX_TABLE_CELLS, renderMarkdown } from './render-markdown';
export type { XssCase } from './xss-corpus';
export { findXssProblems, isForbiddenUrl, xssCorpus } from './xss-corpus';
