export type { SkeletonProps, SpinnerProps } from './spinner';
export { Skeleton, Spinner } from './spinner';
