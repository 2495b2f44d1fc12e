import { LegalPage } from '../components/legal';

export const PRIVACY_SECTIONS = 7;

export function Component() {
  return <LegalPage prefix="privacy" sections={PRIVACY_SECTIONS} />;
}
