export type { SampleHandAction, SampleHandCard, SampleHandProps } from './sample-hand';
export { SampleHand } from './sample-hand';
