import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectAccessible, screenshot, signedInUser } from './helpers';

/**
 * Sets of games (a pod night, a tournament) from the screens alone, against the real API: create a
 * set from the sets page, record a game into it from the game form, see it on the set page, move
 * the game to another set by editing it, record a game from the set's page, rename the set, delete
 * it (its games stay). In English at desktop width and in French at phone width, with axe and
 * screenshots of each screen.
 */

test.use({ actionTimeout: 20_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

type Lang = 'en' | 'fr';
const catalogues = (lang: Lang) => {
  const locale = lang === 'en' ? 'en-US' : 'fr-FR';
  const dir = join(import.meta.dirname, '..', 'src', 'i18n');
  return {
    ...(JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Record<string, string>),
    ...(JSON.parse(readFileSync(join(dir, 'features', `social.${locale}.json`), 'utf8')) as Record<
      string,
      string
    >),
  };
};
/** A catalogue string with its simple placeholders filled (no plurals). */
const text = (lang: Lang) => {
  const messages = catalogues(lang);
  return (key: string, values: Record<string, string | number> = {}) => {
    const message = messages[key];
    if (message === undefined) throw new Error(`no message ${key}`);
    return message.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
  };
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Picks an option of a Select by its label (required fields add "(required)" to the name). */
async function choose(page: Page, root: Page | Locator, label: string, option: string) {
  await root.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}( \\(.+\\))?$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function look(page: Page, info: Parameters<typeof screenshot>[1], lang: Lang, name: string) {
  await expect(page.locator('.cui-skeleton').first())
    .toBeHidden({ timeout: 15_000 })
    .catch(() => undefined);
  await expectAccessible(page, `${lang} ${name}`);
  await screenshot(page, info, `${lang}-${name}`);
}

for (const { lang, viewport } of [
  { lang: 'en', viewport: DESKTOP },
  { lang: 'fr', viewport: PHONE },
] as const) {
  test(`sets of games: create, record into, move, rename, delete (${lang}, ${viewport.width}px)`, async ({
    page,
  }, info) => {
    test.setTimeout(300_000);
    const t = text(lang);
    const at = (path: string) => (lang === 'fr' ? `/fr${path}` : path);
    await page.setViewportSize(viewport);
    await signedInUser(page, `sets-${lang}`);
    const night = lang === 'en' ? 'Friday pod night' : 'Soirée du vendredi';
    const league = lang === 'en' ? 'Store league' : 'Ligue de la boutique';

    // --- The games page leads to the sets; none yet.
    await page.goto(at('/games'));
    await page.getByRole('link', { name: t('web.social.games.setsLink') }).click();
    await expect(page).toHaveURL(new RegExp(`${at('/sets')}$`));
    await expect(page.getByRole('heading', { level: 1, name: t('web.page.sets.title') })).toBeVisible();
    await expect(page.getByText(t('web.social.sets.empty'))).toBeVisible();
    await look(page, info, lang, 'sets-empty');

    // --- A new set: the name is required; then created, the set's page opens.
    await page.getByRole('button', { name: t('web.social.sets.new') }).click();
    const form = page.getByRole('region', { name: t('web.social.sets.new') });
    await form.getByRole('button', { name: t('web.social.sets.create') }).click();
    await expect(form.getByRole('alert')).toHaveText(t('web.social.sets.needName'));
    await form.getByRole('textbox', { name: new RegExp(`^${t('web.social.sets.name')}`) }).fill(night);
    await choose(page, form, t('web.social.form.format'), 'Commander');
    await look(page, info, lang, 'sets-new');
    await form.getByRole('button', { name: t('web.social.sets.create') }).click();
    await expect(page).toHaveURL(/\/set\/[0-9a-f-]{36}$/);
    const nightUrl = page.url();
    await expect(page.getByRole('heading', { level: 1, name: night })).toBeVisible();
    await expect(page.getByText(t('web.social.sets.created', { name: night })).first()).toBeVisible();

    // A second set, to move a game into.
    await page.goto(at('/sets'));
    await page.getByRole('button', { name: t('web.social.sets.new') }).click();
    await page.getByRole('textbox', { name: new RegExp(`^${t('web.social.sets.name')}`) }).fill(league);
    await page.getByRole('button', { name: t('web.social.sets.create') }).click();
    await expect(page.getByRole('heading', { level: 1, name: league })).toBeVisible();
    const leagueUrl = page.url();

    // --- Record a game into the first set from the games page's form.
    await page.goto(at('/games'));
    await page.getByRole('button', { name: t('web.social.games.record') }).click();
    const record = page.getByRole('region', { name: t('web.social.games.record') });
    await choose(page, record, t('web.social.form.format'), 'Commander');
    await choose(page, record, t('web.social.form.player', { n: 2 }), t('web.social.form.guest'));
    await record.getByLabel(t('web.social.form.guestName', { n: 2 })).fill('Gideon');
    await choose(page, record, t('web.social.form.set'), night);
    await look(page, info, lang, 'game-form-set');
    await record.getByRole('button', { name: t('web.social.games.save') }).click();
    await expect(page).toHaveURL(/\/game\/[0-9a-f-]{36}$/);
    const gameUrl = page.url();
    await page.getByRole('link', { name: t('web.social.game.inSetNamed', { name: night }) }).click();
    await expect(page).toHaveURL(nightUrl);
    await expect(page.getByRole('heading', { level: 1, name: night })).toBeVisible();
    await expect(page.getByTestId('game-card')).toHaveCount(1);
    await expect(page.getByRole('row', { name: /Gideon/ })).toBeVisible();

    // --- Record a second game from the set's own page.
    await page.getByRole('button', { name: t('web.social.sets.recordHere') }).click();
    const dialog = page.getByRole('dialog');
    await choose(page, dialog, t('web.social.form.format'), 'Commander');
    await choose(page, dialog, t('web.social.form.player', { n: 2 }), t('web.social.form.guest'));
    await dialog.getByLabel(t('web.social.form.guestName', { n: 2 })).fill('Liliana');
    await dialog.getByRole('button', { name: t('web.social.games.save') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('game-card')).toHaveCount(2);
    await look(page, info, lang, 'set');

    // --- Move the first game to the other set by editing it.
    await page.goto(gameUrl);
    await page.getByRole('button', { name: t('web.social.game.edit') }).click();
    const edit = page.getByRole('region', { name: t('web.social.game.edit') });
    await expect(edit.getByRole('combobox', { name: t('web.social.form.set') })).toHaveText(night);
    await choose(page, edit, t('web.social.form.set'), league);
    await edit.getByRole('button', { name: t('web.social.games.save') }).click();
    await expect(page.getByText(t('web.social.game.saved')).first()).toBeVisible();
    await expect(
      page.getByRole('link', { name: t('web.social.game.inSetNamed', { name: league }) }),
    ).toBeVisible();
    await page.goto(leagueUrl);
    await expect(page.getByTestId('game-card')).toHaveCount(1);
    await page.goto(nightUrl);
    await expect(page.getByTestId('game-card')).toHaveCount(1);

    // --- Take it out of any set, then put it back in the other set.
    await page.goto(gameUrl);
    await page.getByRole('button', { name: t('web.social.game.edit') }).click();
    await choose(page, edit, t('web.social.form.set'), t('web.social.form.noSet'));
    await edit.getByRole('button', { name: t('web.social.games.save') }).click();
    await expect(edit).toBeHidden();
    await expect(page.locator('main a[href*="/set/"]')).toHaveCount(0);
    await page.goto(leagueUrl);
    await expect(page.getByText(t('web.social.sets.noGamesHint'))).toBeVisible();
    await page.goto(gameUrl);
    await page.getByRole('button', { name: t('web.social.game.edit') }).click();
    await choose(page, edit, t('web.social.form.set'), league);
    await edit.getByRole('button', { name: t('web.social.games.save') }).click();
    await expect(
      page.getByRole('link', { name: t('web.social.game.inSetNamed', { name: league }) }),
    ).toBeVisible();

    // --- The list shows both sets with their game counts.
    await page.goto(at('/sets'));
    await expect(page.getByTestId('set-card')).toHaveCount(2);
    await look(page, info, lang, 'sets-list');
    await page.getByRole('link', { name: night }).click();

    // --- Rename the set.
    const renamed = `${night} 2`;
    await page.getByRole('button', { name: t('web.social.sets.edit') }).click();
    const setForm = page.getByRole('region', { name: t('web.social.sets.edit') });
    await expect(
      setForm.getByRole('textbox', { name: new RegExp(`^${t('web.social.sets.name')}`) }),
    ).toHaveValue(night);
    await look(page, info, lang, 'set-edit');
    await setForm.getByRole('textbox', { name: new RegExp(`^${t('web.social.sets.name')}`) }).fill(renamed);
    await setForm.getByRole('button', { name: t('web.social.sets.save') }).click();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(page.getByText(t('web.social.sets.saved')).first()).toBeVisible();

    // --- Delete it, after confirming; its game stays, outside any set.
    await page.getByRole('button', { name: t('web.social.sets.delete') }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(confirm).toContainText(t('web.social.sets.deleteTitle', { name: renamed }));
    await look(page, info, lang, 'set-delete');
    await confirm.getByRole('button', { name: t('web.social.sets.delete') }).click();
    await expect(page).toHaveURL(new RegExp(`${at('/sets')}$`));
    await expect(page.getByText(t('web.social.sets.deleted', { name: renamed })).first()).toBeVisible();
    await expect(page.getByTestId('set-card')).toHaveCount(1);
    await expect(page.getByRole('link', { name: renamed })).toHaveCount(0);
    await page.goto(nightUrl);
    await expect(page.getByText(t('web.loadError.missing.set'))).toBeVisible();
    // Both games are still in the player's games.
    await page.goto(at('/games'));
    await expect(page.getByTestId('game-card')).toHaveCount(2);
  });
}
