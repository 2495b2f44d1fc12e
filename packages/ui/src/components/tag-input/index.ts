export type { TagInputProps, TagInputTag } from './tag-input';
export { parseTagNames, TagInput } from './tag-input';
