import { Placeholder } from '../components/placeholder';

export function Component() {
  return <Placeholder page="collectionLists" />;
}
