import '../social/social.css';
import { useIsAuthenticated, useRedeemPromo } from '@companion/hooks';
import { isCompanionError, LIMITS } from '@companion/sdk';
import { Button, FormField, Input } from '@companion/ui';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PageHeading } from '../components/page-heading';
import { useT } from '../i18n/use-t';
import { errorMessage } from '../lib/errors';
import { stripLocale } from '../lib/locale';
import { useLocale, useLocalePath } from '../lib/use-locale';

/** The message for a failed redemption: unknown code, already redeemed, used up or expired. */
function redeemError(error: unknown, t: (id: string) => string): string {
  if (isCompanionError(error)) {
    if (error.status === 404) return t('web.social.promo.invalid');
    if (error.status === 409) return t('web.social.promo.used');
    if (error.status === 410) return t('web.social.promo.expired');
  }
  return errorMessage(error, t);
}

/** `/mobile/event/{id}`: redeem an event code and collect its badge. */
export function Component() {
  const t = useT();
  const { id = '' } = useParams();
  const locale = useLocale();
  const lp = useLocalePath();
  const location = useLocation();
  const authenticated = useIsAuthenticated();
  const redeem = useRedeemPromo();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim().toUpperCase();
    if (value.length < LIMITS.promoCode.min)
      return setProblem(t('web.social.promo.tooShort', { min: LIMITS.promoCode.min }));
    setProblem(null);
    redeem.mutate({ body: { locale, code: value, eventId: id } });
  };
  const here = stripLocale(location.pathname);
  return (
    <>
      <PageHeading
        title={t('web.page.mobileEvent.title')}
        description={t('web.page.mobileEvent.description')}
      />
      <div className="web-card web-form web-promo">
        {redeem.data ? (
          <div className="web-form__success" role="status" data-testid="promo-success">
            <h2>{t('web.social.promo.success', { event: redeem.data.event.name })}</h2>
            <p>{t('web.social.promo.badge', { badge: redeem.data.badge.name })}</p>
            <Link to={lp('/profile')}>{t('web.social.promo.seeProfile')}</Link>
          </div>
        ) : !authenticated ? (
          <>
            <p>{t('web.social.promo.signIn')}</p>
            <Link className="web-link-button" to={lp(`/login?redirect=${encodeURIComponent(here)}`)}>
              {t('web.social.promo.signInButton')}
            </Link>
          </>
        ) : (
          <form onSubmit={submit} className="web-form" noValidate>
            <FormField
              label={t('web.social.promo.code')}
              hint={t('web.social.promo.codeHint')}
              error={problem ?? undefined}
            >
              <Input
                name="code"
                value={code}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={LIMITS.promoCode.max}
                onChange={(e) => setCode(e.target.value)}
              />
            </FormField>
            {redeem.error ? (
              <p className="web-form__error" role="alert" data-testid="promo-error">
                {redeemError(redeem.error, t)}
              </p>
            ) : null}
            <Button type="submit" variant="primary" loading={redeem.isPending}>
              {t('web.social.promo.submit')}
            </Button>
          </form>
        )}
      </div>
    </>
  );
}
