/**
 * Server-defined route rules: `builds/meta/<buildId>.json` may redirect a path to an internal
 * route (client navigation) or an external address (full page load).
 */
export interface RouteRule {
  redirect: string;
  external?: boolean;
}
export type RouteRules = Record<string, RouteRule>;

let rules: RouteRules = {};

export async function loadRouteRules(buildId: string, fetcher: typeof fetch = fetch): Promise<RouteRules> {
  try {
    const response = await fetcher(`/builds/meta/${buildId}.json`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { routeRules?: RouteRules };
    rules = body.routeRules ?? {};
  } catch (error) {
    console.error('[app manifest error]', error);
    rules = {};
  }
  return rules;
}

const isExternal = (rule: RouteRule) =>
  rule.external === true || /^[a-z][a-z0-9+.-]*:\/\//i.test(rule.redirect);

/** The rule for a path, if any (exact match, trailing slash ignored). */
export function ruleFor(
  pathname: string,
  table: RouteRules = rules,
): (RouteRule & { external: boolean }) | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const rule = table[path];
  return rule ? { ...rule, external: isExternal(rule) } : null;
}
