import { LegalPage } from '../components/legal';

export const TERMS_SECTIONS = 7;

export function Component() {
  return <LegalPage prefix="terms" sections={TERMS_SECTIONS} />;
}
