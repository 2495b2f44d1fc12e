export type { SelectGroup, SelectOption, SelectProps } from './select';
export { Select } from './select';
