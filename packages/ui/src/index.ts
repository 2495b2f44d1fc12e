// @companion/ui — the single public entry. Explicit named exports only (no `export *`), so bundlers
// can drop what an app does not use. Styles: import '@companion/ui/styles.css' once.

export type {
  AppHeaderProps,
  AppHeaderUser,
  LinkRenderProps,
  LocaleOption,
  NavLink,
} from './components/app-header';
export { AppHeader, CompanionLogo } from './components/app-header';
export type {
  AppleButtonColor,
  AppleButtonMode,
  AppleButtonType,
  AppleSignInButtonProps,
} from './components/apple-sign-in-button';
export {
  APPLE_RADIUS_DEFAULT,
  APPLE_RADIUS_MAX,
  APPLE_RADIUS_MIN,
  AppleLogo,
  AppleSignInButton,
  appleButtonColors,
  appleButtonModes,
  appleButtonTypes,
  clampAppleRadius,
} from './components/apple-sign-in-button';
export type { AvatarProps } from './components/avatar';
export { Avatar, initialsOf } from './components/avatar';
export type { BadgeProps, BadgeTone } from './components/badge';
export { Badge, badgeTones } from './components/badge';
export type { Bracket, BracketBadgeProps } from './components/bracket-badge';
export { BracketBadge, isBracket } from './components/bracket-badge';
export type { BreakdownBarsProps, BreakdownItem } from './components/breakdown-bars';
export { BreakdownBars } from './components/breakdown-bars';
export type { ButtonProps, ButtonSize, ButtonVariant } from './components/button';
export { Button, buttonSizes, buttonVariants } from './components/button';
export type { CardGridProps, CardTileProps } from './components/card-grid';
export { CardGrid, CardTile, CardTileSkeleton } from './components/card-grid';
export type {
  CardImageProps,
  CardImageSize,
  ScryfallCardFace,
  ScryfallCardLike,
  ScryfallImageUris,
} from './components/card-image';
export { CardImage, cardImageDimensions } from './components/card-image';
export type { DataTableColumn, DataTableProps, SortDirection, SortState } from './components/data-table';
export { DataTable } from './components/data-table';
export type { ConfirmDialogProps, DialogProps } from './components/dialog';
export { ConfirmDialog, Dialog } from './components/dialog';
export type { EmptyStateProps } from './components/empty-state';
export { EmptyState } from './components/empty-state';
export type { ErrorPageProps, ErrorPageVariant } from './components/error-page';
export { ErrorPage } from './components/error-page';
export type { FieldContextValue, FormFieldProps, InputProps, TextAreaProps } from './components/form-field';
export { FormField, Input, TextArea, useField } from './components/form-field';
export type { GoogleButtonText, GoogleSignInButtonProps } from './components/google-sign-in-button';
export { GoogleLogo, GoogleSignInButton } from './components/google-sign-in-button';
export type { ManaCostProps, ManaSymbol, ManaSymbolTextProps } from './components/mana-cost';
export { ManaCost, ManaSymbolText, parseSymbol, tokenizeSymbols } from './components/mana-cost';
export type { MarkdownProps, MarkdownResult, XssCase } from './components/markdown';
export {
  findXssProblems,
  isForbiddenUrl,
  MAX_NESTING_DEPTH,
  MAX_TABLE_CELLS,
  Markdown,
  renderMarkdown,
  xssCorpus,
} from './components/markdown';
export type { MenuEntry, MenuProps } from './components/menu';
export { Menu } from './components/menu';
export type { NotificationBellProps } from './components/notification-bell';
export { NotificationBell } from './components/notification-bell';
export type { PageLayoutProps } from './components/page-layout';
export { PageLayout } from './components/page-layout';
export type { PageItem, PaginationProps } from './components/pagination';
export { Pagination, paginationRange } from './components/pagination';
export type { ProgressBarProps } from './components/progress-bar';
export { ProgressBar } from './components/progress-bar';
export type { SampleHandAction, SampleHandCard, SampleHandProps } from './components/sample-hand';
export { SampleHand } from './components/sample-hand';
export type { SelectGroup, SelectOption, SelectProps } from './components/select';
export { Select } from './components/select';
export type { Rarity, SetSymbolProps } from './components/set-symbol';
export { rarities, SetSymbol } from './components/set-symbol';
export type { SkeletonProps, SpinnerProps } from './components/spinner';
export { Skeleton, Spinner } from './components/spinner';
export type { TabItem, TabsProps } from './components/tabs';
export { Tabs } from './components/tabs';
export type { TagInputProps, TagInputTag } from './components/tag-input';
export { parseTagNames, TagInput } from './components/tag-input';
export type { ToasterProps, ToastItem, ToastTone } from './components/toast';
export { Toaster } from './components/toast';
export type { UiLocale, UiMessageId, UiMessages } from './i18n/messages';
export { uiLocales, uiMessages } from './i18n/messages';
